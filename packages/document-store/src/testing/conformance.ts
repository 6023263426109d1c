/**
 * The DocumentStore conformance suite: one set of behaviours every engine must show, in the
 * style of dwn-sdk-js's shared store test suite. `sqlite.test.ts` runs it on temp directories,
 * `mongodb.test.ts` against a MongoDB-compatible server (MONGODB_URI, or FerretDB it starts).
 *
 * Each test works in its own collection (or database), so tests never see each other's data.
 */
import { createHash } from 'node:crypto';
import { BSON } from 'bson';
import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it as vitestIt } from 'vitest';
import { bsonSize } from '../bson-size.js';
import { StoreError } from '../document-store.js';
import type { Collection, Database, Document, DocumentStore, StoreErrorCode } from '../document-store.js';
import { escapeDollarKeys, unescapeDollarKeys } from '../escape-keys.js';
import { stringifyExtJson } from '../ext-json.js';
import { DEFAULT_STORE_LIMITS } from '../query-guard.js';

export interface ConformanceOptions {
  /** The store's document size cap (default 1 MiB). */
  maxDocumentBytes?: number;
  maxDepth?: number;
  /**
   * Tests this engine/server cannot pass, by title, with the reason (shown in the skipped test's
   * name and listed in docs/document-store.md). Keep it empty unless the server itself is at fault.
   */
  knownLimitations?: Record<string, string>;
  /**
   * Opens another store on the same backend, as another node process would (its own connections
   * and its own process-local state). When given, the suite also runs its atomicity tests with the
   * callers spread over three stores.
   */
  openPeer?: () => Promise<DocumentStore> | DocumentStore;
}

export async function expectStoreError(promise: Promise<unknown>, code: StoreErrorCode): Promise<StoreError> {
  try {
    await promise;
  } catch (err) {
    expect(err, `expected StoreError ${code}, got ${String(err)}`).toBeInstanceOf(StoreError);
    expect((err as StoreError).code).toBe(code);
    return err as StoreError;
  }
  throw new Error(`expected StoreError ${code}, but the call succeeded`);
}

/** Every text a cursor hands out, in order. */
export async function collectTexts(cursor: AsyncIterable<string[]>): Promise<string[]> {
  const texts: string[] = [];
  for await (const batch of cursor) texts.push(...batch);
  return texts;
}

/** Strips `_id` (for comparisons where generated ids do not matter). */
function noId(docs: Document[]): Document[] {
  return docs.map(({ _id: _ignored, ...rest }) => rest);
}

function sortedNumbers(values: unknown[]): number[] {
  return (values as number[]).slice().sort((a, b) => a - b);
}

export function runDocumentStoreConformance(
  name: string,
  makeStore: () => Promise<DocumentStore> | DocumentStore,
  options: ConformanceOptions = {},
): void {
  const maxBytes = options.maxDocumentBytes ?? DEFAULT_STORE_LIMITS.maxDocumentBytes;
  const maxDepth = options.maxDepth ?? DEFAULT_STORE_LIMITS.maxDepth;
  const limitations = options.knownLimitations ?? {};
  /** `it`, unless the test is a declared known limitation of this target. */
  const it = (title: string, fn: () => Promise<void>): void => {
    const reason = limitations[title];
    if (reason) vitestIt.skip(`${title} [known limitation: ${reason}]`, fn);
    else vitestIt(title, fn);
  };

  describe(`DocumentStore conformance: ${name}`, () => {
    let store: DocumentStore;
    let db: Database;
    const usedDatabases = new Set<string>(['conf']);
    let counter = 0;

    /** A fresh, empty collection of the shared test database. */
    const fresh = (): Collection => db.collection(`c${++counter}`);
    const database = (n: string): Database => {
      usedDatabases.add(n);
      return store.database(n);
    };

    beforeAll(async () => {
      store = await makeStore();
      db = store.database('conf');
    });

    afterAll(async () => {
      if (!store) return;
      for (const n of usedDatabases) await store.dropDatabase(n).catch(() => undefined);
      await store.close();
    });

    // -------------------------------------------------------------------------------------------
    describe('insert and round-trip', () => {
      it('inserts documents, generating ObjectIds in order, and finds them back', async () => {
        const c = fresh();
        const res = await c.insertMany([{ a: 1 }, { a: 2 }, { a: 3 }]);
        expect(res.insertedIds).toHaveLength(3);
        for (const id of res.insertedIds) expect(id).toBeInstanceOf(ObjectId);
        const docs = await c.find({});
        expect(docs.map((d) => d._id)).toEqual(res.insertedIds);
        expect(noId(docs)).toEqual([{ a: 1 }, { a: 2 }, { a: 3 }]);
      });

      it('keeps the BSON type of _id: ObjectId, string and number are distinct keys', async () => {
        const c = fresh();
        const oid = new ObjectId();
        await c.insertMany([
          { _id: oid, t: 'oid' },
          { _id: 1, t: 'num' },
          { _id: '1', t: 'str' },
          { _id: 1.5, t: 'double' },
        ]);
        expect((await c.findOne({ _id: oid }))?.t).toBe('oid');
        expect((await c.findOne({ _id: oid.toHexString() }))?.t).toBeUndefined();
        expect((await c.findOne({ _id: 1.5 }))?.t).toBe('double');
        expect((await c.findOne({ _id: 1 }))?.t).toBe('num');
        expect((await c.findOne({ _id: '1' }))?.t).toBe('str');
        const back = await c.findOne({ t: 'oid' });
        expect(back?._id).toBeInstanceOf(ObjectId);
        expect(typeof (await c.findOne({ t: 'num' }))?._id).toBe('number');
      });

      it('an ObjectId _id and the string of its hex digits are different documents', async () => {
        const c = fresh();
        const oid = new ObjectId();
        await c.insertMany([
          { _id: oid, t: 'oid' },
          { _id: oid.toHexString(), t: 'hex' },
        ]);
        expect((await c.findOne({ _id: oid }))?.t).toBe('oid');
        expect((await c.findOne({ _id: oid.toHexString() }))?.t).toBe('hex');
      });

      it('round-trips ObjectId and Date exactly, nested and inside arrays', async () => {
        const c = fresh();
        const ref = new ObjectId();
        const when = new Date('2024-02-29T12:34:56.789Z');
        const ancient = new Date(-62198755200000); // year -1, outside ISO-8601's 4-digit range
        await c.insertMany([{ _id: 'x', ref, when, ancient, nested: { list: [ref, when, { deep: when }] } }]);
        const doc = await c.findOne({ _id: 'x' });
        expect(doc?.ref).toBeInstanceOf(ObjectId);
        expect((doc?.ref as ObjectId).equals(ref)).toBe(true);
        expect(doc?.when).toBeInstanceOf(Date);
        expect((doc?.when as Date).getTime()).toBe(when.getTime());
        expect((doc?.ancient as Date).getTime()).toBe(ancient.getTime());
        const list = (doc?.nested as { list: unknown[] }).list;
        expect((list[0] as ObjectId).equals(ref)).toBe(true);
        expect((list[1] as Date).getTime()).toBe(when.getTime());
        expect((list[2] as { deep: Date }).deep.getTime()).toBe(when.getTime());
        expect(await c.count({ ref })).toBe(1);
        expect(await c.count({ when })).toBe(1);
        expect(await c.count({ ancient })).toBe(1);
      });

      it('findExtJsonCursor answers what find answers, as relaxed Extended JSON texts', async () => {
        const c = fresh();
        const ref = new ObjectId();
        await c.insertMany([
          {
            _id: 'plain',
            n: 1,
            s: 'héllo "q" \\ \n \u0001 😀',
            neg: -0,
            big: 1e21,
            tiny: 5e-324,
            list: [1, { inner: [2, 'x'] }],
          },
          { _id: ref, ref, nested: { list: [ref, { deep: ref }] }, n: 2 },
          { _id: 'dates', modern: new Date('2024-02-29T12:34:56.789Z'), n: 3 },
          {
            _id: 'old',
            before1970: new Date('1969-07-20T20:17:40Z'),
            ancient: new Date(-62198755200000),
            n: 4,
          },
          { _id: 7, '2': 'integer-like key', b: { '10': 1, a: 2 }, n: 5 },
          { _id: 'text', lookalike: '{"$date":"2024-01-01T00:00:00.000Z"}', oidText: '{"$oid":"x"}', n: 6 },
        ]);
        const same = async (filter: Document, options?: Parameters<Collection['find']>[1]) => {
          const docs = await c.find(filter, options);
          expect(await collectTexts(c.findExtJsonCursor(filter, options))).toEqual(
            docs.map((d) => stringifyExtJson(d)),
          );
          return docs.length;
        };
        expect(await same({})).toBe(6);
        expect(await same({ n: 2 })).toBe(1);
        expect(await same({ n: { $gte: 3 } }, { sort: { n: -1 }, skip: 1, limit: 2 })).toBe(2);
        expect(await same({}, { projection: { n: 1, ref: 1 } })).toBe(6);
        expect(await same({}, { projection: { list: 0 } })).toBe(6);
        expect(await same({ missing: 1 })).toBe(0);
        // The wire form of each value (toExtJson's rules), not the stored one.
        const [old] = await collectTexts(c.findExtJsonCursor({ _id: 'old' }));
        expect(JSON.parse(old as string).before1970).toEqual({ $date: { $numberLong: '-14182940000' } });
        const [withRef] = await collectTexts(c.findExtJsonCursor({ _id: ref }));
        expect(JSON.parse(withRef as string).ref).toEqual({ $oid: ref.toHexString() });
      });

      it('a cursor hands out batches of about 1 MiB, so a large answer never sits in memory whole', async () => {
        const c = fresh();
        // 24 documents of ~300 KB of text each: about 7 MiB in all.
        const big = 'x'.repeat(Math.min(300_000, maxBytes - 1000));
        await c.insertMany(Array.from({ length: 24 }, (_, i) => ({ _id: i, i, big })));
        const sizes: number[] = [];
        const seen: number[] = [];
        for await (const batch of c.findExtJsonCursor({}, { sort: { i: 1 } })) {
          sizes.push(batch.reduce((sum, text) => sum + text.length, 0));
          for (const text of batch) seen.push((JSON.parse(text) as { i: number }).i);
        }
        expect(seen).toEqual(Array.from({ length: 24 }, (_, i) => i));
        expect(sizes.length).toBeGreaterThan(3);
        for (const size of sizes) expect(size).toBeLessThanOrEqual(1024 * 1024 + big.length + 100);
        const unsorted: number[] = [];
        for await (const batch of c.findExtJsonCursor({ i: { $gte: 3 } }, { skip: 2, limit: 15 }))
          for (const text of batch) unsorted.push((JSON.parse(text) as { i: number }).i);
        expect(unsorted).toEqual(Array.from({ length: 15 }, (_, i) => i + 5));
      });

      it('a cursor refuses a bad query on its first pull, before any document', async () => {
        const c = fresh();
        await c.insertMany([{ n: 1 }]);
        const cursor = c.findExtJsonCursor({ n: { $nosuch: 1 } })[Symbol.asyncIterator]();
        await expectStoreError(cursor.next(), 'BAD_QUERY');
        const sorted = c.findExtJsonCursor({}, { sort: { n: 2 as never } })[Symbol.asyncIterator]();
        await expectStoreError(sorted.next(), 'BAD_QUERY');
      });

      it('a cursor over many batches sees each document once while writes go on, and can be left early', async () => {
        const c = fresh();
        await c.insertMany(Array.from({ length: 2500 }, (_, i) => ({ _id: i, i, group: i % 2 })));
        const seen = new Set<number>();
        let first = true;
        for await (const batch of c.findExtJsonCursor({ group: 0 })) {
          for (const text of batch) {
            const { i } = JSON.parse(text) as { i: number };
            expect(seen.has(i), `document ${i} seen twice`).toBe(false);
            seen.add(i);
          }
          if (first) {
            first = false;
            // Writes between batches: an update, a delete and an insert after the first batch.
            await c.updateOne({ _id: 2498 }, { $set: { touched: true } });
            await c.deleteOne({ _id: 2496 });
            await c.insertMany([{ _id: 5000, i: 5000, group: 0 }]);
          }
        }
        const untouched = Array.from({ length: 1250 }, (_, k) => 2 * k).filter(
          (i) => i !== 2496 && i !== 2498,
        );
        for (const i of untouched) expect(seen.has(i), `document ${i} missed`).toBe(true);
        // Left early: the store goes on serving reads and writes.
        for await (const batch of c.findExtJsonCursor({})) {
          expect(batch.length).toBeGreaterThan(0);
          break;
        }
        await c.insertMany([{ _id: 'after' }]);
        expect(await c.count({ _id: 'after' })).toBe(1);
      });

      it('treats an empty batch as a no-op', async () => {
        const c = fresh();
        expect(await c.insertMany([])).toEqual({ insertedIds: [], bytesDelta: 0 });
        expect(await c.count({})).toBe(0);
      });

      it('refuses a duplicate _id and stores nothing of the batch', async () => {
        const c = fresh();
        await c.insertMany([{ _id: 'a' }]);
        await expectStoreError(
          c.insertMany([{ _id: 'b' }, { _id: 'c' }, { _id: 'a' }, { _id: 'd' }]),
          'DUPLICATE_KEY',
        );
        expect((await c.find({})).map((d) => d._id)).toEqual(['a']);
      });

      it('refuses a batch that repeats an _id within itself', async () => {
        const c = fresh();
        const oid = new ObjectId();
        await expectStoreError(
          c.insertMany([{ _id: oid }, { _id: 'other' }, { _id: new ObjectId(oid.toHexString()) }]),
          'DUPLICATE_KEY',
        );
        expect(await c.count({})).toBe(0);
      });

      it('stores unicode keys and values and queries them', async () => {
        const c = fresh();
        const doc = {
          città: 'Zürich 🏔️',
          名前: '山田太郎',
          עברית: 'שלום',
          emoji: '👩‍👩‍👧‍👦',
          mixed: ['ä', 'ß', '𝄞'],
        };
        await c.insertMany([doc, { città: 'Roma' }]);
        expect(noId(await c.find({ città: 'Zürich 🏔️' }))).toEqual([doc]);
        expect(await c.count({ 名前: '山田太郎' })).toBe(1);
        expect(await c.count({ mixed: '𝄞' })).toBe(1);
        expect(await c.count({ emoji: { $regex: '👧' } })).toBe(1);
      });

      it('accepts a document exactly at the size cap and refuses one byte more', async () => {
        const c = fresh();
        const base = { _id: 'big', s: '' };
        const fill = maxBytes - bsonSize(base);
        const atCap = { _id: 'big', s: 'x'.repeat(fill) };
        expect(bsonSize(atCap)).toBe(maxBytes);
        const res = await c.insertMany([atCap]);
        expect(res.bytesDelta).toBe(maxBytes);
        expect(((await c.findOne({ _id: 'big' }))?.s as string).length).toBe(fill);
        await expectStoreError(
          c.insertMany([{ _id: 'bigger', s: 'x'.repeat(fill + 1) }]),
          'DOCUMENT_TOO_LARGE',
        );
        expect(await c.count({})).toBe(1);
      });

      it('enforces the nesting depth cap', async () => {
        const c = fresh();
        const nest = (depth: number): Document => {
          let doc: Document = { leaf: true };
          for (let i = 1; i < depth; i++) doc = { n: doc };
          return doc;
        };
        await c.insertMany([nest(maxDepth)]);
        await expectStoreError(c.insertMany([nest(maxDepth + 1)]), 'TOO_DEEP');
        let deepFilter: Document = { x: 1 };
        for (let i = 0; i < maxDepth + 2; i++) deepFilter = { $and: [deepFilter] };
        await expectStoreError(c.find(deepFilter), 'TOO_DEEP');
        expect(await c.count({})).toBe(1);
      });

      it('refuses $-prefixed, dotted and NUL keys, and unsupported values', async () => {
        const c = fresh();
        await expectStoreError(c.insertMany([{ $set: 1 }]), 'BAD_DOCUMENT');
        await expectStoreError(c.insertMany([{ a: { $gt: 1 } }]), 'BAD_DOCUMENT');
        await expectStoreError(c.insertMany([{ 'a.b': 1 }]), 'BAD_DOCUMENT');
        await expectStoreError(c.insertMany([{ 'a\0b': 1 }]), 'BAD_DOCUMENT');
        await expectStoreError(c.insertMany([{ f: () => 1 }]), 'BAD_DOCUMENT');
        await expectStoreError(c.insertMany([{ n: Number.NaN }]), 'BAD_DOCUMENT');
        await expectStoreError(c.insertMany([{ list: [1, undefined] }]), 'BAD_DOCUMENT');
        await expectStoreError(c.insertMany([{ _id: [1, 2] }]), 'BAD_DOCUMENT');
        await expectStoreError(c.insertMany(['not a document' as unknown as Document]), 'BAD_DOCUMENT');
        expect(await c.count({})).toBe(0);
      });

      it('round-trips filters stored as data through escapeDollarKeys', async () => {
        const c = fresh();
        const filter = { $or: [{ 'a.b': '$params.x' }, { n: { $gt: 5 } }], '100%': true, '~': 'tilde' };
        await c.insertMany([{ _id: 'script', condition: escapeDollarKeys(filter) }]);
        const back = await c.findOne({ _id: 'script' });
        expect(unescapeDollarKeys(back?.condition)).toEqual(filter);
      });

      it('drops undefined properties and never mutates the caller’s document', async () => {
        const c = fresh();
        const doc: Document = { a: 1, gone: undefined };
        await c.insertMany([doc]);
        expect(doc).toEqual({ a: 1, gone: undefined });
        expect('_id' in doc).toBe(false);
        const [stored] = await c.find({});
        expect(Object.keys(stored ?? {})).toEqual(['_id', 'a']);
      });
    });

    // -------------------------------------------------------------------------------------------
    describe('query operators', () => {
      let c: Collection;
      const oids = [
        new ObjectId('000000000000000000000001'),
        new ObjectId('000000000000000000000002'),
        new ObjectId('000000000000000000000003'),
      ];
      beforeAll(async () => {
        c = fresh();
        await c.insertMany([
          {
            _id: 1,
            n: 1,
            s: 'apple',
            tags: ['red', 'fruit'],
            d: new Date('2020-01-01T00:00:00Z'),
            o: oids[0],
            nested: { x: 1, y: 'a' },
            items: [
              { k: 'a', v: 1 },
              { k: 'b', v: 2 },
            ],
          },
          {
            _id: 2,
            n: 2.5,
            s: 'banana',
            tags: ['yellow', 'fruit'],
            d: new Date('2021-06-15T00:00:00Z'),
            o: oids[1],
            nested: { x: 2, y: 'b' },
            items: [{ k: 'a', v: 5 }],
          },
          {
            _id: 3,
            n: 3,
            s: 'Cherry',
            tags: ['red'],
            d: new Date('2022-12-31T23:59:59Z'),
            o: oids[2],
            nested: { x: 3 },
            items: [],
          },
          { _id: 4, n: '4', s: null, tags: [], flag: true },
          { _id: 5, n: [10, 20], flag: false, nested: { x: [7, 8] } },
        ]);
      });
      const ids = async (filter: Document): Promise<unknown[]> => (await c.find(filter)).map((d) => d._id);

      it('$eq, implicit equality, and null matching missing fields', async () => {
        expect(await ids({ n: 3 })).toEqual([3]);
        expect(await ids({ n: { $eq: 1 } })).toEqual([1]);
        expect(await ids({ s: null })).toEqual([4, 5]);
        expect(await ids({ flag: { $eq: true } })).toEqual([4]);
        expect(await ids({ nested: { x: 1, y: 'a' } })).toEqual([1]);
        expect(await ids({ nested: { y: 'a', x: 1 } })).toEqual([]);
      });

      it('$ne includes documents missing the field', async () => {
        expect(await ids({ s: { $ne: 'apple' } })).toEqual([2, 3, 4, 5]);
        expect(await ids({ flag: { $ne: true } })).toEqual([1, 2, 3, 5]);
      });

      it('$gt/$gte/$lt/$lte on numbers stay within numbers (type bracketing)', async () => {
        expect(await ids({ n: { $gt: 1 } })).toEqual([2, 3, 5]);
        expect(await ids({ n: { $gte: 1, $lt: 3 } })).toEqual([1, 2]);
        expect(await ids({ n: { $lte: 2.5 } })).toEqual([1, 2]);
        expect(await ids({ n: { $gt: 15 } })).toEqual([5]);
      });

      it('ranges on strings, Dates and ObjectIds', async () => {
        expect(await ids({ s: { $gte: 'b' } })).toEqual([2]);
        expect(await ids({ s: { $lt: 'b' } })).toEqual([1, 3]);
        expect(await ids({ d: { $gte: new Date('2021-01-01T00:00:00Z') } })).toEqual([2, 3]);
        expect(await ids({ d: { $lt: new Date('2021-01-01T00:00:00Z') } })).toEqual([1]);
        expect(await ids({ o: { $gt: oids[0] } })).toEqual([2, 3]);
        expect(await ids({ o: { $lte: oids[1] } })).toEqual([1, 2]);
      });

      it('$in and $nin, including array fields', async () => {
        expect(await ids({ n: { $in: [1, 3, '4'] } })).toEqual([1, 3, 4]);
        expect(await ids({ tags: { $in: ['yellow', 'none'] } })).toEqual([2]);
        expect(await ids({ n: { $in: [20] } })).toEqual([5]);
        expect(await ids({ n: { $in: [] } })).toEqual([]);
        expect(await ids({ tags: { $nin: ['red'] } })).toEqual([2, 4, 5]);
        expect(await ids({ s: { $in: [null] } })).toEqual([4, 5]);
      });

      it('$exists true and false, null values existing', async () => {
        expect(await ids({ flag: { $exists: true } })).toEqual([4, 5]);
        expect(await ids({ s: { $exists: true } })).toEqual([1, 2, 3, 4]);
        expect(await ids({ s: { $exists: false } })).toEqual([5]);
        expect(await ids({ 'nested.y': { $exists: true } })).toEqual([1, 2]);
        expect(await ids({ 'items.k': { $exists: true } })).toEqual([1, 2]);
      });

      it('$type by name and number', async () => {
        expect(await ids({ n: { $type: 'string' } })).toEqual([4]);
        expect(await ids({ n: { $type: 'number' } })).toEqual([1, 2, 3, 5]);
        expect(await ids({ n: { $type: 'double' } })).toEqual([2]);
        expect(await ids({ n: { $type: 'int' } })).toEqual([1, 3, 5]);
        expect(await ids({ o: { $type: 'objectId' } })).toEqual([1, 2, 3]);
        expect(await ids({ d: { $type: 'date' } })).toEqual([1, 2, 3]);
        expect(await ids({ tags: { $type: 'array' } })).toEqual([1, 2, 3, 4]);
        expect(await ids({ s: { $type: 'null' } })).toEqual([4]);
        expect(await ids({ flag: { $type: 8 } })).toEqual([4, 5]);
        expect(await ids({ s: { $type: ['null', 'string'] } })).toEqual([1, 2, 3, 4]);
      });

      it('$regex with options, and RegExp literals', async () => {
        expect(await ids({ s: { $regex: '^c' } })).toEqual([]);
        expect(await ids({ s: { $regex: '^c', $options: 'i' } })).toEqual([3]);
        expect(await ids({ s: /an/ })).toEqual([2]);
        expect(await ids({ tags: { $regex: '^r' } })).toEqual([1, 3]);
      });

      it('patterns inside $in, $nin, $all and $not', async () => {
        expect(await ids({ s: { $in: [/^b/, 'Cherry'] } })).toEqual([2, 3]);
        expect(await ids({ tags: { $in: [/^yel/] } })).toEqual([2]);
        expect(await ids({ tags: { $nin: [/^r/, 'yellow'] } })).toEqual([4, 5]);
        expect(await ids({ tags: { $all: [/^r/, 'fruit'] } })).toEqual([1]);
        expect(await ids({ s: { $not: { $regex: 'an', $options: 'i' } } })).toEqual([1, 3, 4, 5]);
      });

      it('regular expressions run in linear time: the ReDoS probe answers at once', async () => {
        // A backtracking engine needs 2^30 steps for this text (JavaScript's RegExp took 49 s).
        const probe = fresh();
        const text = `${'a'.repeat(30)}!`;
        await probe.insertMany([
          { _id: 1, t: text },
          { _id: 2, t: 'aaa' },
        ]);
        const found = async (filter: Document): Promise<unknown[]> =>
          (await probe.find(filter)).map((d) => d._id);
        expect(await found({ t: { $regex: '^(a+)+$' } })).toEqual([2]);
        expect(await found({ t: /^(a|aa)+$/ })).toEqual([2]);
        expect(await found({ t: { $in: ['x', /^(a+)+$/] } })).toEqual([2]);
        expect(await found({ t: { $not: /^(a+)+$/ } })).toEqual([1]);
        expect(await found({ $expr: { $regexMatch: { input: '$t', regex: '^(a+)+$' } } })).toEqual([2]);
        expect(await probe.count({ t: { $regex: '^(a+)+$' } })).toBe(1);
        expect((await probe.updateMany({ t: { $regex: '^(a+)+$' } }, { $set: { m: 1 } })).matchedCount).toBe(
          1,
        );
        expect((await probe.deleteMany({ t: { $regex: '^(a+)+$' } })).deletedCount).toBe(1);
        expect(await found({})).toEqual([1]);
        // An upsert whose filter holds the pattern inserts without it (a pattern is no value).
        const upsert = await probe.updateOne(
          { t: { $regex: '^(a+)+$' }, k: 'new' },
          { $set: { m: 2 } },
          { upsert: true },
        );
        expect(upsert.upsertedId).not.toBeNull();
        expect(noId([(await probe.findOne({ k: 'new' }))!])).toEqual([{ k: 'new', m: 2 }]);
      });

      it('only RE2 syntax: lookaround, backreferences and option x are refused before the query runs', async () => {
        for (const filter of [
          { s: { $regex: '(?=a)' } },
          { s: { $regex: '(a)\\1' } },
          { s: /(?<=a)b/ },
          { s: { $regex: 'a', $options: 'x' } },
          { s: { $in: [/(?!a)/] } },
          { s: { $not: /(a)\1/ } },
          { $expr: { $regexMatch: { input: '$s', regex: '(?=a)' } } },
        ]) {
          const error = await expectStoreError(c.find(filter), 'BAD_QUERY');
          expect(error.message).toMatch(/RE2|option "x"/);
          await expectStoreError(c.count(filter), 'BAD_QUERY');
          await expectStoreError(c.deleteMany(filter), 'BAD_QUERY');
        }
        expect(await ids({})).toEqual([1, 2, 3, 4, 5]);
      });

      it('$and, $or and $nor', async () => {
        expect(await ids({ $and: [{ tags: 'red' }, { n: { $gt: 1 } }] })).toEqual([3]);
        expect(await ids({ $or: [{ n: 1 }, { s: 'banana' }, { flag: false }] })).toEqual([1, 2, 5]);
        expect(await ids({ $nor: [{ tags: 'red' }, { flag: { $exists: true } }] })).toEqual([2]);
        expect(await ids({ $or: [{ n: { $lt: 2 } }, { _id: 3 }], tags: 'red' })).toEqual([1, 3]);
      });

      it('$not', async () => {
        expect(await ids({ n: { $not: { $gt: 2 } } })).toEqual([1, 4]);
        expect(await ids({ s: { $not: /an/ } })).toEqual([1, 3, 4, 5]);
      });

      it('$all and $size', async () => {
        expect(await ids({ tags: { $all: ['red', 'fruit'] } })).toEqual([1]);
        expect(await ids({ tags: { $all: ['red'] } })).toEqual([1, 3]);
        expect(await ids({ tags: { $size: 0 } })).toEqual([4]);
        expect(await ids({ tags: { $size: 2 } })).toEqual([1, 2]);
      });

      it('$elemMatch on objects and scalars', async () => {
        expect(await ids({ items: { $elemMatch: { k: 'a', v: { $gt: 2 } } } })).toEqual([2]);
        expect(await ids({ 'items.k': 'a', 'items.v': 2 })).toEqual([1]);
        expect(await ids({ n: { $elemMatch: { $gt: 15, $lt: 25 } } })).toEqual([5]);
      });

      it('$mod', async () => {
        expect(await ids({ n: { $mod: [2, 1] } })).toEqual([1, 3]);
        expect(await ids({ n: { $mod: [10, 0] } })).toEqual([5]);
      });

      it('dotted paths into objects, arrays, and arrays of objects', async () => {
        expect(await ids({ 'nested.x': 2 })).toEqual([2]);
        expect(await ids({ 'nested.x': 8 })).toEqual([5]);
        expect(await ids({ 'nested.x': { $gte: 3 } })).toEqual([3, 5]);
        expect(await ids({ 'items.v': 5 })).toEqual([2]);
        expect(await ids({ 'items.v': { $lt: 2 } })).toEqual([1]);
        expect(await ids({ 'tags.0': 'red' })).toEqual([1, 3]);
      });

      it('array element equality and whole-array equality', async () => {
        expect(await ids({ tags: 'red' })).toEqual([1, 3]);
        expect(await ids({ tags: ['red', 'fruit'] })).toEqual([1]);
        expect(await ids({ tags: ['fruit', 'red'] })).toEqual([]);
        expect(await ids({ tags: [] })).toEqual([4]);
      });

      it('_id by value, $in and range', async () => {
        expect(await ids({ _id: 2 })).toEqual([2]);
        expect(await ids({ _id: { $in: [5, 1, 99] } })).toEqual([1, 5]);
        expect(await ids({ _id: { $gte: 4 } })).toEqual([4, 5]);
        expect(await ids({ _id: '2' })).toEqual([]);
      });

      it('$expr compares fields of the same document', async () => {
        const d = fresh();
        await d.insertMany([
          { a: 1, b: 2 },
          { a: 3, b: 2 },
        ]);
        expect(noId(await d.find({ $expr: { $gt: ['$a', '$b'] } }))).toEqual([{ a: 3, b: 2 }]);
      });

      it('answers empty results for no match, a missing collection and a missing database', async () => {
        expect(await c.find({ n: 12345 })).toEqual([]);
        expect(await c.findOne({ n: 12345 })).toBeNull();
        expect(await c.count({ n: 12345 })).toBe(0);
        expect(await db.collection('never_created').find({})).toEqual([]);
        expect(await db.collection('never_created').count({})).toBe(0);
        const ghost = database('ghost_db');
        expect(await ghost.collection('x').find({ a: 1 })).toEqual([]);
        expect(await ghost.listCollections()).toEqual([]);
        expect(await store.listDatabases()).not.toContain('ghost_db');
      });
    });

    // -------------------------------------------------------------------------------------------
    describe('sort, projection, skip and limit', () => {
      it('sorts ascending and descending', async () => {
        const c = fresh();
        await c.insertMany([{ v: 3 }, { v: 1 }, { v: 2 }]);
        expect((await c.find({}, { sort: { v: 1 } })).map((d) => d.v)).toEqual([1, 2, 3]);
        expect((await c.find({}, { sort: { v: -1 } })).map((d) => d.v)).toEqual([3, 2, 1]);
      });

      it('keeps natural (insertion) order for ties', async () => {
        const c = fresh();
        await c.insertMany([
          { g: 1, i: 0 },
          { g: 0, i: 1 },
          { g: 1, i: 2 },
          { g: 0, i: 3 },
          { g: 1, i: 4 },
          { g: 0, i: 5 },
        ]);
        expect((await c.find({}, { sort: { g: 1 } })).map((d) => d.i)).toEqual([1, 3, 5, 0, 2, 4]);
        expect((await c.find({}, { sort: { g: -1 } })).map((d) => d.i)).toEqual([0, 2, 4, 1, 3, 5]);
        expect((await c.find({})).map((d) => d.i)).toEqual([0, 1, 2, 3, 4, 5]);
      });

      it('sorts by several keys in order', async () => {
        const c = fresh();
        await c.insertMany([
          { a: 1, b: 'z' },
          { a: 2, b: 'a' },
          { a: 1, b: 'a' },
          { a: 2, b: 'z' },
        ]);
        expect(noId(await c.find({}, { sort: { a: -1, b: 1 } }))).toEqual([
          { a: 2, b: 'a' },
          { a: 2, b: 'z' },
          { a: 1, b: 'a' },
          { a: 1, b: 'z' },
        ]);
      });

      it('sorts mixed types in MongoDB order (missing/null < numbers < strings < objects)', async () => {
        const c = fresh();
        await c.insertMany([
          { i: 0, v: 'b' },
          { i: 1, v: 2 },
          { i: 2 },
          { i: 3, v: { x: 1 } },
          { i: 4, v: null },
          { i: 5, v: 1 },
          { i: 6, v: 'a' },
        ]);
        expect((await c.find({}, { sort: { v: 1 } })).map((d) => d.i)).toEqual([2, 4, 5, 1, 6, 0, 3]);
      });

      it('sorts array fields by their smallest element ascending and largest descending', async () => {
        const c = fresh();
        await c.insertMany([
          { i: 0, v: [5, 1] },
          { i: 1, v: [3] },
          { i: 2, v: [2, 9] },
        ]);
        expect((await c.find({}, { sort: { v: 1 } })).map((d) => d.i)).toEqual([0, 2, 1]);
        expect((await c.find({}, { sort: { v: -1 } })).map((d) => d.i)).toEqual([2, 0, 1]);
      });

      it('projects inclusions (with _id), exclusions, _id: 0 and dotted paths', async () => {
        const c = fresh();
        await c.insertMany([{ _id: 'p', a: 1, b: { c: 2, d: 3 }, e: 4 }]);
        expect(await c.find({}, { projection: { a: 1 } })).toEqual([{ _id: 'p', a: 1 }]);
        expect(await c.find({}, { projection: { a: 1, _id: 0 } })).toEqual([{ a: 1 }]);
        expect(await c.find({}, { projection: { b: 0, e: 0 } })).toEqual([{ _id: 'p', a: 1 }]);
        expect(await c.find({}, { projection: { _id: 0 } })).toEqual([{ a: 1, b: { c: 2, d: 3 }, e: 4 }]);
        expect(await c.find({}, { projection: { 'b.c': 1 } })).toEqual([{ _id: 'p', b: { c: 2 } }]);
        expect(await c.find({}, { projection: { 'b.d': 0, a: false } })).toEqual([
          { _id: 'p', b: { c: 2 }, e: 4 },
        ]);
        expect(await c.findOne({}, { projection: { e: true } })).toEqual({ _id: 'p', e: 4 });
      });

      it('refuses projections mixing inclusion and exclusion, and bad values', async () => {
        const c = fresh();
        await expectStoreError(c.find({}, { projection: { a: 1, b: 0 } }), 'BAD_QUERY');
        await expectStoreError(c.find({}, { projection: { a: 2 as 1 } }), 'BAD_QUERY');
        await expectStoreError(c.find({}, { sort: { a: 2 as 1 } }), 'BAD_QUERY');
      });

      it('honours skip and limit at and beyond the bounds', async () => {
        const c = fresh();
        await c.insertMany([0, 1, 2, 3, 4].map((i) => ({ i })));
        const iOf = async (opts: Document): Promise<unknown[]> => (await c.find({}, opts)).map((d) => d.i);
        expect(await iOf({ limit: 0 })).toEqual([0, 1, 2, 3, 4]);
        expect(await iOf({ skip: 0, limit: 2 })).toEqual([0, 1]);
        expect(await iOf({ skip: 3 })).toEqual([3, 4]);
        expect(await iOf({ skip: 3, limit: 10 })).toEqual([3, 4]);
        expect(await iOf({ skip: 5 })).toEqual([]);
        expect(await iOf({ skip: 50, limit: 1 })).toEqual([]);
        expect(await iOf({ sort: { i: -1 }, skip: 1, limit: 2 })).toEqual([3, 2]);
        await expectStoreError(c.find({}, { limit: -1 }), 'BAD_QUERY');
        await expectStoreError(c.find({}, { skip: -1 }), 'BAD_QUERY');
        await expectStoreError(c.find({}, { limit: 1.5 }), 'BAD_QUERY');
        await expectStoreError(c.count({}, { skip: -2 }), 'BAD_QUERY');
      });

      it('counts with a filter, skip and limit', async () => {
        const c = fresh();
        await c.insertMany([0, 1, 2, 3, 4, 5].map((i) => ({ i, even: i % 2 === 0 })));
        expect(await c.count({})).toBe(6);
        expect(await c.count({ even: true })).toBe(3);
        expect(await c.count({}, { skip: 2 })).toBe(4);
        expect(await c.count({}, { limit: 4 })).toBe(4);
        expect(await c.count({ even: true }, { skip: 1, limit: 1 })).toBe(1);
        expect(await c.count({}, { skip: 10 })).toBe(0);
      });

      it('findOne honours sort', async () => {
        const c = fresh();
        await c.insertMany([{ v: 2 }, { v: 9 }, { v: 5 }]);
        expect((await c.findOne({}, { sort: { v: -1 } }))?.v).toBe(9);
        expect((await c.findOne({ v: { $lt: 9 } }, { sort: { v: 1 } }))?.v).toBe(2);
      });
    });

    // -------------------------------------------------------------------------------------------
    describe('sort order: MongoDB edge cases (without an index, then with one)', () => {
      /** Asserts the order of `i` for each sort, first as is, then again once an index on `keys` exists. */
      const orders = async (
        c: Collection,
        keys: Record<string, 1 | -1>,
        cases: Array<[Record<string, 1 | -1>, number[], Document?]>,
      ): Promise<void> => {
        for (const indexed of [false, true]) {
          if (indexed) await c.createIndex(keys);
          for (const [sort, expected, filter] of cases)
            expect(
              (await c.find(filter ?? {}, { sort })).map((d) => d.i),
              `${JSON.stringify(filter ?? {})} sort ${JSON.stringify(sort)}${indexed ? ' with an index' : ''}`,
            ).toEqual(expected);
        }
      };

      it('sorts every type in BSON order: null/missing, numbers, strings, objects, ObjectId, booleans, dates', async () => {
        const c = fresh();
        const values: unknown[] = [
          undefined,
          null,
          10,
          2.5,
          -1,
          2 ** 40,
          '',
          'B',
          'a',
          'é',
          { x: 1 },
          new ObjectId('000000000000000000000001'),
          new ObjectId('ffffffffffffffffffffff00'),
          false,
          true,
          new Date(1),
          new Date('1969-12-31T23:59:59Z'),
          new Date('2024-02-29T12:00:00Z'),
        ];
        await c.insertMany(values.map((v, i) => (v === undefined ? { i } : { i, v })));
        await orders(c, { v: 1 }, [
          [{ v: 1 }, [0, 1, 4, 3, 2, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16, 15, 17]],
          [{ v: -1 }, [17, 15, 16, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 2, 3, 4, 0, 1]],
        ]);
      });

      it('compares strings by code point (binary UTF-8), not by UTF-16 units or locale', async () => {
        const c = fresh();
        const words = ['z', '\ufb00', '\u{1f600}', 'Z', 'a', 'ab', '', 'A'];
        await c.insertMany(words.map((v, i) => ({ i, v })));
        // '' < 'A' < 'Z' < 'a' < 'ab' < 'z' < U+FB00 < U+1F600 (UTF-16 would put the emoji first)
        await orders(c, { v: 1 }, [
          [{ v: 1 }, [6, 7, 3, 4, 5, 0, 1, 2]],
          [{ v: -1 }, [2, 1, 0, 5, 4, 3, 7, 6]],
        ]);
      });

      it('compares numbers of different BSON types (int32, double) by value', async () => {
        const c = fresh();
        const numbers = [3, 3.5, 2.9999, 2 ** 32, -(2 ** 31), -(2 ** 31) - 1, 0, -0.5];
        await c.insertMany(numbers.map((v, i) => ({ i, v })));
        await orders(c, { v: 1 }, [
          [{ v: 1 }, [5, 4, 7, 6, 2, 0, 1, 3]],
          [{ v: -1 }, [3, 1, 0, 2, 6, 7, 4, 5]],
          [{ v: 1 }, [7, 6, 2, 0], { v: { $gt: -1, $lt: 3.5 } }],
        ]);
      });

      it('sorts missing fields and null together (natural order among them), also along dotted paths', async () => {
        const c = fresh();
        await c.insertMany([
          { i: 0, a: { b: 2 } },
          { i: 1 },
          { i: 2, a: null },
          { i: 3, a: 5 },
          { i: 4, a: { b: null } },
          { i: 5, a: {} },
          { i: 6, a: { b: 1 } },
        ]);
        await orders(c, { 'a.b': 1 }, [
          [{ 'a.b': 1 }, [1, 2, 3, 4, 5, 6, 0]],
          [{ 'a.b': -1 }, [0, 6, 1, 2, 3, 4, 5]],
          [{ 'a.b': 1 }, [1, 2, 3, 4, 5], { 'a.b': null }],
        ]);
      });

      it('sorts arrays by their smallest element ascending and largest descending, an empty array first', async () => {
        const c = fresh();
        await c.insertMany([
          { i: 0, v: [3, 'x'] },
          { i: 1, v: 2 },
          { i: 2, v: [] },
          { i: 3, v: null },
          { i: 4, v: [1, 5] },
          { i: 5, v: ['a'] },
        ]);
        await orders(c, { v: 1 }, [
          [{ v: 1 }, [2, 3, 4, 1, 0, 5]],
          [{ v: -1 }, [0, 5, 4, 1, 3, 2]],
          [{ v: 1 }, [4, 1, 0], { v: { $gte: 1, $lte: 3 } }],
        ]);
      });

      it('sorts by a path through an array of embedded documents (a missing field counts as null)', async () => {
        const c = fresh();
        await c.insertMany([
          { i: 0, a: [{ b: 5 }, { b: 1 }] },
          { i: 1, a: { b: 3 } },
          { i: 2, a: [{ b: 2 }, { c: 1 }] },
        ]);
        await orders(c, { 'a.b': 1 }, [
          [{ 'a.b': 1 }, [2, 0, 1]],
          [{ 'a.b': -1 }, [0, 1, 2]],
        ]);
      });

      it('sorts Dates outside years 0–9999 with the others', async () => {
        const c = fresh();
        const dates = [
          new Date('2024-01-01T00:00:00Z'),
          new Date(253402300800000), // year 10000
          new Date(-62198755200000), // year -1
          new Date('1969-07-20T20:17:00Z'),
        ];
        await c.insertMany(dates.map((v, i) => ({ i, v })));
        await orders(c, { v: 1 }, [
          [{ v: 1 }, [2, 3, 0, 1]],
          [{ v: -1 }, [1, 0, 3, 2]],
          [{ v: 1 }, [0, 1], { v: { $gt: new Date('2000-01-01T00:00:00Z') } }],
        ]);
      });

      it('sorts by several keys in mixed directions, ties in natural order, across skip/limit pages', async () => {
        const c = fresh();
        await c.insertMany(Array.from({ length: 30 }, (_, i) => ({ i, g: i % 3, h: `k${i % 5}` })));
        const expected = Array.from({ length: 30 }, (_, i) => i).sort(
          (x, y) => (x % 3) - (y % 3) || (y % 5) - (x % 5) || x - y,
        );
        for (const indexed of [false, true]) {
          if (indexed) await c.createIndex({ g: 1, h: -1 });
          for (const sort of [{ g: 1, h: -1 } as const, { g: -1, h: 1 } as const]) {
            const want =
              sort.g === 1
                ? expected
                : [...expected].sort((x, y) => (y % 3) - (x % 3) || (x % 5) - (y % 5) || x - y);
            const pages: number[] = [];
            for (let skip = 0; skip < 30; skip += 4)
              pages.push(...(await c.find({}, { sort, skip, limit: 4 })).map((d) => d.i as number));
            expect(pages, `${JSON.stringify(sort)}${indexed ? ' with an index' : ''}`).toEqual(want);
          }
        }
      });

      it('pages after a cursor on a sorted field and on _id, ascending and descending', async () => {
        const c = fresh();
        const n = 53;
        await c.insertMany(
          Array.from({ length: n }, (_, i) => ({
            _id: `k${String((i * 17) % n).padStart(3, '0')}`,
            seq: (i * 31) % n,
          })),
        );
        const walk = async (field: string, dir: 1 | -1, start: unknown): Promise<unknown[]> => {
          const seen: unknown[] = [];
          let cursor = start;
          for (;;) {
            const page = await c.find(
              { [field]: { [dir === 1 ? '$gt' : '$lt']: cursor } },
              { sort: { [field]: dir }, limit: 7 },
            );
            if (page.length === 0) return seen;
            seen.push(...page.map((d) => d[field]));
            cursor = page[page.length - 1]?.[field];
          }
        };
        const seqs = Array.from({ length: n }, (_, i) => i);
        const ids = seqs.map((i) => `k${String(i).padStart(3, '0')}`);
        for (const indexed of [false, true]) {
          if (indexed) await c.createIndex({ seq: 1 });
          expect(await walk('seq', 1, -1)).toEqual(seqs);
          expect(await walk('seq', -1, n)).toEqual([...seqs].reverse());
          expect(await walk('_id', 1, '')).toEqual(ids);
          expect(await walk('_id', -1, 'l')).toEqual([...ids].reverse());
        }
      });
    });

    // -------------------------------------------------------------------------------------------
    describe('indexes', () => {
      const userIndexes = async (c: Collection) =>
        (await c.listIndexes())
          .filter((i) => !i.auto)
          .map(({ name, key, unique }) => ({ name, key, unique }));

      it('creates, lists and drops indexes; the same index again is a no-op', async () => {
        const c = fresh();
        expect(await c.listIndexes()).toEqual([]);
        expect(await c.createIndex({ a: 1 })).toBe('a_1');
        expect(await c.createIndex({ 'b.c': -1, d: 1 }, { name: 'bd', unique: true })).toBe('bd');
        expect(await c.createIndex({ a: 1 })).toBe('a_1');
        expect(await userIndexes(c)).toEqual([
          { name: '_id_', key: { _id: 1 }, unique: true },
          { name: 'a_1', key: { a: 1 }, unique: false },
          { name: 'bd', key: { 'b.c': -1, d: 1 }, unique: true },
        ]);
        expect(await c.dropIndex('a_1')).toBe(true);
        expect(await c.dropIndex('a_1')).toBe(false);
        await expectStoreError(c.dropIndex('_id_'), 'BAD_INDEX');
        expect((await userIndexes(c)).map((i) => i.name)).toEqual(['_id_', 'bd']);
        expect(await db.hasCollection(c.name)).toBe(true);
      });

      it('refuses invalid index specifications, reserved names and unknown options', async () => {
        const c = fresh();
        for (const keys of [{}, { a: 2 }, { a: 'text' }, { $a: 1 }, { 'a..b': 1 }, { '0a': 1 }, [1]])
          await expectStoreError(c.createIndex(keys as never), 'BAD_INDEX');
        await expectStoreError(
          c.createIndex(Object.fromEntries('abcdefghi'.split('').map((k) => [k, 1]))),
          'BAD_INDEX',
        );
        await expectStoreError(c.createIndex({ a: 1 }, { name: 'ax_a' }), 'BAD_INDEX');
        await expectStoreError(c.createIndex({ a: 1 }, { name: '_id_' }), 'BAD_INDEX');
        await expectStoreError(c.createIndex({ a: 1 }, { name: '' }), 'BAD_INDEX');
        await expectStoreError(c.createIndex({ a: 1 }, { sparse: true } as never), 'BAD_INDEX');
        await expectStoreError(c.dropIndex('no such/name'), 'BAD_INDEX');
      });

      it('bounds the number of indexes of a collection', async () => {
        const c = fresh();
        for (let k = 0; k < 16; k++) await c.createIndex({ [`f${k}`]: 1 });
        await expectStoreError(c.createIndex({ g: 1 }), 'BAD_INDEX');
        expect((await userIndexes(c)).length).toBe(17);
      });

      it('refuses a name or keys another index holds', async () => {
        const c = fresh();
        await c.createIndex({ a: 1 }, { name: 'x' });
        await expectStoreError(c.createIndex({ b: 1 }, { name: 'x' }), 'INDEX_CONFLICT');
        await expectStoreError(c.createIndex({ a: 1 }, { name: 'x', unique: true }), 'INDEX_CONFLICT');
        await expectStoreError(c.createIndex({ a: 1 }, { name: 'y' }), 'INDEX_CONFLICT');
        expect((await userIndexes(c)).map((i) => i.name)).toEqual(['_id_', 'x']);
      });

      it('a unique index refuses duplicates on insert, update and upsert, and the write stores nothing', async () => {
        const c = fresh();
        await c.createIndex({ email: 1 }, { unique: true });
        await c.insertMany([
          { _id: 1, email: 'a@x' },
          { _id: 2, email: 'b@x' },
        ]);
        await expectStoreError(
          c.insertMany([
            { _id: 3, email: 'c@x' },
            { _id: 4, email: 'a@x' },
          ]),
          'DUPLICATE_KEY',
        );
        await expectStoreError(c.updateOne({ _id: 2 }, { $set: { email: 'a@x' } }), 'DUPLICATE_KEY');
        await expectStoreError(c.updateMany({}, { $set: { email: 'z@x' } }), 'DUPLICATE_KEY');
        await expectStoreError(c.replaceOne({ _id: 2 }, { email: 'a@x' }), 'DUPLICATE_KEY');
        await expectStoreError(
          c.updateOne({ email: 'a@x', x: 1 }, { $set: { y: 1 } }, { upsert: true }),
          'DUPLICATE_KEY',
        );
        expect(await c.find({}, { sort: { _id: 1 } })).toEqual([
          { _id: 1, email: 'a@x' },
          { _id: 2, email: 'b@x' },
        ]);
        await c.updateOne({ _id: 2 }, { $set: { email: 'c@x' } });
        await c.insertMany([{ _id: 5, email: 'b@x' }]);
        expect(await c.count({})).toBe(3);
      });

      it('a unique index counts a missing field as null: one document may lack it', async () => {
        const c = fresh();
        await c.createIndex({ tag: 1 }, { unique: true });
        await c.insertMany([{ _id: 1 }]);
        await expectStoreError(c.insertMany([{ _id: 2 }]), 'DUPLICATE_KEY');
        await expectStoreError(c.insertMany([{ _id: 3, tag: null }]), 'DUPLICATE_KEY');
        await c.insertMany([{ _id: 4, tag: 'x' }]);
        expect(await c.count({})).toBe(2);
      });

      it('a unique index takes every element of an array as a key (multikey)', async () => {
        const c = fresh();
        await c.createIndex({ tags: 1 }, { unique: true });
        await c.insertMany([{ _id: 1, tags: ['a', 'b'] }]);
        await expectStoreError(c.insertMany([{ _id: 2, tags: 'b' }]), 'DUPLICATE_KEY');
        await expectStoreError(c.insertMany([{ _id: 3, tags: ['x', 'a'] }]), 'DUPLICATE_KEY');
        await c.insertMany([
          { _id: 4, tags: ['c', 'c'] },
          { _id: 5, tags: 'd' },
        ]);
        await expectStoreError(c.updateOne({ _id: 5 }, { $set: { tags: ['d', 'c'] } }), 'DUPLICATE_KEY');
        expect((await c.find({}, { sort: { _id: 1 } })).map((d) => d._id)).toEqual([1, 4, 5]);
        const d = fresh();
        await d.insertMany([{ k: 1 }, { k: [2, 1] }]);
        await expectStoreError(d.createIndex({ k: 1 }, { unique: true }), 'DUPLICATE_KEY');
      });

      it('a unique index on several keys refuses only the same combination', async () => {
        const c = fresh();
        await c.createIndex({ a: 1, b: -1 }, { unique: true });
        await c.insertMany([{ a: 1, b: 1 }, { a: 1, b: 2 }, { a: 2, b: 1 }, { a: 1 }]);
        await expectStoreError(c.insertMany([{ a: 1, b: 2 }]), 'DUPLICATE_KEY');
        await expectStoreError(c.updateOne({ a: 2 }, { $set: { a: 1 } }), 'DUPLICATE_KEY');
        expect(await c.count({})).toBe(4);
      });

      it('creating a unique index over duplicates fails and leaves no index', async () => {
        const c = fresh();
        await c.insertMany([{ j: 1 }, { j: 2 }, { j: 1 }]);
        await expectStoreError(c.createIndex({ j: 1 }, { unique: true }), 'DUPLICATE_KEY');
        expect((await userIndexes(c)).map((i) => i.name)).toEqual(['_id_']);
        await c.insertMany([{ j: 3 }]);
      });

      it('answers the same with and without an index, including arrays and mixed types on its path', async () => {
        const c = fresh();
        const values: unknown[] = [5, 'x', [1, 9], null, { y: 1 }, [], 7.5, true, [3, 'a'], -2];
        await c.insertMany(values.map((v, i) => ({ i, v, w: i % 2 })));
        const queries: Array<[Document, Record<string, 1 | -1> | undefined]> = [
          [{ v: { $gt: 2 } }, { v: 1 }],
          [{ v: { $gte: 1, $lt: 8 } }, { v: -1 }],
          [{ v: 9 }, undefined],
          [{ v: null }, undefined],
          [{ v: { $in: ['x', 3, true] } }, { v: 1 }],
          [{ v: { $ne: 5 } }, { v: 1 }],
          [{ w: 1 }, { v: -1 }],
          [{}, { w: 1, v: -1 }],
        ];
        const before: unknown[][] = [];
        for (const [filter, sort] of queries)
          before.push((await c.find(filter, sort ? { sort } : {})).map((d) => d.i));
        await c.createIndex({ v: 1 });
        await c.createIndex({ w: 1, v: -1 });
        for (const [k, [filter, sort]] of queries.entries())
          expect(
            (await c.find(filter, sort ? { sort } : {})).map((d) => d.i),
            JSON.stringify([filter, sort]),
          ).toEqual(before[k]);
        expect(before[0]).toEqual([2, 8, 0, 6]);
        expect(before[4]).toEqual([8, 1, 7]);
      });
    });

    // -------------------------------------------------------------------------------------------
    describe('update operators', () => {
      const one = async (doc: Document, update: Document): Promise<Document | null> => {
        const c = fresh();
        await c.insertMany([{ _id: 'u', ...doc }]);
        const res = await c.updateOne({ _id: 'u' }, update);
        expect(res.matchedCount).toBe(1);
        return c.findOne({ _id: 'u' }, { projection: { _id: 0 } });
      };

      it('$set and $unset, including dotted paths that create objects', async () => {
        expect(await one({ a: 1, b: 2 }, { $set: { a: 5, 'c.d': 'x' }, $unset: { b: '' } })).toEqual({
          a: 5,
          c: { d: 'x' },
        });
        expect(await one({ a: { b: 1 } }, { $set: { 'a.c': 2 } })).toEqual({ a: { b: 1, c: 2 } });
        expect(await one({ a: 1 }, { $unset: { missing: 1 } })).toEqual({ a: 1 });
      });

      it('$inc and $mul', async () => {
        expect(await one({ n: 1, m: 3 }, { $inc: { n: 2, fresh: 1 }, $mul: { m: 4, zero: 2 } })).toEqual({
          n: 3,
          m: 12,
          fresh: 1,
          zero: 0,
        });
        expect(await one({ n: 1.5 }, { $inc: { n: -0.5 } })).toEqual({ n: 1 });
      });

      it('$min and $max, on numbers and Dates', async () => {
        const early = new Date('2020-01-01T00:00:00Z');
        const late = new Date('2030-01-01T00:00:00Z');
        const doc = await one(
          { lo: 5, hi: 5, when: early },
          { $min: { lo: 3, never: 1 }, $max: { hi: 7, when: late } },
        );
        expect(doc?.lo).toBe(3);
        expect(doc?.hi).toBe(7);
        expect(doc?.never).toBe(1);
        expect(await one({ lo: 5 }, { $min: { lo: 9 } })).toEqual({ lo: 5 });
        expect((doc?.when as Date).getTime()).toBe(late.getTime());
      });

      it('$rename', async () => {
        expect(await one({ a: 1, b: { c: 2 } }, { $rename: { a: 'z', 'b.c': 'b.d' } })).toEqual({
          z: 1,
          b: { d: 2 },
        });
      });

      it('$push with $each and $slice, and $addToSet', async () => {
        expect(await one({ l: [1, 2] }, { $push: { l: 3 } })).toEqual({ l: [1, 2, 3] });
        expect(await one({ l: [1, 2] }, { $push: { l: { $each: [3, 4, 5], $slice: -3 } } })).toEqual({
          l: [3, 4, 5],
        });
        expect(await one({ l: [1, 2] }, { $push: { l: { $each: [3], $slice: 2 } } })).toEqual({ l: [1, 2] });
        expect(await one({}, { $push: { l: 'first' } })).toEqual({ l: ['first'] });
        expect(await one({ s: ['a'] }, { $addToSet: { s: 'a' } })).toEqual({ s: ['a'] });
        expect(await one({ s: ['a'] }, { $addToSet: { s: { $each: ['b', 'a', 'c'] } } })).toEqual({
          s: ['a', 'b', 'c'],
        });
      });

      it('$pull (value and condition) and $pop', async () => {
        expect(await one({ l: [1, 2, 3, 2] }, { $pull: { l: 2 } })).toEqual({ l: [1, 3] });
        expect(await one({ l: [1, 5, 8] }, { $pull: { l: { $gte: 5 } } })).toEqual({ l: [1] });
        expect(await one({ l: [{ k: 1 }, { k: 2 }] }, { $pull: { l: { k: 2 } } })).toEqual({ l: [{ k: 1 }] });
        expect(await one({ l: [1, 2, 3] }, { $pop: { l: 1 } })).toEqual({ l: [1, 2] });
        expect(await one({ l: [1, 2, 3] }, { $pop: { l: -1 } })).toEqual({ l: [2, 3] });
      });

      it('$currentDate sets a Date', async () => {
        const before = Date.now();
        const doc = await one({}, { $currentDate: { at: true, also: { $type: 'date' } } });
        expect(doc?.at).toBeInstanceOf(Date);
        expect((doc?.at as Date).getTime()).toBeGreaterThanOrEqual(before - 5000);
        expect(doc?.also).toBeInstanceOf(Date);
      });

      it('the positional $ operator updates the matched element', async () => {
        const c = fresh();
        await c.insertMany([
          {
            _id: 'p',
            items: [
              { k: 'a', v: 1 },
              { k: 'b', v: 2 },
            ],
          },
        ]);
        await c.updateOne({ _id: 'p', 'items.k': 'b' }, { $set: { 'items.$.v': 20 } });
        expect((await c.findOne({ _id: 'p' }))?.items).toEqual([
          { k: 'a', v: 1 },
          { k: 'b', v: 20 },
        ]);
      });

      it('an update pipeline computes from the document', async () => {
        const c = fresh();
        await c.insertMany([{ _id: 'q', a: 2, b: 3 }]);
        await c.updateOne({ _id: 'q' }, [{ $set: { sum: { $add: ['$a', '$b'] } } }]);
        expect(await c.findOne({ _id: 'q' })).toEqual({ _id: 'q', a: 2, b: 3, sum: 5 });
      });

      it('updateOne changes the first match in natural order; updateMany counts matched and modified', async () => {
        const c = fresh();
        await c.insertMany([
          { i: 0, g: 'x' },
          { i: 1, g: 'x' },
          { i: 2, g: 'y' },
          { i: 3, g: 'x', done: true },
        ]);
        const first = await c.updateOne({ g: 'x' }, { $set: { done: true } });
        expect(first).toMatchObject({ matchedCount: 1, modifiedCount: 1, upsertedId: null });
        expect((await c.find({ done: true })).map((d) => d.i)).toEqual([0, 3]);
        const many = await c.updateMany({ g: 'x' }, { $set: { done: true } });
        expect(many).toMatchObject({ matchedCount: 3, modifiedCount: 1, upsertedId: null });
        const none = await c.updateMany({ g: 'zzz' }, { $set: { done: true } });
        expect(none).toEqual({ matchedCount: 0, modifiedCount: 0, upsertedId: null, bytesDelta: 0 });
      });

      it('refuses changing _id but accepts setting it to the same value', async () => {
        const c = fresh();
        await c.insertMany([{ _id: 'keep', a: 1 }]);
        await expectStoreError(c.updateOne({ _id: 'keep' }, { $set: { _id: 'other' } }), 'BAD_UPDATE');
        const same = await c.updateOne({ _id: 'keep' }, { $set: { _id: 'keep', a: 2 } });
        expect(same.modifiedCount).toBe(1);
        expect(await c.find({})).toEqual([{ _id: 'keep', a: 2 }]);
      });

      it('refuses updates without operators, unknown operators and conflicting paths', async () => {
        const c = fresh();
        await c.insertMany([{ _id: 1, a: 1 }]);
        await expectStoreError(c.updateOne({ _id: 1 }, { a: 2 }), 'BAD_UPDATE');
        await expectStoreError(c.updateOne({ _id: 1 }, {}), 'BAD_UPDATE');
        await expectStoreError(c.updateOne({ _id: 1 }, { $frobnicate: { a: 1 } }), 'BAD_UPDATE');
        await expectStoreError(c.updateOne({ _id: 1 }, { $set: { a: 1 }, $inc: { a: 1 } }), 'BAD_UPDATE');
        await expectStoreError(c.updateOne({ _id: 1 }, { $set: { a: 1, 'a.b': 2 } }), 'BAD_UPDATE');
        await expectStoreError(c.updateOne({ _id: 1 }, { $inc: { a: 'x' } }), 'BAD_UPDATE');
        await expectStoreError(c.updateOne({ _id: 1 }, { $set: { b: { $bad: 1 } } }), 'BAD_DOCUMENT');
        expect(await c.find({})).toEqual([{ _id: 1, a: 1 }]);
      });

      it('refuses an update that grows a document past the size cap, leaving it unchanged', async () => {
        const c = fresh();
        const half = 'y'.repeat(Math.floor(maxBytes / 2) + 10);
        await c.insertMany([{ _id: 'g', parts: [half] }]);
        await expectStoreError(c.updateOne({ _id: 'g' }, { $push: { parts: half } }), 'DOCUMENT_TOO_LARGE');
        expect(((await c.findOne({ _id: 'g' }))?.parts as unknown[]).length).toBe(1);
      });
    });

    // -------------------------------------------------------------------------------------------
    describe('upsert and replace', () => {
      it('upsert inserts from the filter equalities, $set and $setOnInsert', async () => {
        const c = fresh();
        const res = await c.updateOne(
          { owner: 'alice', 'meta.kind': 'note', n: { $gt: 5 } },
          { $set: { title: 'hi' }, $setOnInsert: { created: 1 }, $inc: { views: 1 } },
          { upsert: true },
        );
        expect(res.matchedCount).toBe(0);
        expect(res.modifiedCount).toBe(0);
        expect(res.upsertedId).toBeInstanceOf(ObjectId);
        const doc = await c.findOne({ _id: res.upsertedId });
        expect(noId([doc as Document])).toEqual([
          { owner: 'alice', meta: { kind: 'note' }, title: 'hi', created: 1, views: 1 },
        ]);
      });

      it('upsert on a match updates and ignores $setOnInsert', async () => {
        const c = fresh();
        await c.insertMany([{ _id: 'm', owner: 'bob', views: 1 }]);
        const res = await c.updateOne(
          { owner: 'bob' },
          { $inc: { views: 1 }, $setOnInsert: { created: 1 } },
          { upsert: true },
        );
        expect(res).toMatchObject({ matchedCount: 1, modifiedCount: 1, upsertedId: null });
        expect(await c.find({})).toEqual([{ _id: 'm', owner: 'bob', views: 2 }]);
      });

      it('updateMany with upsert inserts exactly one document when nothing matches', async () => {
        const c = fresh();
        const res = await c.updateMany({ tag: 'new' }, { $set: { seen: true } }, { upsert: true });
        expect(res.upsertedId).not.toBeNull();
        expect(noId(await c.find({}))).toEqual([{ tag: 'new', seen: true }]);
        const again = await c.updateMany({ tag: 'new' }, { $set: { seen: false } }, { upsert: true });
        expect(again).toMatchObject({ matchedCount: 1, modifiedCount: 1, upsertedId: null });
        expect(await c.count({})).toBe(1);
      });

      it('upsert takes _id from the filter or from $setOnInsert', async () => {
        const c = fresh();
        const a = await c.updateOne({ _id: 'from-filter' }, { $set: { v: 1 } }, { upsert: true });
        expect(a.upsertedId).toBe('from-filter');
        const b = await c.updateOne(
          { k: 'x' },
          { $setOnInsert: { _id: 'from-update' }, $set: { v: 2 } },
          { upsert: true },
        );
        expect(b.upsertedId).toBe('from-update');
        expect(await c.find({}, { sort: { v: 1 } })).toEqual([
          { _id: 'from-filter', v: 1 },
          { _id: 'from-update', k: 'x', v: 2 },
        ]);
      });

      it('replaceOne replaces the whole document, keeps _id and refuses a different _id', async () => {
        const c = fresh();
        await c.insertMany([{ _id: 'r', a: 1, b: 2 }]);
        const res = await c.replaceOne({ a: 1 }, { c: 3 });
        expect(res).toMatchObject({ matchedCount: 1, modifiedCount: 1 });
        expect(await c.find({})).toEqual([{ _id: 'r', c: 3 }]);
        await expectStoreError(c.replaceOne({ _id: 'r' }, { _id: 'other', c: 4 }), 'BAD_UPDATE');
        await expectStoreError(c.replaceOne({ _id: 'r' }, { $set: { c: 4 } }), 'BAD_UPDATE');
        expect(await c.find({})).toEqual([{ _id: 'r', c: 3 }]);
      });

      it('replaceOne with upsert inserts the replacement with the filter’s _id only', async () => {
        const c = fresh();
        const res = await c.replaceOne({ _id: 'rid', other: 'ignored' }, { v: 1 }, { upsert: true });
        expect(res.upsertedId).toBe('rid');
        expect(await c.find({})).toEqual([{ _id: 'rid', v: 1 }]);
      });
    });

    // -------------------------------------------------------------------------------------------
    describe('deletes and atomic find-and-modify', () => {
      it('deleteOne removes the first match; deleteMany all matches; both report bytes', async () => {
        const c = fresh();
        const docs = [0, 1, 2, 3].map((i) => ({ _id: i, g: i % 2 }));
        await c.insertMany(docs);
        const one = await c.deleteOne({ g: 1 });
        expect(one).toEqual({ deletedCount: 1, bytesDelta: -bsonSize(docs[1] as Document) });
        expect((await c.find({})).map((d) => d._id)).toEqual([0, 2, 3]);
        const many = await c.deleteMany({ g: 0 });
        expect(many.deletedCount).toBe(2);
        expect(many.bytesDelta).toBe(-(bsonSize(docs[0] as Document) + bsonSize(docs[2] as Document)));
        expect(await c.deleteMany({ g: 42 })).toEqual({ deletedCount: 0, bytesDelta: 0 });
        expect(await db.collection('never_there').deleteMany({})).toEqual({ deletedCount: 0, bytesDelta: 0 });
      });

      it('findOneAndUpdate returns the document after the update, honours sort, and upserts', async () => {
        const c = fresh();
        await c.insertMany([
          { _id: 1, q: 'a', n: 5 },
          { _id: 2, q: 'a', n: 1 },
        ]);
        const after = await c.findOneAndUpdate({ q: 'a' }, { $inc: { n: 10 } }, { sort: { n: 1 } });
        expect(after).toEqual({ _id: 2, q: 'a', n: 11 });
        expect(await c.findOneAndUpdate({ q: 'none' }, { $set: { x: 1 } })).toBeNull();
        const up = await c.findOneAndUpdate({ _id: 'tok' }, { $set: { used: false } }, { upsert: true });
        expect(up).toEqual({ _id: 'tok', used: false });
      });

      it('findOneAndUpdate is atomic under concurrency (a counter hands out distinct values)', async () => {
        const c = fresh();
        await c.insertMany([{ _id: 'seq', n: 0 }]);
        const got = await Promise.all(
          Array.from({ length: 40 }, () => c.findOneAndUpdate({ _id: 'seq' }, { $inc: { n: 1 } })),
        );
        expect(sortedNumbers(got.map((d) => d?.n))).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
        expect((await c.findOne({ _id: 'seq' }))?.n).toBe(40);
      });

      it('findOneAndDelete hands a single-use token to exactly one caller', async () => {
        const c = fresh();
        await c.insertMany([{ _id: 'nonce', v: 1 }]);
        const got = await Promise.all(Array.from({ length: 20 }, () => c.findOneAndDelete({ _id: 'nonce' })));
        expect(got.filter((d) => d !== null)).toEqual([{ _id: 'nonce', v: 1 }]);
        expect(await c.count({})).toBe(0);
      });

      it('findOneAndDelete takes documents in natural or sorted order', async () => {
        const c = fresh();
        await c.insertMany([{ p: 2 }, { p: 1 }, { p: 3 }]);
        expect((await c.findOneAndDelete({}))?.p).toBe(2);
        expect((await c.findOneAndDelete({}, { sort: { p: -1 } }))?.p).toBe(3);
        expect((await c.findOneAndDelete({ p: { $gt: 100 } })) ?? null).toBeNull();
        expect((await c.find({})).map((d) => d.p)).toEqual([1]);
      });
    });

    // -------------------------------------------------------------------------------------------
    describe('concurrency, transactions and accounting', () => {
      it('many concurrent inserts all land', async () => {
        const c = fresh();
        await Promise.all(Array.from({ length: 100 }, (_, i) => c.insertMany([{ i }, { i: i + 1000 }])));
        expect(await c.count({})).toBe(200);
        expect(await c.count({ i: { $gte: 1000 } })).toBe(100);
      });

      it('concurrent updates of one document lose no increment', async () => {
        const c = fresh();
        await c.insertMany([{ _id: 'ctr', n: 0, seen: [] }]);
        await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            c.updateOne({ _id: 'ctr' }, { $inc: { n: 1 }, $push: { seen: i } }),
          ),
        );
        const doc = await c.findOne({ _id: 'ctr' });
        expect(doc?.n).toBe(50);
        expect(sortedNumbers(doc?.seen as number[])).toEqual(Array.from({ length: 50 }, (_, i) => i));
      });

      it('concurrent upserts of the same key with a unique _id create one document', async () => {
        const c = fresh();
        await Promise.all(
          Array.from({ length: 20 }, () =>
            c
              .updateOne({ _id: 'once' }, { $inc: { hits: 1 } }, { upsert: true })
              .catch((err: unknown) => err),
          ),
        );
        const doc = await c.findOne({ _id: 'once' });
        expect(await c.count({})).toBe(1);
        expect(doc?.hits).toBeGreaterThanOrEqual(1);
      });

      it('beforeCommit sees the exact BSON delta of an insert; a throw stores nothing', async () => {
        const c = fresh();
        const docs = [
          { _id: 'a', s: 'x'.repeat(100) },
          { _id: 'b', n: 1, d: new Date(), o: new ObjectId() },
        ];
        const seen: number[] = [];
        const res = await c.insertMany(docs, { beforeCommit: (delta) => void seen.push(delta) });
        const expected = docs.reduce((sum, d) => sum + bsonSize(d), 0);
        expect(seen).toEqual([expected]);
        expect(res.bytesDelta).toBe(expected);
        await expect(
          c.insertMany([{ _id: 'c' }], {
            beforeCommit: () => {
              throw new Error('quota exceeded');
            },
          }),
        ).rejects.toThrow('quota exceeded');
        await expect(
          c.insertMany([{ _id: 'd' }], { beforeCommit: async () => Promise.reject(new Error('async no')) }),
        ).rejects.toThrow('async no');
        expect((await c.find({})).map((d) => d._id)).toEqual(['a', 'b']);
        expect(await c.dataBytes()).toBe(expected);
      });

      it('beforeCommit refusing an update, an upsert or a delete leaves everything as it was', async () => {
        const c = fresh();
        await c.insertMany([
          { _id: 1, v: 'small' },
          { _id: 2, v: 'other' },
        ]);
        const bytes = await c.dataBytes();
        const refuse = (): never => {
          throw new Error('refused');
        };
        let delta = 0;
        await expect(
          c.updateOne(
            { _id: 1 },
            { $set: { v: 'much much larger' } },
            { beforeCommit: (d) => ((delta = d), refuse()) },
          ),
        ).rejects.toThrow('refused');
        expect(delta).toBe(bsonSize({ _id: 1, v: 'much much larger' }) - bsonSize({ _id: 1, v: 'small' }));
        await expect(c.updateMany({}, { $set: { extra: true } }, { beforeCommit: refuse })).rejects.toThrow(
          'refused',
        );
        await expect(
          c.updateOne({ _id: 3 }, { $set: { v: 'new' } }, { upsert: true, beforeCommit: refuse }),
        ).rejects.toThrow('refused');
        await expect(c.replaceOne({ _id: 2 }, { w: 1 }, { beforeCommit: refuse })).rejects.toThrow('refused');
        await expect(c.deleteOne({ _id: 1 }, { beforeCommit: refuse })).rejects.toThrow('refused');
        await expect(c.deleteMany({}, { beforeCommit: async () => refuse() })).rejects.toThrow('refused');
        await expect(
          c.findOneAndUpdate({ _id: 1 }, { $set: { v: 'x' } }, { beforeCommit: refuse }),
        ).rejects.toThrow('refused');
        await expect(c.findOneAndDelete({ _id: 2 }, { beforeCommit: refuse })).rejects.toThrow('refused');
        expect(await c.find({})).toEqual([
          { _id: 1, v: 'small' },
          { _id: 2, v: 'other' },
        ]);
        expect(await c.dataBytes()).toBe(bytes);
      });

      it('concurrent writes fail alone: a duplicate _id or a refusing beforeCommit stores nothing of that write only', async () => {
        const c = fresh();
        await c.insertMany([{ _id: 'taken' }]);
        const before = await c.dataBytes();
        // A charge like the vault's: a run gives back what its previous run charged (a hook may run
        // more than once), and a write that fails is refunded by its caller (the hook may have run
        // before the engine found the duplicate), so what stays charged is each stored write's
        // delta, once.
        let charged = 0;
        const write = (i: number, id: string, refuse: boolean) => {
          let mine = 0;
          const beforeCommit = async (delta: number) => {
            charged -= mine;
            mine = 0;
            await Promise.resolve();
            if (refuse) throw new Error('over quota');
            charged += delta;
            mine = delta;
          };
          return c.insertMany([{ _id: id, i }], { beforeCommit }).catch((err: unknown) => {
            charged -= mine;
            mine = 0;
            throw err;
          });
        };
        const outcomes = await Promise.allSettled(
          Array.from({ length: 30 }, (_, i) =>
            i % 10 === 3
              ? write(i, 'taken', false)
              : i % 10 === 7
                ? write(i, `r${i}`, true)
                : write(i, `d${i}`, false),
          ),
        );
        outcomes.forEach((o, i) => {
          if (i % 10 === 3)
            expect(o.status === 'rejected' && (o.reason as StoreError).code).toBe('DUPLICATE_KEY');
          else if (i % 10 === 7)
            expect(o.status === 'rejected' && (o.reason as Error).message).toBe('over quota');
          else expect(o.status, `write ${i}`).toBe('fulfilled');
        });
        const stored = await c.find({}, { sort: { i: 1 } });
        expect(stored.map((d) => d._id)).toEqual([
          'taken',
          ...Array.from({ length: 30 }, (_, i) => i)
            .filter((i) => i % 10 !== 3 && i % 10 !== 7)
            .map((i) => `d${i}`),
        ]);
        expect(charged).toBe((await c.dataBytes()) - before);
      });

      it('dataBytes equals the BSON size of the stored documents and the sum of the deltas', async () => {
        const c = fresh();
        let sum = 0;
        sum += (await c.insertMany([{ a: 1 }, { a: 2, s: 'text' }, { a: 3, list: [1, 2, 3] }])).bytesDelta;
        sum += (await c.updateMany({ a: { $gte: 2 } }, { $set: { s: 'longer text here' } })).bytesDelta;
        sum += (await c.updateOne({ a: 9 }, { $set: { s: 'up' } }, { upsert: true })).bytesDelta;
        sum += (await c.replaceOne({ a: 1 }, { a: 1, r: true })).bytesDelta;
        sum += (await c.deleteOne({ a: 3 })).bytesDelta;
        const stored = (await c.find({})).reduce((s, d) => s + bsonSize(d), 0);
        expect(await c.dataBytes()).toBe(stored);
        expect(sum).toBe(stored);
        const other = db.collection(`c${++counter}`);
        await other.insertMany([{ z: 1 }]);
        const dbTotal = await db.dataBytes();
        expect(dbTotal).toBeGreaterThanOrEqual(stored + bsonSize((await other.find({}))[0] as Document));
      });
    });

    // -------------------------------------------------------------------------------------------
    if (options.openPeer) {
      const openPeer = options.openPeer;
      describe('several processes on one store', () => {
        /** The suite's store and two peers: callers are spread over them round-robin. */
        let stores: DocumentStore[] = [];
        let n = 0;
        /** The same fresh collection as each of the three stores sees it. */
        const shared = (): Collection[] => {
          const name = `p${++n}`;
          return stores.map((s) => s.database('conf').collection(name));
        };
        beforeAll(async () => {
          stores = [store, await openPeer(), await openPeer()];
        });
        afterAll(async () => {
          for (const peer of stores.slice(1)) await peer.close();
        });

        it('a bounded counter charged from several processes never passes its bound and loses nothing', async () => {
          // The quota charge's shape: a conditional $inc whose filter holds the bound.
          const cs = shared();
          await cs[0]!.insertMany([{ _id: 'vault', used: 3, quota: 40, state: 'running' }]);
          const results = await Promise.all(
            Array.from({ length: 60 }, (_, i) =>
              cs[i % 3]!.updateOne(
                {
                  _id: 'vault',
                  state: { $ne: 'removed' },
                  $expr: { $lte: [{ $add: ['$used', 2] }, '$quota'] },
                },
                { $inc: { used: 2 } },
              ),
            ),
          );
          const accepted = results.filter((r) => r.matchedCount === 1).length;
          expect(accepted).toBe(18); // (40 - 3) / 2, rounded down
          expect((await cs[1]!.findOne({ _id: 'vault' }))?.used).toBe(3 + 2 * accepted);
        });

        it('concurrent $inc and $push from several processes lose nothing', async () => {
          const cs = shared();
          await cs[0]!.insertMany([{ _id: 'ctr', n: 0, seen: [] }]);
          await Promise.all(
            Array.from({ length: 45 }, (_, i) =>
              cs[i % 3]!.updateOne({ _id: 'ctr' }, { $inc: { n: 1 }, $push: { seen: i } }),
            ),
          );
          const doc = await cs[2]!.findOne({ _id: 'ctr' });
          expect(doc?.n).toBe(45);
          expect(sortedNumbers(doc?.seen as number[])).toEqual(Array.from({ length: 45 }, (_, i) => i));
        });

        it('findOneAndUpdate hands out distinct values across processes', async () => {
          const cs = shared();
          await cs[0]!.insertMany([{ _id: 'seq', n: 0 }]);
          const got = await Promise.all(
            Array.from({ length: 30 }, (_, i) =>
              cs[i % 3]!.findOneAndUpdate({ _id: 'seq' }, { $inc: { n: 1 } }),
            ),
          );
          expect(sortedNumbers(got.map((d) => d?.n))).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
        });

        it('findOneAndDelete hands a single-use token to exactly one process', async () => {
          const cs = shared();
          await cs[0]!.insertMany([{ _id: 'nonce', v: 1 }]);
          const got = await Promise.all(
            Array.from({ length: 12 }, (_, i) => cs[i % 3]!.findOneAndDelete({ _id: 'nonce' })),
          );
          expect(got.filter((d) => d !== null)).toEqual([{ _id: 'nonce', v: 1 }]);
        });

        it('concurrent upserts of one key from several processes create one document and count every hit', async () => {
          const cs = shared();
          await Promise.all(
            Array.from({ length: 24 }, (_, i) =>
              cs[i % 3]!.findOneAndUpdate(
                { _id: 'window|1.2.3.4' },
                { $inc: { count: 1 }, $setOnInsert: { expiresAt: 60 } },
                { upsert: true },
              ),
            ),
          );
          expect(await cs[1]!.find({})).toEqual([{ _id: 'window|1.2.3.4', count: 24, expiresAt: 60 }]);
        });

        it('a lease taken with a conditional findOneAndUpdate has one holder at a time', async () => {
          // The sweep's and the backup jobs' lease shape: take it when free or expired.
          const cs = shared();
          const owners = await Promise.all(
            Array.from({ length: 9 }, (_, i) =>
              cs[i % 3]!.findOneAndUpdate(
                { _id: 'lease', until: { $lt: 1000 } },
                { $set: { owner: `o${i}`, until: 5000 } },
                { upsert: true },
              ).then(
                (doc) => doc?.owner,
                (err: unknown) => (err instanceof StoreError && err.code === 'DUPLICATE_KEY' ? null : err),
              ),
            ),
          );
          const winners = owners.filter((o) => typeof o === 'string');
          expect(winners).toHaveLength(1);
          expect(owners.filter((o) => o !== null && typeof o !== 'string')).toEqual([]);
          expect((await cs[2]!.findOne({ _id: 'lease' }))?.owner).toBe(winners[0]);
        });
      });
    }

    // -------------------------------------------------------------------------------------------
    describe('collections and databases', () => {
      it('creates, lists, checks and drops collections', async () => {
        const d = database('colls');
        expect(await d.createCollection('b_second')).toBe(true);
        expect(await d.createCollection('a_first')).toBe(true);
        expect(await d.createCollection('a_first')).toBe(false);
        expect(await d.hasCollection('a_first')).toBe(true);
        expect(await d.hasCollection('zzz')).toBe(false);
        expect(await d.listCollections()).toEqual(['a_first', 'b_second']);
        await d.collection('a_first').insertMany([{ x: 1 }]);
        expect(await d.dropCollection('a_first')).toBe(true);
        expect(await d.dropCollection('a_first')).toBe(false);
        expect(await d.listCollections()).toEqual(['b_second']);
        expect(await d.collection('a_first').count({})).toBe(0);
      });

      it('creates a collection on its first write', async () => {
        const d = database('implicit');
        expect(await d.listCollections()).toEqual([]);
        await d.collection('made').insertMany([{ a: 1 }]);
        expect(await d.listCollections()).toEqual(['made']);
        await d.collection('upserted').updateOne({ k: 1 }, { $set: { v: 1 } }, { upsert: true });
        expect(await d.listCollections()).toEqual(['made', 'upserted']);
      });

      it('requireCollection: a write to a missing collection fails and creates nothing', async () => {
        const d = database('required');
        const never = { beforeCommit: () => Promise.reject(new Error('must not be charged')) };
        const missing = d.collection('missing');
        const required = { ...never, requireCollection: true };
        await expectStoreError(missing.insertMany([{ a: 1 }], required), 'NO_COLLECTION');
        await expectStoreError(
          missing.updateOne({ k: 1 }, { $set: { v: 1 } }, { ...required, upsert: true }),
          'NO_COLLECTION',
        );
        await expectStoreError(missing.updateMany({}, { $set: { v: 1 } }, required), 'NO_COLLECTION');
        await expectStoreError(missing.deleteOne({}, required), 'NO_COLLECTION');
        await expectStoreError(missing.deleteMany({}, required), 'NO_COLLECTION');
        expect(await d.listCollections()).toEqual([]);
        // An existing collection takes the same writes.
        expect(await d.createCollection('present')).toBe(true);
        const present = d.collection('present');
        const options = { requireCollection: true };
        expect((await present.insertMany([{ k: 1 }, { k: 2 }], options)).insertedIds).toHaveLength(2);
        expect((await present.updateOne({ k: 1 }, { $set: { v: 1 } }, options)).modifiedCount).toBe(1);
        expect((await present.updateMany({}, { $set: { w: 1 } }, options)).matchedCount).toBe(2);
        expect((await present.deleteOne({ k: 1 }, options)).deletedCount).toBe(1);
        expect((await present.deleteMany({}, options)).deletedCount).toBe(1);
        expect(await d.listCollections()).toEqual(['present']);
      });

      it('keeps same-named collections of two databases apart, and drops a database', async () => {
        const a = database('tenant_a');
        const b = database('tenant_b');
        await a.collection('notes').insertMany([{ owner: 'a' }]);
        await b.collection('notes').insertMany([{ owner: 'b' }, { owner: 'b' }]);
        expect(noId(await a.collection('notes').find({}))).toEqual([{ owner: 'a' }]);
        expect(await b.collection('notes').count({})).toBe(2);
        const listed = await store.listDatabases();
        expect(listed).toEqual(expect.arrayContaining(['tenant_a', 'tenant_b']));
        expect(await store.dropDatabase('tenant_a')).toBe(true);
        expect(await store.dropDatabase('tenant_a')).toBe(false);
        expect(await store.listDatabases()).not.toContain('tenant_a');
        expect(await a.collection('notes').find({})).toEqual([]);
        expect(await b.collection('notes').count({})).toBe(2);
      });

      it('refuses invalid database and collection names', async () => {
        expect(() => store.database('Bad-Name')).toThrow(StoreError);
        expect(() => store.database('')).toThrow(StoreError);
        expect(() => store.database('x'.repeat(64))).toThrow(StoreError);
        expect(() => db.collection('$cmd')).toThrow(StoreError);
        expect(() => db.collection('system.users')).toThrow(StoreError);
        expect(() => db.collection('')).toThrow(StoreError);
        expect(() => db.collection('a\0b')).toThrow(StoreError);
        await expectStoreError(db.createCollection('.hidden'), 'BAD_NAME');
      });

      it('exports every collection’s documents in natural order', async () => {
        const d = database('export');
        await d.collection('one').insertMany(Array.from({ length: 1500 }, (_, i) => ({ i })));
        await d.createCollection('empty');
        const seen = new Map<string, Document[]>();
        for await (const { collection, documents } of d.exportCollections()) {
          seen.set(collection, [...(seen.get(collection) ?? []), ...documents]);
        }
        expect([...seen.keys()].sort()).toEqual(['empty', 'one']);
        expect(seen.get('empty')).toEqual([]);
        expect(seen.get('one')?.map((doc) => doc.i)).toEqual(Array.from({ length: 1500 }, (_, i) => i));
      });

      it('exports every collection as BSON: the documents exportCollections gives, encoded', async () => {
        const d = database('exportbson');
        const when = new Date('2026-01-02T03:04:05.006Z');
        await d.collection('one').insertMany(
          Array.from({ length: 1200 }, (_, i) => ({
            i,
            text: 'x'.repeat(i % 700),
            when,
            nested: { a: [i, null] },
          })),
        );
        await d.collection('two').insertMany([{ _id: 'named', n: 1.5 }]);
        await d.createCollection('empty');
        const encoded = new Map<string, Uint8Array[]>();
        for await (const { collection, documents } of d.exportCollections())
          encoded.set(collection, [
            ...(encoded.get(collection) ?? []),
            ...documents.map((doc) => BSON.serialize(doc, { ignoreUndefined: true })),
          ]);
        const seen = new Map<string, { bytes: Buffer[]; documents: number; hashes: number[] }>();
        for await (const { collection, bson, documents, hashes } of d.exportCollectionsBson()) {
          const entry = seen.get(collection) ?? { bytes: [], documents: 0, hashes: [] };
          entry.bytes.push(Buffer.from(bson));
          entry.documents += documents;
          entry.hashes.push(...hashes);
          seen.set(collection, entry);
        }
        expect([...seen.keys()].sort()).toEqual(['empty', 'one', 'two']);
        for (const [collection, parts] of encoded) {
          expect(seen.get(collection)?.documents).toBe(parts.length);
          expect(Buffer.concat(seen.get(collection)!.bytes).equals(Buffer.concat(parts))).toBe(true);
          expect(seen.get(collection)!.hashes).toEqual(
            parts.map((part) => createHash('sha256').update(part).digest().readUInt32BE(0)),
          );
        }
      });
    });

    // -------------------------------------------------------------------------------------------
    describe('insertBsonPages (bulk load of BSON)', () => {
      /** BSON pages of the documents, `perPage` documents a page. */
      const pagesOf = (docs: Document[], perPage: number): Uint8Array[] => {
        const pages: Uint8Array[] = [];
        for (let i = 0; i < docs.length; i += perPage)
          pages.push(Buffer.concat(docs.slice(i, i + perPage).map((doc) => BSON.serialize(doc))));
        return pages;
      };

      it('stores what insertMany of the decoded documents stores: _ids, values, order and size', async () => {
        const d = database('bsonload');
        const when = new Date('2026-01-02T03:04:05.006Z');
        const docs: Document[] = [
          { _id: new ObjectId(), when, ref: new ObjectId(), nested: { list: [1, 'two', { three: 3.5 }] } },
          { _id: 'named', s: 'héllo "q" 😀', n: -0, big: 2 ** 40, none: null, yes: true },
          { _id: 7, ancient: new Date(-62198755200000), empty: {}, list: [] },
          ...Array.from({ length: 2000 }, (_, i) => ({ _id: new ObjectId(), i, text: 'x'.repeat(i % 300) })),
        ];
        const viaInsertMany = await d.collection('plain').insertMany(docs);
        const result = await d.insertBsonPages('loaded', pagesOf(docs, 37));
        expect(result).toEqual({ inserted: docs.length, bytesDelta: viaInsertMany.bytesDelta });
        expect(await d.collection('loaded').find({})).toEqual(await d.collection('plain').find({}));
        expect(await d.collection('loaded').dataBytes()).toBe(await d.collection('plain').dataBytes());
        expect(await d.collection('loaded').findOne({ _id: 7 })).toEqual(docs[2]);
        // A second load appends after the first, and writes of the database around it go on.
        const [, more] = await Promise.all([
          d.collection('loaded').insertMany([{ _id: 'beside' }]),
          d.insertBsonPages('loaded', pagesOf([{ _id: 'after', n: 1 }], 1)),
        ]);
        expect(more.inserted).toBe(1);
        expect(await d.collection('loaded').count({})).toBe(docs.length + 2);
        expect(await d.insertBsonPages('loaded', [])).toEqual({ inserted: 0, bytesDelta: 0 });
      });

      it('is all or nothing: a duplicate _id, malformed BSON or a document insertMany refuses stores nothing', async () => {
        const d = database('bsonrefuse');
        const c = d.collection('c');
        await c.insertMany([{ _id: 'kept' }]);
        const before = await c.dataBytes();
        const good = Array.from({ length: 50 }, (_, i) => ({ _id: i, i }));
        const refused = async (pages: Uint8Array[], code: StoreErrorCode) => {
          await expectStoreError(d.insertBsonPages('c', pages), code);
          expect(await c.count({})).toBe(1);
          expect(await c.dataBytes()).toBe(before);
        };
        await refused(pagesOf([...good, { _id: 3, again: true }], 20), 'DUPLICATE_KEY');
        await refused(pagesOf([...good, { _id: 'kept' }], 20), 'DUPLICATE_KEY');
        const [page] = pagesOf(good, 50);
        await refused([page!.subarray(0, page!.length - 3)], 'BAD_DOCUMENT');
        await refused([...pagesOf(good, 50), Buffer.from([1, 2])], 'BAD_DOCUMENT');
        await refused(pagesOf([...good, { 'a.b': 1 }], 20), 'BAD_DOCUMENT');
        await refused(pagesOf([...good, { $set: 1 }], 20), 'BAD_DOCUMENT');
        await refused(pagesOf([...good, { n: Number.NaN }], 20), 'BAD_DOCUMENT');
        await refused(pagesOf([...good, { re: /x/ }], 20), 'BAD_DOCUMENT');
        expect((await d.insertBsonPages('c', pagesOf(good, 20))).inserted).toBe(50);
      });

      it('into a collection with indexes: they are kept up to date and a unique one refuses duplicates', async () => {
        const d = database('bsonindexed');
        const c = d.collection('c');
        await c.createIndex({ email: 1 }, { unique: true });
        await c.insertMany([{ _id: 'a', email: 'a@x' }]);
        await expectStoreError(
          d.insertBsonPages(
            'c',
            pagesOf(
              [
                { _id: 'b', email: 'b@x' },
                { _id: 'c', email: 'a@x' },
              ],
              1,
            ),
          ),
          'DUPLICATE_KEY',
        );
        expect(await c.count({})).toBe(1);
        await d.insertBsonPages('c', pagesOf([{ _id: 'b', email: 'b@x' }], 1));
        expect((await c.findOne({ email: 'b@x' }))?._id).toBe('b');
      });
    });

    // -------------------------------------------------------------------------------------------
    describe('query guard', () => {
      it('refuses operators that run code', async () => {
        const c = fresh();
        await c.insertMany([{ a: 1 }]);
        await expectStoreError(c.find({ $where: 'this.a == 1' }), 'FORBIDDEN_OPERATOR');
        await expectStoreError(
          c.find({ $expr: { $function: { body: 'return true', args: [], lang: 'js' } } }),
          'FORBIDDEN_OPERATOR',
        );
        await expectStoreError(c.count({ $or: [{ $where: 'true' }] }), 'FORBIDDEN_OPERATOR');
        await expectStoreError(
          c.updateMany({}, [{ $set: { x: { $function: { body: 'return 1', args: [], lang: 'js' } } } }]),
          'FORBIDDEN_OPERATOR',
        );
        await expectStoreError(
          c.aggregate([
            {
              $group: {
                _id: null,
                x: {
                  $accumulator: {
                    init: 'function(){}',
                    accumulate: 'f',
                    accumulateArgs: [],
                    merge: 'f',
                    lang: 'js',
                  },
                },
              },
            },
          ]),
          'FORBIDDEN_OPERATOR',
        );
      });

      it('refuses stages that write or reach other databases', async () => {
        const c = fresh();
        await expectStoreError(c.aggregate([{ $out: 'copy' }]), 'FORBIDDEN_OPERATOR');
        await expectStoreError(c.aggregate([{ $merge: { into: 'copy' } }]), 'FORBIDDEN_OPERATOR');
        await expectStoreError(
          c.aggregate([{ $lookup: { from: { db: 'admin', coll: 'system.users' }, as: 'x', pipeline: [] } }]),
          'FORBIDDEN_OPERATOR',
        );
        await expectStoreError(
          c.aggregate([{ $unionWith: { db: 'other', coll: 'x' } }]),
          'FORBIDDEN_OPERATOR',
        );
        await expectStoreError(c.aggregate([{ $facet: { a: [{ $out: 'x' }] } }]), 'FORBIDDEN_OPERATOR');
        await expectStoreError(c.aggregate([{ $currentOp: {} }]), 'FORBIDDEN_OPERATOR');
      });

      it('refuses filters that are not objects and unknown operators', async () => {
        const c = fresh();
        for (const bad of [null, 'a', 5, [], [{ a: 1 }], new Date()]) {
          await expectStoreError(c.find(bad as unknown as Document), 'BAD_QUERY');
        }
        await expectStoreError(c.find({ a: { $frob: 1 } }), 'BAD_QUERY');
        await expectStoreError(c.find({ $frob: [{}] }), 'BAD_QUERY');
        await expectStoreError(c.find({ a: { $gt: 1, b: 2 } }), 'BAD_QUERY');
        await expectStoreError(c.find({ a: { $regex: '(' } }), 'BAD_QUERY');
        await expectStoreError(c.find({ a: undefined }), 'BAD_QUERY');
        await expectStoreError(c.find({ $or: [] }), 'BAD_QUERY');
        await expectStoreError(c.deleteMany(null as unknown as Document), 'BAD_QUERY');
      });
    });

    // -------------------------------------------------------------------------------------------
    describe('time bounds (maxTimeMS)', () => {
      /** A filter no index or SQL decides: every document is read and tested. */
      const scan = { payload: { $regex: 'never-there' } };
      let slow: Collection;

      beforeAll(async () => {
        slow = db.collection('bounded');
        const payload = 'lorem ipsum dolor sit amet '.repeat(4);
        for (let b = 0; b < 5; b++)
          await slow.insertMany(Array.from({ length: 1000 }, (_, i) => ({ n: b * 1000 + i, payload })));
      });

      it('a read past its maxTimeMS fails with TIMEOUT, and the next read answers', async () => {
        await expectStoreError(slow.count(scan, { maxTimeMS: 1 }), 'TIMEOUT');
        await expectStoreError(slow.find(scan, { maxTimeMS: 1 }), 'TIMEOUT');
        await expectStoreError(collectTexts(slow.findExtJsonCursor(scan, { maxTimeMS: 1 })), 'TIMEOUT');
        await expectStoreError(
          slow.aggregate([{ $match: scan }, { $count: 'n' }], { maxTimeMS: 1 }),
          'TIMEOUT',
        );
        const timeout = await expectStoreError(slow.count(scan, { maxTimeMS: 1 }), 'TIMEOUT');
        expect(timeout.message).toMatch(/MaxTimeMSExpired/);
        expect(await slow.count(scan, { maxTimeMS: 60_000 })).toBe(0);
        expect(await collectTexts(slow.findExtJsonCursor(scan, { maxTimeMS: 60_000 }))).toEqual([]);
        expect(await slow.count({ n: { $gte: 4990 } })).toBe(10);
      });

      it('takes maxTimeMS 0 as the default bound and refuses one that is not a non-negative integer', async () => {
        expect(await slow.count({ n: { $lt: 3 } }, { maxTimeMS: 0 })).toBe(3);
        expect(await slow.findOne({ n: 7 }, { maxTimeMS: 60_000, projection: { _id: 0, n: 1 } })).toEqual({
          n: 7,
        });
        for (const bad of [-1, 1.5, '100', Number.NaN, 3_600_001])
          await expectStoreError(slow.count({}, { maxTimeMS: bad as number }), 'BAD_QUERY');
        await expectStoreError(slow.find({}, { maxTimeMS: -5 }), 'BAD_QUERY');
      });
    });

    describe('aggregation', () => {
      it('$match, $group, $sort and $project', async () => {
        const c = fresh();
        await c.insertMany([
          { k: 'a', v: 1 },
          { k: 'b', v: 2 },
          { k: 'a', v: 3 },
          { k: 'c', v: 10 },
        ]);
        const out = await c.aggregate([
          { $match: { v: { $lt: 10 } } },
          { $group: { _id: '$k', total: { $sum: '$v' }, n: { $sum: 1 } } },
          { $sort: { total: -1 } },
          { $project: { _id: 0, key: '$_id', total: 1, n: 1 } },
        ]);
        expect(out).toEqual([
          { key: 'a', total: 4, n: 2 },
          { key: 'b', total: 2, n: 1 },
        ]);
      });

      it('$unwind, $count and $limit', async () => {
        const c = fresh();
        await c.insertMany([{ t: ['x', 'y'] }, { t: ['z'] }, { t: [] }]);
        expect(await c.aggregate([{ $unwind: '$t' }, { $count: 'n' }])).toEqual([{ n: 3 }]);
        expect(await c.aggregate([{ $unwind: '$t' }, { $limit: 1 }, { $project: { _id: 0, t: 1 } }])).toEqual(
          [{ t: 'x' }],
        );
      });

      it('$lookup joins a collection of the same database', async () => {
        const d = database('joins');
        await d.collection('authors').insertMany([{ _id: 'ann', name: 'Ann' }]);
        await d.collection('books').insertMany([{ _id: 'b1', author: 'ann', title: 'T' }]);
        const out = await d
          .collection('books')
          .aggregate([{ $lookup: { from: 'authors', localField: 'author', foreignField: '_id', as: 'by' } }]);
        expect(out).toEqual([{ _id: 'b1', author: 'ann', title: 'T', by: [{ _id: 'ann', name: 'Ann' }] }]);
      });
    });
  });
}
