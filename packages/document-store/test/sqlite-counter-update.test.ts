/**
 * The SQLite engine's one-statement counter update (src/sqlite/counter-update.ts) against
 * its generic path: every case runs on two collections holding the same document, once as a plain
 * `updateOne` (the statement, where it applies) and once with a `beforeCommit` hook (always the
 * generic path). Results, stored documents and byte accounting must be identical.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bsonSize } from '../src/bson-size.js';
import type { Database, Document, DocumentStore, Filter, Update } from '../src/document-store.js';
import { counterStatement } from '../src/sqlite/counter-update.js';
import { DbFile } from '../src/sqlite/db-file.js';
import { createSqliteDocumentStore } from '../src/sqlite/index.js';

const dir = mkdtempSync(join(tmpdir(), 'cella-counter-'));
let store: DocumentStore;
let db: Database;
let n = 0;

beforeAll(() => {
  store = createSqliteDocumentStore({ dir });
  db = store.database('counters');
});
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const charge = (delta: number): { filter: Filter; update: Update } => ({
  filter: {
    _id: 'did:example:alice',
    state: { $ne: 'removed' },
    $expr: { $lte: [{ $add: ['$dbUsed', '$filesUsed', delta] }, '$quota'] },
  },
  update: { $inc: { dbUsed: delta } },
});

/** Runs the update both ways and checks they agree; returns the result of the statement's side. */
async function bothWays(doc: Document, filter: Filter, update: Update) {
  const fast = db.collection(`fast${++n}`);
  const generic = db.collection(`generic${n}`);
  await fast.insertMany([structuredClone(doc)]);
  await generic.insertMany([structuredClone(doc)]);
  const outcome = (p: Promise<unknown>) =>
    p.then(
      (result) => ({ result }),
      (error: unknown) => ({ error: String(error) }),
    );
  const a = await outcome(fast.updateOne(filter, update));
  const b = await outcome(generic.updateOne(filter, update, { beforeCommit: async () => undefined }));
  expect(a).toEqual(b);
  const [fastDocs, genericDocs] = [await fast.find({}), await generic.find({})];
  expect(fastDocs).toEqual(genericDocs);
  const stored = fastDocs.reduce((sum, d) => sum + bsonSize(d), 0);
  expect(await fast.dataBytes()).toBe(stored);
  expect(await generic.dataBytes()).toBe(stored);
  return { result: (a as { result?: { matchedCount: number } }).result, doc: fastDocs[0] };
}

const vault = {
  _id: 'did:example:alice',
  plan: 'Free',
  state: 'running',
  dbUsed: 10,
  filesUsed: 5,
  quota: 100,
  settlements: [],
};

describe('SQLite counter updates in one statement', () => {
  it('recognises the quota charge, and leaves other shapes to the generic path', () => {
    expect(counterStatement(charge(7).filter, charge(7).update)).not.toBeNull();
    expect(counterStatement({ _id: 1 }, { $inc: { a: 1, b: -2 } })).not.toBeNull();
    expect(counterStatement({ _id: 1, s: { $ne: 'x' } }, { $inc: { a: 1 } })).not.toBeNull();
    for (const [filter, update] of [
      [{ _id: 'x' }, { $inc: { a: 0 } }],
      [{ _id: 'x' }, { $inc: { a: 1.5 } }],
      [{ _id: 'x' }, { $inc: { 'a.b': 1 } }],
      [{ _id: 'x' }, { $inc: { _id: 1 } }],
      [{ _id: 'x' }, { $inc: { a: 2 ** 49 } }],
      [{ _id: 'x' }, { $set: { a: 1 } }],
      [{ _id: 'x' }, { $inc: { a: 1 }, $set: { b: 1 } }],
      [{ _id: { $in: ['x'] } }, { $inc: { a: 1 } }],
      [{ a: 1 }, { $inc: { a: 1 } }],
      [{ _id: 'x', a: 1 }, { $inc: { a: 1 } }],
      [{ _id: 'x', $expr: { $eq: ['$a', 1] } }, { $inc: { a: 1 } }],
      [{ _id: 'x', $expr: { $lte: ['$a.b', 1] } }, { $inc: { a: 1 } }],
      [{ _id: 'x', $expr: { $lte: [{ $subtract: ['$a', 1] }, 1] } }, { $inc: { a: 1 } }],
      [{ _id: 'x', $expr: { $lte: ['$a', 0.5] } }, { $inc: { a: 1 } }],
      [{ _id: 'x' }, [{ $set: { a: 1 } }]],
      [{ _id: 'x', s: { $ne: 5 } }, { $inc: { a: 1 } }],
      [{ _id: 'x', s: { $ne: 'y', $exists: true } }, { $inc: { a: 1 } }],
      [{ _id: 'x', 's.t': { $ne: 'y' } }, { $inc: { a: 1 } }],
      [{ _id: 'x', s: { $eq: 'y' } }, { $inc: { a: 1 } }],
    ] as Array<[Filter, Update]>)
      expect(counterStatement(filter, update), JSON.stringify([filter, update])).toBeNull();
  });

  it('runs the charge as one statement (not the generic read-modify-write)', async () => {
    const statement = vi.spyOn(DbFile.prototype, 'transaction');
    const write = vi.spyOn(DbFile.prototype, 'write');
    try {
      const c = db.collection(`spy${++n}`);
      await c.insertMany([vault]);
      write.mockClear();
      // Again and again: what the statement stores is an integer still (not 11.0), so it applies.
      for (let i = 0; i < 3; i++)
        expect(await c.updateOne(charge(1).filter, charge(1).update)).toMatchObject({ modifiedCount: 1 });
      expect(statement).toHaveBeenCalledTimes(3);
      expect(write).not.toHaveBeenCalled();
      for (const call of statement.mock.results) expect(await call.value).toBe(true);
      expect(await c.findOne({})).toMatchObject({ dbUsed: 13 });
    } finally {
      statement.mockRestore();
      write.mockRestore();
    }
  });

  it('charges under the quota, refuses over it, and takes refunds', async () => {
    expect((await bothWays(vault, charge(85).filter, charge(85).update)).doc).toMatchObject({ dbUsed: 95 });
    expect((await bothWays(vault, charge(86).filter, charge(86).update)).result?.matchedCount).toBe(0);
    expect((await bothWays(vault, charge(-10).filter, charge(-10).update)).doc).toMatchObject({ dbUsed: 0 });
    const missing = { ...charge(1).filter, _id: 'did:example:nobody' };
    expect((await bothWays(vault, missing, charge(1).update)).result?.matchedCount).toBe(0);
  });

  it('agrees with the generic path where values are not plain small integers', async () => {
    const cases: Document[] = [
      { ...vault, dbUsed: 2147483600 }, // crosses into int64: the BSON size grows
      { ...vault, dbUsed: -2147483600 },
      { ...vault, dbUsed: 2147483700 }, // already beyond int32
      { ...vault, filesUsed: 5.5 },
      { ...vault, filesUsed: undefined },
      { ...vault, quota: null },
      { ...vault, dbUsed: '10' }, // both refuse: $add of a string
      { ...vault, quota: 2 ** 50 },
      { ...vault, dbUsed: 2 ** 49, quota: 2 ** 51 },
      { ...vault, state: 'removed' }, // the condition refuses it
      { ...vault, state: ['running', 'removed'] }, // $ne looks into arrays: the generic path's call
      { ...vault, state: 5 },
      { ...vault, state: null },
      { ...vault, state: undefined },
    ];
    for (const doc of cases) {
      const clean = Object.fromEntries(Object.entries(doc).filter(([, v]) => v !== undefined));
      await bothWays({ ...clean, quota: clean.quota ?? null }, charge(100).filter, charge(100).update);
      await bothWays(clean, charge(-100).filter, charge(-100).update);
    }
  });

  it('keeps every other value as it was (strings with escapes, nested values, large numbers)', async () => {
    const doc = {
      _id: 7,
      count: 1,
      text: 'é "quoted" \\ \u2028 \n tab\t 😀',
      nested: { list: [1, 2.5, 1e21, -0.000001, 12345678901234567000], when: new Date(0), flag: true },
      empty: {},
    };
    const { doc: after } = await bothWays(doc, { _id: 7 }, { $inc: { count: 41 } });
    expect(after).toEqual({ ...doc, count: 42 });
  });

  it('increments several fields at once, only those that exist as integers by statement', async () => {
    await bothWays({ _id: 'm', a: 1, b: 2 }, { _id: 'm' }, { $inc: { a: 1, b: -5 } });
    await bothWays({ _id: 'm', a: 1 }, { _id: 'm' }, { $inc: { a: 1, created: 3 } });
  });

  it('applies concurrent charges exactly once each', async () => {
    const c = db.collection(`race${++n}`);
    await c.insertMany([{ ...vault, quota: 1000 }]);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => c.updateOne(charge(20).filter, charge(20).update)),
    );
    // 10 + 5 + 20k ≤ 1000 for k ≤ 49: exactly 49 charges fit.
    expect(results.filter((r) => r.matchedCount === 1)).toHaveLength(49);
    expect((await c.findOne({}))?.dbUsed).toBe(10 + 49 * 20);
  });
});
