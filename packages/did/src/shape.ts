/**
 * Boundary parsing: JSON text or already-parsed values are checked with zod, and any failure
 * becomes a DidError MALFORMED naming the offending field.
 */
import type { z } from 'zod';
import { malformed } from './errors.js';

export function parseJsonInput(input: unknown, what: string): unknown {
  if (typeof input !== 'string') return input;
  try {
    return JSON.parse(input) as unknown;
  } catch (err) {
    throw malformed(`${what} is not valid JSON`, err);
  }
}

export function parseShape<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  const result = schema.safeParse(parseJsonInput(input, what));
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : '';
  throw malformed(`invalid ${what}: ${where}${issue?.message ?? 'bad shape'}`, result.error);
}
