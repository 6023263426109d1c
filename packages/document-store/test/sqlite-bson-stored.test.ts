/**
 * bson-stored.ts: a BSON document straight to its stored row must give exactly the row the general
 * path gives (decode, prepareDocument, encodeDocument), or step aside (null) for it; checked on
 * documents of every shape, random and chosen edge cases.
 */
import { BSON, Binary, Decimal128, Double, Int32, Long, ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { decodeBsonDocument } from '../src/bson-batches.js';
import { StoreError } from '../src/document-store.js';
import { DEFAULT_STORE_LIMITS, prepareDocument } from '../src/query-guard.js';
import type { StoreLimits } from '../src/query-guard.js';
import { bsonRowOf } from '../src/sqlite/bson-rows.js';
import { storedRowOf } from '../src/sqlite/bson-stored.js';
import { encodeDocument, idKey } from '../src/sqlite/codec.js';
import type { DocumentId } from '../src/document-store.js';

const small: StoreLimits = { maxDocumentBytes: 2048, maxDepth: 6 };

/** A row whose `_id` was generated (the document had none): the new id's hex left out of the comparison. */
function generatedLeftOut(row: unknown, bytes: Buffer): unknown {
  let hasId = true;
  try {
    hasId = decodeBsonDocument(bytes)._id !== undefined;
  } catch {
    // refused anyway
  }
  if (hasId || !(row as { id?: string }).id) return row;
  const { size, text } = row as { size: number; text: string };
  return { id: 'generated', size, text: text.replace(/"_id":\{"\$oid":"[0-9a-f]{24}"\}/, '"_id":ID') };
}

function general(bytes: Buffer, limits: StoreLimits): unknown {
  try {
    const { doc, size, wrappers } = prepareDocument(decodeBsonDocument(bytes), limits);
    return generatedLeftOut(
      { id: idKey(doc._id as DocumentId), size, text: encodeDocument(doc, wrappers) },
      bytes,
    );
  } catch (error) {
    if (error instanceof StoreError) return { refused: error.code };
    throw error;
  }
}

function fastOrGeneral(bytes: Buffer, limits: StoreLimits): unknown {
  try {
    return generatedLeftOut(bsonRowOf(bytes, 0, bytes.length, limits), bytes);
  } catch (error) {
    if (error instanceof StoreError) return { refused: error.code };
    throw error;
  }
}

/** A deterministic generator (xorshift), so a failure is reproducible. */
function random(seed: number) {
  let x = seed;
  const next = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
  const pick = <T>(items: T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick };
}

const keys = ['a', 'b', 'text', 'é', '', '0', '1x', '$x', 'a.b', '__proto__', 'constructor', '😀', 'k\ufffd'];
const strings = [
  '',
  'plain',
  'héllo "q" \\ \n \u0001 😀',
  'nul\u0000inside',
  '\ufffd',
  '{"$oid":"x"}',
  'x'.repeat(300),
];
const scalars: unknown[] = [
  0,
  -0,
  1,
  -1,
  2 ** 31 - 1,
  -(2 ** 31),
  2 ** 31,
  2 ** 40,
  1e21,
  5e-324,
  0.1,
  -2.5,
  new Double(5),
  new Double(-0),
  new Double(2 ** 31),
  new Double(3.25),
  new Int32(7),
  Long.fromNumber(9),
  Long.fromString('9007199254740993'),
  true,
  false,
  null,
  undefined,
  new Date('2024-02-29T12:34:56.789Z'),
  new Date('1969-07-20T20:17:40Z'),
  new Date(-62198755200000),
  new Date(253402300800000),
  new ObjectId(),
  new Binary(Buffer.from([1, 2])),
  Decimal128.fromString('1.5'),
  /re/i,
  Number.NaN,
  Infinity,
  ...strings,
];

function value(r: ReturnType<typeof random>, depth: number): unknown {
  const roll = r.next();
  if (depth < 8 && roll < 0.15)
    return Array.from({ length: Math.floor(r.next() * 4) }, () => value(r, depth + 1));
  if (depth < 8 && roll < 0.3) return object(r, depth + 1);
  return r.pick(scalars);
}

function object(r: ReturnType<typeof random>, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const n = Math.floor(r.next() * 5);
  for (let i = 0; i < n; i++) {
    const key = r.next() < 0.8 ? `f${Math.floor(r.next() * 6)}` : r.pick(keys);
    if (key === '__proto__')
      Object.defineProperty(out, key, {
        value: value(r, depth),
        enumerable: true,
        configurable: true,
        writable: true,
      });
    else out[key] = value(r, depth);
  }
  return out;
}

const ids: unknown[] = [
  new ObjectId(),
  'id',
  '',
  'é\u0000',
  7,
  -0,
  1.5,
  new Double(3),
  2 ** 40,
  1e21,
  Long.fromNumber(4),
  true,
  null,
  new Date(0),
  { a: 1 },
];

describe('BSON straight to the stored row (bson-stored.ts)', () => {
  it("gives the general path's row, or steps aside, for random documents of every shape", () => {
    const r = random(0x2545f491);
    let fast = 0;
    for (let i = 0; i < 10000; i++) {
      const body = object(r, 1);
      const roll = r.next();
      const doc =
        roll < 0.7 ? { _id: r.pick(ids), ...body } : roll < 0.85 ? { ...body, _id: r.pick(ids) } : body;
      const bytes = Buffer.from(BSON.serialize(doc));
      for (const limits of [DEFAULT_STORE_LIMITS, small]) {
        if (storedRowOf(bytes, 0, bytes.length, limits)) fast++;
        expect(fastOrGeneral(bytes, limits), JSON.stringify(BSON.EJSON.serialize(doc))).toEqual(
          general(bytes, limits),
        );
      }
    }
    expect(fast).toBeGreaterThan(4000);
  });

  it('steps aside for duplicate keys, unordered array keys, bad UTF-8 and broken framing', () => {
    const hand = (...parts: (number[] | string)[]): Buffer => {
      const body = Buffer.concat(
        parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))),
      );
      const out = Buffer.alloc(body.length + 5);
      out.writeInt32LE(out.length, 0);
      body.copy(out, 4);
      return out;
    };
    const int32 = (n: number) => [...new Uint8Array(new Int32Array([n]).buffer)];
    const id = [0x02, ...Buffer.from('_id\0'), ...int32(2), 0x78, 0];
    const dupKeys = hand(id, [0x10], 'a\0', int32(1), [0x10], 'a\0', int32(2));
    const array = (k0: string, k1: string) => {
      const inner = hand([0x10], `${k0}\0`, int32(1), [0x10], `${k1}\0`, int32(2));
      return hand(id, [0x04], 'l\0', [...inner]);
    };
    const badUtf8 = hand(id, [0x02], 's\0', int32(3), [0xc3, 0x28, 0]);
    const cases = [dupKeys, array('0', '1'), array('1', '0'), array('0', '5'), badUtf8];
    for (const bytes of cases) {
      expect(fastOrGeneral(bytes, DEFAULT_STORE_LIMITS)).toEqual(general(bytes, DEFAULT_STORE_LIMITS));
    }
    expect(storedRowOf(dupKeys, 0, dupKeys.length, DEFAULT_STORE_LIMITS)).toBeNull();
    expect(storedRowOf(badUtf8, 0, badUtf8.length, DEFAULT_STORE_LIMITS)).toBeNull();
    expect(storedRowOf(array('0', '1'), 0, array('0', '1').length, DEFAULT_STORE_LIMITS)).not.toBeNull();
    const cut = Buffer.from(BSON.serialize({ _id: 'x', s: 'text', n: { m: 1 } }));
    for (let n = 5; n < cut.length; n++) {
      const broken = Buffer.from(cut.subarray(0, n));
      broken.writeInt32LE(n, 0);
      broken[n - 1] = 0;
      expect(fastOrGeneral(broken, DEFAULT_STORE_LIMITS)).toEqual(general(broken, DEFAULT_STORE_LIMITS));
    }
  });

  it('counts a size and depth at the limits as the general path does', () => {
    for (let fill = 1900; fill < 2100; fill += 7) {
      const bytes = Buffer.from(BSON.serialize({ _id: 1, s: 'x'.repeat(fill), d: new Double(4) }));
      expect(fastOrGeneral(bytes, small)).toEqual(general(bytes, small));
    }
    let nested: unknown = 1;
    for (let depth = 0; depth < 9; depth++) {
      nested = depth % 2 ? [nested] : { n: nested };
      const bytes = Buffer.from(BSON.serialize({ _id: 1, nested }));
      expect(fastOrGeneral(bytes, small)).toEqual(general(bytes, small));
    }
  });
});
