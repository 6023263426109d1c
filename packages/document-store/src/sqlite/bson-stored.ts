/**
 * A BSON document straight to its stored row (codec.ts: the `id` key, the BSON size the port
 * counts, the JSON text), without building the document's JavaScript objects: what decoding it,
 * `prepareDocument` and `encodeDocument` give, for the documents nearly every vault holds, at a
 * fraction of their cost (a vault import's documents: bson-rows.ts).
 *
 * It takes only what it can answer exactly as that path would, and answers `null` for anything
 * else, which then takes that path (so every refusal and every rare case keeps its one
 * implementation): `_id` first, an ObjectId, a string or a finite number; values of the types
 * double, string, embedded document, array (keys "0", "1", ... in order), ObjectId, boolean, date
 * (a valid one), null and int32; field names not starting with `$` or a digit (JavaScript orders
 * integer-like keys first), without `.`, not `__proto__`, none twice in an object; strings with no
 * U+FFFD (so also none that is not valid UTF-8, which the decoder refuses); nesting shallower than
 * the depth limit; a document within the size limit. `test/sqlite-bson-stored.test.ts` checks that
 * every answer equals the general path's on documents of every shape.
 *
 * Sizes: every value keeps its bytes, except a double holding an integer in the int32 range, which
 * the port counts as an int32 (the driver's rule, and -0 is stored as 0): 4 bytes less each.
 */
import type { StoreLimits } from '../query-guard.js';

export interface StoredRow {
  id: string;
  size: number;
  text: string;
}

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;
/** The largest time value a Date holds (ECMA-262). */
const MAX_TIME = 8.64e15;

class NotSimple extends Error {}
const NOT_SIMPLE = new NotSimple();

/** Array keys "0", "1", ... (built once, as far as arrays reach). */
const INDEX_KEYS: string[] = [];
function indexKey(i: number): string {
  while (INDEX_KEYS.length <= i) INDEX_KEYS.push(String(INDEX_KEYS.length));
  return INDEX_KEYS[i]!;
}

/** The document in `buf` [start, end) as its stored row, or null (take the general path). */
export function storedRowOf(buf: Buffer, start: number, end: number, limits: StoreLimits): StoredRow | null {
  if (end - start > limits.maxDocumentBytes + 4096) return null;
  const walk = new Walk(buf, limits);
  try {
    // `_id` first: its element read here, the rest by the walk.
    if (buf.readInt32LE(start) !== end - start || buf[end - 1] !== 0) return null;
    let at = start + 4;
    const type = buf[at];
    if (buf[at + 1] !== 0x5f || buf[at + 2] !== 0x69 || buf[at + 3] !== 0x64 || buf[at + 4] !== 0)
      return null;
    at += 5;
    let id: string;
    let idText: string;
    if (type === 0x07) {
      if (at + 12 > end) return null;
      const hex = buf.toString('hex', at, at + 12);
      id = `o${hex}`;
      idText = `{"$oid":"${hex}"}`;
      at += 12;
    } else if (type === 0x02) {
      const [value, next] = walk.string(at, end);
      id = `s${value}`;
      idText = JSON.stringify(value);
      at = next;
    } else if (type === 0x01 || type === 0x10) {
      const value = type === 0x01 ? walk.double(at, end) : buf.readInt32LE(at);
      if (at + (type === 0x01 ? 8 : 4) > end) return null;
      id = `n${String(value)}`;
      idText = String(value);
      at += type === 0x01 ? 8 : 4;
    } else return null;
    walk.keys.add('_id');
    const rest = walk.elements(at, end - 1, 1, false);
    const size = end - start - walk.narrowed;
    if (size > limits.maxDocumentBytes) return null;
    return { id, size, text: `{"_id":${idText}${rest === '' ? '' : `,${rest}`}}` };
  } catch (error) {
    if (error instanceof NotSimple || error instanceof RangeError) return null;
    throw error;
  }
}

class Walk {
  /** Doubles counted 4 bytes narrower (int32-range integers). */
  narrowed = 0;
  /** The top level's keys (`_id` given first). */
  readonly keys = new Set<string>();

  constructor(
    private readonly buf: Buffer,
    private readonly limits: StoreLimits,
  ) {}

  /** A string value at `at` (int32 length with its NUL, bytes, NUL): [value, after it]. */
  string(at: number, end: number): [string, number] {
    const length = this.buf.readInt32LE(at);
    const stop = at + 4 + length;
    if (length < 1 || stop > end || this.buf[stop - 1] !== 0) throw NOT_SIMPLE;
    const value = this.buf.toString('utf8', at + 4, stop - 1);
    if (value.includes('\ufffd')) throw NOT_SIMPLE;
    return [value, stop];
  }

  double(at: number, end: number): number {
    if (at + 8 > end) throw NOT_SIMPLE;
    const value = this.buf.readDoubleLE(at);
    if (!Number.isFinite(value)) throw NOT_SIMPLE;
    if (Number.isInteger(value) && value >= INT32_MIN && value <= INT32_MAX) this.narrowed += 4;
    return value === 0 ? 0 : value;
  }

  /**
   * The elements from `at` to `stop` (the document's closing NUL) as JSON members (`"k":v,...`) or,
   * for an array, items (`v,...`). `depth`: the container's, as prepareDocument counts it.
   */
  elements(at: number, stop: number, depth: number, array: boolean): string {
    const buf = this.buf;
    const keys = depth === 1 && !array ? this.keys : array ? null : new Set<string>();
    let out = '';
    let index = 0;
    while (at < stop) {
      const type = buf[at]!;
      const nul = buf.indexOf(0, at + 1);
      if (nul < 0 || nul >= stop) throw NOT_SIMPLE;
      const key = buf.toString('utf8', at + 1, nul);
      if (array) {
        if (key !== indexKey(index++)) throw NOT_SIMPLE;
      } else {
        const first = key.charCodeAt(0);
        if (
          first === 0x24 /* $ */ ||
          (first >= 0x30 && first <= 0x39) ||
          key.includes('.') ||
          key.includes('\ufffd') ||
          key === '__proto__' ||
          keys!.has(key)
        )
          throw NOT_SIMPLE;
        keys!.add(key);
      }
      at = nul + 1;
      let value: string;
      switch (type) {
        case 0x01:
          value = String(this.double(at, stop));
          at += 8;
          break;
        case 0x10:
          if (at + 4 > stop) throw NOT_SIMPLE;
          value = String(buf.readInt32LE(at));
          at += 4;
          break;
        case 0x02: {
          const [text, next] = this.string(at, stop);
          value = JSON.stringify(text);
          at = next;
          break;
        }
        case 0x03:
        case 0x04: {
          // prepareDocument: an array or an object one level deeper must stay within the limit.
          if (depth + 1 > this.limits.maxDepth) throw NOT_SIMPLE;
          const length = buf.readInt32LE(at);
          const close = at + length - 1;
          if (length < 5 || close >= stop || buf[close] !== 0) throw NOT_SIMPLE;
          const inner = this.elements(at + 4, close, depth + 1, type === 0x04);
          value = type === 0x04 ? `[${inner}]` : `{${inner}}`;
          at = close + 1;
          break;
        }
        case 0x07:
          if (at + 12 > stop) throw NOT_SIMPLE;
          value = `{"$oid":"${buf.toString('hex', at, at + 12)}"}`;
          at += 12;
          break;
        case 0x08: {
          const flag = buf[at];
          if (at + 1 > stop || (flag !== 0 && flag !== 1)) throw NOT_SIMPLE;
          value = flag === 1 ? 'true' : 'false';
          at += 1;
          break;
        }
        case 0x09: {
          if (at + 8 > stop) throw NOT_SIMPLE;
          const time = Number(buf.readBigInt64LE(at));
          if (!(Math.abs(time) <= MAX_TIME)) throw NOT_SIMPLE;
          const date = new Date(time);
          const year = date.getUTCFullYear();
          value = `{"$date":${year >= 0 && year <= 9999 ? `"${date.toISOString()}"` : String(time)}}`;
          at += 8;
          break;
        }
        case 0x0a:
          value = 'null';
          break;
        default:
          throw NOT_SIMPLE;
      }
      const item = array ? value : `${JSON.stringify(key)}:${value}`;
      out = out === '' ? item : `${out},${item}`;
    }
    if (at !== stop) throw NOT_SIMPLE;
    return out;
  }
}
