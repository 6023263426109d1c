/**
 * Reversible escaping of field names the DocumentStore refuses (`$`-prefixed or dotted keys), for
 * data that must carry them: a stored script's filter such as `{"$or": [{"a.b": "$params.x"}]}`.
 *
 * Every `%`, `$` and `.` in a key becomes `%25`, `%24`, `%2E`. Because `%` itself is escaped the
 * mapping is injective, so `unescapeDollarKeys(escapeDollarKeys(x))` is `x` for every JSON value.
 * Only keys change; values (strings such as "$params.x") are left alone. Arrays, ObjectIds and
 * Dates pass through.
 */
import { isPlainObject } from './bson-values.js';

const ESCAPE = /[%$.]/g;
const UNESCAPE = /%(25|24|2E)/g;
const ESCAPES: Record<string, string> = { '%': '%25', $: '%24', '.': '%2E' };
const UNESCAPES: Record<string, string> = { '25': '%', '24': '$', '2E': '.' };

export function escapeKey(key: string): string {
  return key.replace(ESCAPE, (c) => ESCAPES[c] ?? c);
}

export function unescapeKey(key: string): string {
  return key.replace(UNESCAPE, (_m, hex: string) => UNESCAPES[hex] ?? hex);
}

export function escapeDollarKeys<T>(value: T): T {
  return mapKeys(value, escapeKey) as T;
}

export function unescapeDollarKeys<T>(value: T): T {
  return mapKeys(value, unescapeKey) as T;
}

function mapKeys(value: unknown, fn: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => mapKeys(item, fn));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    Object.defineProperty(out, fn(key), {
      value: mapKeys(item, fn),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}
