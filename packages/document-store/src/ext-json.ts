/**
 * Extended JSON at the HTTP boundary: wire values ↔ port values.
 *
 * Wire → port (`fromExtJson`, `parseExtJson`): `{"$oid": "<24 hex>"}` → ObjectId,
 * `{"$date": "<ISO-8601>" | <ms> | {"$numberLong": "<ms>"}}` → Date, `{"$numberInt"}`,
 * `{"$numberLong"}` (safe integers only), `{"$numberDouble"}` → number,
 * `{"$regularExpression": {pattern, options}}` → LinearRegex (linear-regex.ts: RE2 syntax; filters
 * only, documents refuse it).
 * Other BSON-only wrappers ($binary, $numberDecimal, $timestamp, ...) are refused. Anything
 * malformed is a StoreError 'BAD_VALUE' (or 'TOO_DEEP'), never a TypeError.
 *
 * Port → wire (`toExtJson`, `stringifyExtJson`): relaxed Extended JSON as the reference's
 * pymongo `json_util` writes it: ObjectId → `{"$oid": hex}`, Date → `{"$date": "<ISO-8601>"}`
 * for years 1970–9999 and `{"$date": {"$numberLong": "<ms>"}}` otherwise, plain numbers stay
 * numbers.
 */
import { BSON, ObjectId } from 'bson';
import { describeType, isObjectId, isPlainObject, isRegexValue, isValidDate } from './bson-values.js';
import { StoreError } from './document-store.js';
import { LinearRegex } from './linear-regex.js';

/** Deep enough for any document the guard accepts (64) plus wrapper levels. */
const DEFAULT_MAX_DEPTH = 100;

const HEX24 = /^[0-9a-fA-F]{24}$/;
const INTEGER = /^-?\d{1,20}$/;
const UNSUPPORTED_WRAPPERS = new Set([
  '$binary',
  '$uuid',
  '$numberDecimal',
  '$timestamp',
  '$code',
  '$scope',
  '$symbol',
  '$minKey',
  '$maxKey',
  '$dbPointer',
  '$undefined',
]);

function bad(message: string): never {
  throw new StoreError('BAD_VALUE', message);
}

function tooDeep(maxDepth: number): never {
  throw new StoreError('TOO_DEEP', `Extended JSON nested deeper than ${maxDepth} levels`);
}

export interface ExtJsonOptions {
  maxDepth?: number;
}

/** Parses a JSON text and converts its Extended JSON wrappers. Malformed JSON → 'BAD_VALUE'. */
export function parseExtJson(text: unknown, options?: ExtJsonOptions): unknown {
  if (typeof text !== 'string') bad(`expected a JSON string, not ${describeType(text)}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    bad('malformed JSON');
  }
  return fromExtJson(parsed, options);
}

/** Converts parsed JSON (possibly holding Extended JSON wrappers) to port values. */
export function fromExtJson(value: unknown, options?: ExtJsonOptions): unknown {
  return fromValue(value, 0, options?.maxDepth ?? DEFAULT_MAX_DEPTH);
}

function fromValue(value: unknown, depth: number, maxDepth: number): unknown {
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'undefined':
      return value;
    case 'object':
      break;
    default:
      bad(`unsupported value of type ${typeof value}`);
  }
  if (value === null || value instanceof Date || isObjectId(value) || isRegexValue(value)) return value;
  if (depth >= maxDepth) tooDeep(maxDepth);
  if (Array.isArray(value)) return value.map((item) => fromValue(item, depth + 1, maxDepth));
  if (!isPlainObject(value)) bad(`unsupported value of type ${describeType(value)}`);
  const keys = Object.keys(value);
  if (keys.length === 1 || (keys.length === 2 && keys.includes('$scope'))) {
    const key = keys[0] as string;
    const converted = fromWrapper(key, value[key]);
    if (converted !== NOT_A_WRAPPER) return converted;
  }
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    Object.defineProperty(out, key, {
      value: fromValue(value[key], depth + 1, maxDepth),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

const NOT_A_WRAPPER = Symbol('not a wrapper');

function fromWrapper(key: string, arg: unknown): unknown {
  switch (key) {
    case '$oid':
      if (typeof arg !== 'string' || !HEX24.test(arg)) bad('$oid needs 24 hexadecimal characters');
      return ObjectId.createFromHexString(arg);
    case '$date':
      return parseDate(arg);
    case '$numberInt': {
      if (typeof arg !== 'string' || !/^-?\d{1,10}$/.test(arg)) bad('$numberInt needs a decimal string');
      const n = Number(arg);
      if (n < -2147483648 || n > 2147483647) bad('$numberInt out of range');
      return n;
    }
    case '$numberLong':
      return parseLong(arg, '$numberLong');
    case '$numberDouble': {
      if (typeof arg !== 'string') bad('$numberDouble needs a string');
      if (arg === 'Infinity') return Infinity;
      if (arg === '-Infinity') return -Infinity;
      if (arg === 'NaN') return NaN;
      const n = Number(arg);
      if (arg.trim() === '' || Number.isNaN(n)) bad('$numberDouble needs a number string');
      return n;
    }
    case '$regularExpression': {
      if (!isPlainObject(arg) || typeof arg.pattern !== 'string' || typeof (arg.options ?? '') !== 'string') {
        bad('$regularExpression needs {pattern, options}');
      }
      try {
        return LinearRegex.compile(arg.pattern, arg.options ?? '');
      } catch (error) {
        bad(`$regularExpression: ${(error as Error).message}`);
      }
      break;
    }
    default:
      if (UNSUPPORTED_WRAPPERS.has(key)) bad(`Extended JSON type ${key} is not supported`);
  }
  return NOT_A_WRAPPER;
}

function parseLong(arg: unknown, name: string): number {
  if (typeof arg !== 'string' || !INTEGER.test(arg)) bad(`${name} needs a decimal integer string`);
  const n = Number(arg);
  if (!Number.isSafeInteger(n)) bad(`${name} ${arg} is beyond ±2^53 and cannot be represented exactly`);
  return n;
}

function parseDate(arg: unknown): Date {
  let ms: number;
  if (typeof arg === 'string') {
    // ISO-8601 only: Date.parse would also take "March 7" and locale formats.
    if (!/^[+-]?\d{4,6}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/.test(arg)) {
      bad('$date needs an ISO-8601 date-time with a time zone');
    }
    ms = Date.parse(arg.replace(/([+-]\d{2})(\d{2})$/, '$1:$2').replace(/(\.\d{3})\d+/, '$1'));
  } else if (typeof arg === 'number') {
    ms = arg;
  } else if (isPlainObject(arg) && Object.keys(arg).length === 1 && '$numberLong' in arg) {
    ms = parseLong(arg.$numberLong, '$date.$numberLong');
  } else {
    bad('$date needs an ISO-8601 string, milliseconds, or {"$numberLong": "<ms>"}');
  }
  const date = new Date(ms);
  if (!isValidDate(date)) bad('$date is out of range');
  return date;
}

/** Converts port values to relaxed Extended JSON (JSON-safe; JSON.stringify it). */
export function toExtJson(value: unknown, options?: ExtJsonOptions): unknown {
  return toValue(value, 0, options?.maxDepth ?? DEFAULT_MAX_DEPTH);
}

export function stringifyExtJson(value: unknown, options?: ExtJsonOptions): string {
  return JSON.stringify(toExtJson(value, options));
}

function toValue(value: unknown, depth: number, maxDepth: number): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      if (Number.isFinite(value)) return value;
      return { $numberDouble: Number.isNaN(value) ? 'NaN' : value > 0 ? 'Infinity' : '-Infinity' };
    case 'bigint':
      return { $numberLong: value.toString() };
    case 'undefined':
      return null;
    case 'object':
      break;
    default:
      bad(`cannot convert a ${typeof value} to Extended JSON`);
  }
  if (value === null) return null;
  if (isObjectId(value)) return { $oid: value.toHexString() };
  if (value instanceof Date) {
    if (!isValidDate(value)) bad('invalid Date');
    return (BSON.EJSON.serialize({ d: value }, { relaxed: true }) as { d: unknown }).d;
  }
  if (value instanceof RegExp)
    return { $regularExpression: { pattern: value.source, options: value.flags.replace(/[gy]/g, '') } };
  if (depth >= maxDepth) tooDeep(maxDepth);
  if (Array.isArray(value)) return value.map((item) => toValue(item, depth + 1, maxDepth));
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined) continue;
      Object.defineProperty(out, key, {
        value: toValue(item, depth + 1, maxDepth),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  if (typeof (value as { _bsontype?: unknown })._bsontype === 'string') {
    // Other BSON types a MongoDB database may hold (Long, Decimal128, Binary, Timestamp, ...).
    try {
      return BSON.EJSON.serialize(value, { relaxed: true });
    } catch {
      bad(`cannot convert ${describeType(value)} to Extended JSON`);
    }
  }
  bad(`cannot convert ${describeType(value)} to Extended JSON`);
}
