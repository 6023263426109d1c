/**
 * The sort key of a field path as ONE SQL value whose SQLite order is MongoDB's order, so an
 * expression index on it serves equality, ranges and sorts, and ORDER BY on it sorts exactly as a
 * MongoDB server does.
 *
 * SQLite orders NULL < numbers (INTEGER and REAL by value) < TEXT (bytes of UTF-8, i.e. code
 * points) < BLOB (bytes). MongoDB orders null/missing < numbers < strings < objects < arrays <
 * ObjectId < booleans < dates. The key maps each stored value (codec.ts) to:
 *
 * | value | key |
 * |---|---|
 * | missing, null | -Inf (REAL): below every finite number, and equal for both, as MongoDB sorts them |
 * | number | the number (int32, double: compared by value) |
 * | string | the string (UTF-8 bytes = code points, MongoDB's binary comparison) |
 * | ObjectId `{"$oid": hex}` | BLOB '7' + hex (lowercase hex: byte order = ObjectId order) |
 * | false, true | BLOB '80', '81' |
 * | Date `{"$date": ISO}` (years 0–9999) | BLOB '9' + ISO (fixed-width ISO: text order = time order) |
 * | anything else | NULL: "special" |
 *
 * Special rows are those where the key cannot stand for the value: an array at the path or along
 * it (MongoDB sorts by the smallest/largest element and matches elements), an embedded document
 * (MongoDB compares them field by field), a Date outside years 0–9999 (stored as milliseconds).
 * Queries read special rows separately (an index seek on NULL, usually empty), check them with
 * mingo and sort them in JavaScript (bson-order.ts); every other row is ordered and filtered by
 * SQL alone. NULL also keeps special rows out of UNIQUE indexes (SQLite's NULLs never collide),
 * where the collection checks them itself (unique-check.ts); two documents missing a field do
 * collide (-Inf = -Inf), as in MongoDB.
 */
import { isObjectId, isPlainObject } from '../bson-values.js';
import { INDEX_PATH_PART } from '../index-spec.js';
import { dateIsTextOrdered } from './codec.js';

/** The key of null and missing values. */
export const NULL_KEY = '-9e999';

/** SQL values of the key's type brackets (lower bound inclusive, upper bound exclusive). */
export const BRACKETS = {
  number: { low: NULL_KEY, high: "''", lowInclusive: false },
  string: { low: "''", high: "x''", lowInclusive: true },
  objectId: { low: "x'37'", high: "x'38'", lowInclusive: true },
  date: { low: "x'39'", high: "x'3a'", lowInclusive: true },
} as const;

const TRUE_KEY = "x'3831'";
const FALSE_KEY = "x'3830'";

/** The json_extract path for a dotted field path, or null when the key cannot be computed for it. */
export function jsonPath(fieldPath: string): string | null {
  const parts = fieldPath.split('.');
  // Quoted into a JSON path inside an SQL literal: no quote or backslash can appear in such parts.
  if (!parts.every((p) => INDEX_PATH_PART.test(p))) return null;
  return `$.${parts.map((p) => `"${p}"`).join('.')}`;
}

export function keyablePath(fieldPath: string): boolean {
  return jsonPath(fieldPath) !== null;
}

const KEY_EXPRESSIONS = new Map<string, string>();
const MAX_MEMO = 4096;

/**
 * The key expression of a path (see above). Dotted paths first check every strict prefix for an
 * array. The literal text is the same wherever it appears, so SQLite matches it to the index.
 */
export function keyExpr(fieldPath: string): string {
  let sql = KEY_EXPRESSIONS.get(fieldPath);
  if (sql !== undefined) return sql;
  const path = jsonPath(fieldPath);
  if (!path) throw new Error(`no key expression for path ${fieldPath}`);
  const at = (p: string) => `'${p}'`;
  const leaf =
    `CASE json_type(doc, ${at(path)})` +
    ` WHEN 'integer' THEN json_extract(doc, ${at(path)})` +
    ` WHEN 'real' THEN json_extract(doc, ${at(path)})` +
    ` WHEN 'text' THEN json_extract(doc, ${at(path)})` +
    ` WHEN 'true' THEN ${TRUE_KEY} WHEN 'false' THEN ${FALSE_KEY}` +
    ` WHEN 'object' THEN CASE` +
    ` WHEN json_type(doc, ${at(`${path}."$oid"`)}) = 'text' THEN CAST('7' || json_extract(doc, ${at(`${path}."$oid"`)}) AS BLOB)` +
    ` WHEN json_type(doc, ${at(`${path}."$date"`)}) = 'text' THEN CAST('9' || json_extract(doc, ${at(`${path}."$date"`)}) AS BLOB)` +
    ` END` +
    ` WHEN 'array' THEN NULL ELSE ${NULL_KEY} END`;
  const parts = fieldPath.split('.');
  const prefixes = parts.slice(0, -1).map((_, i) => jsonPath(parts.slice(0, i + 1).join('.')) as string);
  sql =
    prefixes.length === 0
      ? `(${leaf})`
      : `(CASE WHEN ${prefixes.map((p) => `json_type(doc, ${at(p)}) = 'array'`).join(' OR ')} THEN NULL ELSE ${leaf} END)`;
  if (KEY_EXPRESSIONS.size >= MAX_MEMO) KEY_EXPRESSIONS.clear();
  KEY_EXPRESSIONS.set(fieldPath, sql);
  return sql;
}

/** A bound parameter value: what better-sqlite3 binds for a key. */
export type KeyValue = number | string | Buffer;

/** What `keyOf` answers for values no regular row can hold. */
export const NO_KEY: unique symbol = Symbol('no key');

/**
 * The key of a scalar query value, as a parameter, or undefined when no non-special row can hold
 * that value: `NO_KEY` (plain objects, arrays, Dates outside 0–9999) — or when the value is not a
 * BSON scalar at all (a RegExp, undefined): `undefined`.
 * `null` → the null key, matched by missing fields too (MongoDB's `{a: null}`).
 */
export function keyOf(value: unknown): KeyValue | typeof NO_KEY | undefined {
  if (value === null) return -Infinity;
  switch (typeof value) {
    case 'number':
      return Number.isNaN(value) ? undefined : value;
    case 'string':
      return value;
    case 'boolean':
      return Buffer.from(value ? '81' : '80');
  }
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return undefined;
    return dateIsTextOrdered(value) ? Buffer.from(`9${value.toISOString()}`) : NO_KEY;
  }
  if (isObjectId(value)) return Buffer.from(`7${value.toHexString()}`);
  if (Array.isArray(value) || isPlainObject(value)) return NO_KEY;
  return undefined;
}

/** Which bracket a (range-comparable) key belongs to, for a range condition's type bracketing. */
export function bracketOf(value: unknown): keyof typeof BRACKETS | undefined {
  if (typeof value === 'number') return Number.isNaN(value) ? undefined : 'number';
  if (typeof value === 'string') return 'string';
  if (isObjectId(value)) return 'objectId';
  if (value instanceof Date && !Number.isNaN(value.getTime()) && dateIsTextOrdered(value)) return 'date';
  return undefined;
}

/**
 * SQLite compares TEXT by UTF-8 bytes (code point order) and mingo compares strings in queries by
 * UTF-16 code units; they agree unless the bound holds a code unit at or above U+D800. Ranges with
 * such bounds are left to mingo.
 */
export function textRangeSafe(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 0xd800) return false;
  return true;
}
