/**
 * Elastos dates: second precision, UTC, `Z` suffix (`2021-11-20T09:55:44Z`). Parsing follows the
 * SDK: a missing `Z` is added, milliseconds are dropped on output.
 */
import { malformed } from './errors.js';

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
