/**
 * Elastos dates: second precision, UTC, `Z` suffix (`2021-11-20T09:55:44Z`). Parsing follows the
 * SDK: a missing `Z` is added, milliseconds are dropped on output.
 */
import { DidError, malformed } from './errors.js';
import { parseJsonInput } from './shape.js';

export function formatDidDate(date: Date): string {
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) throw malformed('invalid date');
  return `${date.toISOString().split('.')[0]!}Z`;
}

export function parseDidDate(value: unknown, field: string): Date {
  if (typeof value !== 'string' || value.length === 0) throw malformed(`${field} must be a date string`);
  const d = new Date(value.endsWith('Z') ? value : `${value}Z`);
  if (Number.isNaN(d.getTime())) throw malformed(`${field} is not a valid date: ${value.slice(0, 40)}`);
  return d;
}

/** Parse and re-format, as the SDK does when it reads then writes a date. */
export function normalizeDidDate(value: unknown, field: string): string {
  return formatDidDate(parseDidDate(value, field));
}

export function addYears(date: Date, years: number): Date {
  const d = new Date(date.getTime());
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d;
}

export function nowDate(now?: Date | number): Date {
  if (now === undefined) return new Date();
  return typeof now === 'number' ? new Date(now) : new Date(now.getTime());
}

/** The date fields of a signed object (top level, and its `proof`) given with fractional seconds. */
function fractionalDates(input: unknown, fields: readonly string[]): { field: string; value: string }[] {
  let raw: unknown;
  try {
    raw = parseJsonInput(input, 'input');
  } catch {
    return [];
  }
  if (raw === null || typeof raw !== 'object') return [];
  const found: { field: string; value: string }[] = [];
  const look = (object: unknown, prefix: string) => {
    if (object === null || typeof object !== 'object') return;
    for (const field of fields) {
      const value = (object as Record<string, unknown>)[field];
      if (typeof value === 'string' && /T\d\d:\d\d:\d\d\.\d+/.test(value))
        found.push({ field: `${prefix}${field}`, value });
    }
  };
  look(raw, '');
  look((raw as { proof?: unknown }).proof, 'proof.');
  return found;
}

/**
 * A signature that did not verify over the whole-second form, when the input's dates carried
 * fractional seconds (JavaScript's `toISOString()`): the likely cause is a signature made over the
 * text with milliseconds. The signed form has whole seconds (the reference node and the official
 * SDKs drop the fraction before checking, so a client may send milliseconds only if it signed
 * without them): this says so, as a malformed input, rather than only "does not verify".
 */
export function badSignatureError(input: unknown, fields: readonly string[], message: string): DidError {
  const dates = fractionalDates(input, fields);
  if (dates.length === 0) return new DidError('BAD_SIGNATURE', message);
  const [first] = dates;
  return malformed(
    `${message}: ${first!.field} ${first!.value.slice(0, 40)} has fractional seconds, but dates are signed in whole seconds (${normalizeDidDate(first!.value, first!.field)}): sign the form with whole seconds (YYYY-MM-DDTHH:MM:SSZ)`,
  );
}
