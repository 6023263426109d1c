/**
 * Boundary parsing: JSON text or already-parsed values are checked with zod (the tree-shakable
 * `zod/mini` build, to keep browser bundles small), and any failure becomes a DidError
 * MALFORMED naming the offending field.
 */
import type * as z from 'zod/mini';
import { malformed } from './errors.js';

export function parseJsonInput(input: unknown, what: string): unknown {
  if (typeof input !== 'string') return input;
  try {
    return JSON.parse(input) as unknown;
  } catch (err) {
    throw malformed(`${what} is not valid JSON`, err);
  }
}

/** "field: what was wrong" for the first zod issue (zod/mini carries no prose messages). */
export function describeIssue(error: {
  issues: ReadonlyArray<{ path: PropertyKey[]; code: string; message: string; expected?: unknown }>;
}): string {
  const issue = error.issues[0];
  if (!issue) return 'bad shape';
  const where = issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : '';
  const expected = typeof issue.expected === 'string' ? `expected ${issue.expected}` : '';
  const detail =
    issue.code === 'invalid_type'
      ? expected || 'wrong type'
      : issue.code === 'invalid_union'
        ? 'missing or of the wrong type'
        : issue.code === 'too_small'
          ? 'too short or empty'
          : issue.message !== 'Invalid input'
            ? issue.message
            : issue.code.replace(/_/g, ' ');
  return `${where}${detail}`;
}

export function parseShape<S extends z.ZodMiniType>(schema: S, input: unknown, what: string): z.output<S> {
  const result = schema.safeParse(parseJsonInput(input, what));
  if (result.success) return result.data;
  throw malformed(`invalid ${what}: ${describeIssue(result.error)}`, result.error);
}
