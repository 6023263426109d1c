/**
 * Type predicates for the values the DocumentStore port carries: JSON values plus BSON ObjectId
 * and Date. Shared by the query guard, the Extended JSON helpers and both engines.
 */
import { ObjectId } from 'bson';
import type { BSONRegExp } from 'bson';

/** A plain `{...}` object: not an array, Date, ObjectId, RegExp or other class instance. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * True for the driver's ObjectId and for ObjectIds from another copy of the `bson` package
 * (same `_bsontype` tag), which `toObjectId` converts.
 */
export function isObjectId(value: unknown): value is ObjectId {
  return (
    value instanceof ObjectId ||
    (typeof value === 'object' &&
      value !== null &&
      (value as { _bsontype?: unknown })._bsontype === 'ObjectId')
  );
}

export function toObjectId(value: ObjectId): ObjectId {
  if (value instanceof ObjectId) return value;
  return ObjectId.createFromHexString((value as { toHexString(): string }).toHexString());
}

export function isValidDate(value: unknown): value is Date {
  return value instanceof Date && !Number.isNaN(value.getTime());
}

/** An object whose keys all start with `$` (a query operator object such as `{$gt: 1}`). */
export function isOperatorObject(value: unknown): value is Record<string, unknown> {
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((k) => k.startsWith('$'));
}

/** A short description of a value's type for error messages (never the value itself). */
export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (value instanceof Date) return 'Date';
  if (isObjectId(value)) return 'ObjectId';
  if (isRegexValue(value)) return 'RegExp';
  if (typeof value === 'object') {
    const name = (Object.getPrototypeOf(value) as { constructor?: { name?: string } } | null)?.constructor
      ?.name;
    return name && name !== 'Object' ? name : 'object';
  }
  return typeof value;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * False for strings with lone UTF-16 surrogates: BSON (UTF-8) cannot carry them, so MongoDB would
 * silently replace them. Refusing them keeps both engines identical.
 */
export function isWellFormedString(s: string): boolean {
  return !LONE_SURROGATE.test(s);
}

/** Regular-expression values a filter may hold: JS RegExp, BSONRegExp (and so LinearRegex). */
export function isRegexValue(value: unknown): value is RegExp | BSONRegExp {
  return (
    value instanceof RegExp ||
    (typeof value === 'object' &&
      value !== null &&
      (value as { _bsontype?: unknown })._bsontype === 'BSONRegExp')
  );
}

/** `_id` equality as MongoDB sees it: ObjectIds by value, strings and numbers by ===. */
export function sameId(a: unknown, b: unknown): boolean {
  if (isObjectId(a) && isObjectId(b)) return a.toHexString() === b.toHexString();
  return a === b || (typeof a === 'number' && typeof b === 'number' && a === b);
}
