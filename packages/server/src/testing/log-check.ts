/**
 * Test support: what a node must never log on a normal flow. The node logs JSON lines (pino); a
 * line at warn (40) or above is either a refusal the node answered with a status of 500 or more
 * (`sendError` logs those at warn with the catalogue `code` the client was given: a full quota's
 * 507, a readiness 503) — expected whenever a test provokes one — or something no normal flow
 * may produce: a 500's "unexpected error", a framework complaint ("Reply was already sent"), a
 * stream error. Suites that drive every route (hive-compat, the server's HTTP tests through
 * `startTempNode`) fail on the second kind.
 */
import { errorCodes } from '@cella/openapi';

const WARN = 40;
const refusalCodes = new Set<string>(errorCodes);

export interface LogCheckOptions {
  /** Lines a test provokes on purpose (a broken engine, a killed peer), matched on the raw line. */
  allow?: readonly RegExp[];
}

/**
 * The lines of `output` (a node's stdout and stderr, or its log destination) at warn or above that
 * are not answered refusals nor allowed. Lines that are not JSON (the start summary) are skipped.
 */
export function unexpectedLogLines(output: string, options: LogCheckOptions = {}): string[] {
  const found: string[] = [];
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    let entry: { level?: unknown; code?: unknown; err?: unknown };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      continue;
    }
    if (typeof entry.level !== 'number' || entry.level < WARN) continue;
    const refusal =
      entry.level === WARN && typeof entry.code === 'string' && refusalCodes.has(entry.code) && !entry.err;
    if (refusal) continue;
    if (options.allow?.some((pattern) => pattern.test(line))) continue;
    found.push(line);
  }
  return found;
}

/** Throws naming the lines `unexpectedLogLines` finds, if any. */
export function assertCleanLog(output: string, what: string, options: LogCheckOptions = {}): void {
  const lines = unexpectedLogLines(output, options);
  if (lines.length > 0)
    throw new Error(
      `${what} logged ${lines.length} line(s) at warn or above on a normal flow:\n${lines.slice(0, 10).join('\n')}`,
    );
}
