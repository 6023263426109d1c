/**
 * The SQLite engine's pushdown and planner: answers (documents, order, windows, counts) equal a
 * brute-force mingo evaluation sorted in MongoDB order on random documents full of arrays, nested
 * objects and mixed types — without indexes, with automatic ones, and with user indexes on several
 * keys in both directions; equality finds and sorted pages after a cursor read only the rows they
 * answer through an index; the number of automatic indexes stays bounded.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ObjectId } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';
import type { Document, Filter } from '../src/document-store.js';
import { stringifyExtJson } from '../src/ext-json.js';
import { compileFilter } from '../src/mingo/semantics.js';
import { collectTexts } from '../src/testing/conformance.js';
import { createSqliteDocumentStore } from '../src/sqlite/index.js';
import { sortDocuments } from '../src/mingo/bson-order.js';
import { pushdown } from '../src/sqlite/pushdown.js';
import { planRead } from '../src/sqlite/planner.js';
import type { IndexSpec } from '../src/sqlite/index-catalog.js';

const dir = mkdtempSync(join(tmpdir(), 'cella-pushdown-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Deterministic PRNG (mulberry32) so a failure reproduces. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const OIDS = ['000000000000000000000001', '0000000000000000000000aa', 'ffffffffffffffffffffffff'].map(
  (h) => new ObjectId(h),
);
const DATES = [
  new Date('1999-12-31T23:59:59Z'),
  new Date('2024-01-01T00:00:00Z'),
  new Date(-62198755200000),
  new Date(253402300800000),
];

/** Strings whose SQL value equals that of an object, array or Date (json_extract yields their JSON text). */
const LOOKALIKES = [
  '{"x":1,"y":2}',
  '[1,2]',
  '[]',
  '{"$date":"2024-01-01T00:00:00.000Z"}',
  '{"$oid":"000000000000000000000001"}',
];

function scalar(r: () => number): unknown {
  const pick = Math.floor(r() * 13);
  switch (pick) {
    case 0:
      return Math.floor(r() * 5);
    case 1:
      return Math.floor(r() * 5) + 0.5;
    case 2:
      return -Math.floor(r() * 3);
    case 3:
      return ['a', 'b', 'c', '[x', '{y', 'é', ''][Math.floor(r() * 7)];
    case 4:
      return r() < 0.5;
    case 5:
      return null;
    case 6:
      return DATES[Math.floor(r() * DATES.length)];
    case 7:
      return OIDS[Math.floor(r() * OIDS.length)];
    case 8:
      return String(Math.floor(r() * 5));
    case 9:
      return LOOKALIKES[Math.floor(r() * LOOKALIKES.length)];
    case 10:
      return [{ x: 1, y: 2 }, [1, 2], []][Math.floor(r() * 3)];
    default:
      return Math.floor(r() * 5);
  }
}

function value(r: () => number, depth = 0): unknown {
  const pick = r();
  if (depth < 2 && pick < 0.2) return Array.from({ length: Math.floor(r() * 4) }, () => value(r, depth + 1));
  if (depth < 2 && pick < 0.35) return { x: value(r, depth + 1), y: scalar(r) };
  return scalar(r);
}

function randomDoc(r: () => number, i: number): Document {
  const doc: Document = { _id: i % 3 === 0 ? `s${i}` : i };
  for (const key of ['a', 'b', 'c']) if (r() < 0.85) doc[key] = value(r);
  return doc;
}

function randomCondition(r: () => number, only?: 'eq'): Filter {
  const field = ['a', 'b', 'c', 'a.x', 'b.x', 'c.y', '_id'][Math.floor(r() * (only ? 6 : 7))] as string;
  const v = field === '_id' ? (r() < 0.5 ? Math.floor(r() * 60) : `s${Math.floor(r() * 60)}`) : scalar(r);
  if (only) return r() < 0.5 ? { [field]: v } : { [field]: { $eq: v } };
  const pick = Math.floor(r() * 6);
  switch (pick) {
    case 0:
      return { [field]: v };
    case 1:
      return { [field]: { $in: [v, scalar(r), scalar(r)] } };
    case 2:
      return { [field]: { [['$gt', '$gte', '$lt', '$lte'][Math.floor(r() * 4)] as string]: v } };
    case 3:
      return { [field]: { $exists: r() < 0.5 } };
    case 4:
      return { [field]: { $gte: v, $lte: scalar(r) } };
    default:
      return { [field]: { $eq: v } };
  }
}

function randomFilter(r: () => number): Filter {
  const pick = r();
  // Only scalar equalities: the filters the SQL decides alone for rows without arrays on the path.
  if (pick < 0.1) return { ...randomCondition(r, 'eq'), ...randomCondition(r, 'eq') };
  if (pick < 0.2) return { $and: [randomCondition(r, 'eq'), randomCondition(r, 'eq')] };
  if (pick < 0.27) return { $or: [randomCondition(r), randomCondition(r)] };
  if (pick < 0.3) return { a: { $ne: scalar(r) } };
  if (pick < 0.33) return { b: { $nin: [scalar(r), scalar(r)] } };
  if (pick < 0.4) return { $and: [randomCondition(r), randomCondition(r)] };
  if (pick < 0.5) return { ...randomCondition(r), ...randomCondition(r) };
  if (pick < 0.55) return {};
  return randomCondition(r);
}

function randomSort(r: () => number): Record<string, 1 | -1> | undefined {
  const pick = r();
  if (pick < 0.25) return undefined;
  const paths = ['a', 'b', 'c', 'a.x', 'b.y', '_id'];
  const n = pick < 0.7 ? 1 : 2;
  const sort: Record<string, 1 | -1> = {};
  for (let i = 0; i < n; i++) sort[paths[Math.floor(r() * paths.length)] as string] = r() < 0.5 ? 1 : -1;
  return sort;
}

describe('SQLite pushdown and planner', () => {
  const setups: Array<{ label: string; maxAutoIndexes: number; indexes: Record<string, 1 | -1>[] }> = [
    { label: 'no index', maxAutoIndexes: 0, indexes: [] },
    { label: 'automatic indexes', maxAutoIndexes: 8, indexes: [] },
    {
      label: 'user indexes on several keys, both directions',
      maxAutoIndexes: 0,
      indexes: [{ a: 1, b: -1 }, { b: -1 }, { 'a.x': 1, c: 1 }, { c: -1, _id: 1 }, { 'b.y': 1 }],
    },
  ];
  for (const setup of setups) {
    it(`answers what mingo answers, in MongoDB order (${setup.label}; 500 random queries)`, async () => {
      const store = createSqliteDocumentStore({ dir, maxAutoIndexes: setup.maxAutoIndexes });
      const c = store.database(`fuzz${setups.indexOf(setup)}`).collection('docs');
      const r = prng(20240229);
      await c.insertMany(Array.from({ length: 60 }, (_, i) => randomDoc(r, i)));
      for (const keys of setup.indexes) await c.createIndex(keys);
      const all = await c.find({});
      for (let i = 0; i < 500; i++) {
        const filter = randomFilter(r);
        const sort = randomSort(r);
        const label = `${JSON.stringify(filter)} sort ${JSON.stringify(sort)}`;
        const matching = all.filter(compileFilter(filter));
        const expected = (sort ? sortDocuments(matching, sort) : matching).map((d) => d._id);
        const got = (await c.find(filter, sort ? { sort } : {})).map((d) => d._id);
        expect(got, label).toEqual(expected);
        expect(await c.count(filter), label).toBe(expected.length);
        const skip = Math.floor(r() * 3);
        const limit = Math.floor(r() * 4);
        const window = expected.slice(skip, limit > 0 ? skip + limit : undefined);
        expect(
          (await c.find(filter, { skip, limit, ...(sort ? { sort } : {}) })).map((d) => d._id),
          `${label} ${skip}/${limit}`,
        ).toEqual(window);
        expect(await c.count(filter, { skip, limit }), `${label} ${skip}/${limit}`).toBe(
          Math.max(0, Math.min(limit > 0 ? limit : Infinity, expected.length - skip)),
        );
        // The cursor: the texts of what find answers, in the same order (sorted or not).
        const options = { skip, limit, ...(sort ? { sort } : {}) };
        expect(await collectTexts(c.findExtJsonCursor(filter, options)), `${label} cursor`).toEqual(
          (await c.find(filter, options)).map((d) => stringifyExtJson(d)),
        );
      }
      await store.close();
    });
  }

  it('decides SQL-decidable filters without mingo and leaves the rest to it', () => {
    expect(pushdown({ owner: 'u7', 'meta.n': { $eq: 2 } }).complete).toBe(true);
    expect(
      pushdown({ a: null, b: { $ne: 1 }, c: { $in: [1, 'x', true] }, d: { $exists: false } }).complete,
    ).toBe(true);
    expect(pushdown({ $or: [{ a: 1 }, { b: { $gt: 2 } }] }).complete).toBe(true);
    for (const filter of [
      { a: { $regex: 'x' } },
      { a: { $elemMatch: { x: 1 } } },
      { $nor: [{ a: 1 }] },
      { 'a.0': 1 },
      { a: { $gt: true } },
      { $or: [{ a: 1 }, { b: { $size: 2 } }] },
    ])
      expect(pushdown(filter).complete, JSON.stringify(filter)).toBe(false);
    // An embedded document or an array equals no scalar: decided (false) for every regular row.
    expect(pushdown({ a: { x: 1 } }).conditions[0]?.sql).toBe('0');
  });

  it('finds 10 of 10,000 through an automatic index, handing only those rows to JavaScript', async () => {
    const store = createSqliteDocumentStore({ dir });
    const c = store.database('indexed').collection('notes');
    await c.insertMany(
      Array.from({ length: 10_000 }, (_, i) => ({ owner: `u${i % 1000}`, n: i, body: 'x'.repeat(50) })),
    );
    const found = await c.find({ owner: 'u7' });
    expect(found.map((d) => d.n)).toEqual([7, 1007, 2007, 3007, 4007, 5007, 6007, 7007, 8007, 9007]);
    expect((await c.listIndexes()).map((i) => i.name)).toEqual(['_id_', 'ax_owner']);
    await withRaw('indexed', 'notes', (raw, tbl, indexes) => {
      const plan = planRead(tbl, pushdown({ owner: 'u7' }), undefined, indexes);
      const sql = `SELECT rid FROM ${plan.from}${plan.where}`;
      const detail = explain(raw, sql, plan.params);
      expect(detail).toMatch(/USING (COVERING )?INDEX ix_/);
      expect(detail).not.toMatch(/SCAN/);
      expect(plan.check).toBe('0');
      expect(raw.prepare(sql).all(plan.params)).toHaveLength(10);
    });
    await store.close();
  });

  it('serves a sorted page after a cursor from the index: a seek and the page, no sort', async () => {
    const store = createSqliteDocumentStore({ dir });
    const c = store.database('paged').collection('events');
    await c.insertMany(Array.from({ length: 5000 }, (_, i) => ({ seq: (i * 7919) % 5000, kind: i % 3 })));
    const pages: number[] = [];
    let cursor = -1;
    for (;;) {
      const page = await c.find({ seq: { $gt: cursor } }, { sort: { seq: 1 }, limit: 500 });
      if (page.length === 0) break;
      pages.push(...page.map((d) => d.seq as number));
      cursor = page[page.length - 1]?.seq as number;
    }
    expect(pages).toEqual(Array.from({ length: 5000 }, (_, i) => i));
    expect((await c.find({ seq: { $lt: 100 } }, { sort: { seq: -1 }, limit: 3 })).map((d) => d.seq)).toEqual([
      99, 98, 97,
    ]);
    await withRaw('paged', 'events', (raw, tbl, indexes) => {
      for (const dir of [1, -1] as const) {
        const plan = planRead(tbl, pushdown({ seq: { $gt: 4000 } }), { seq: dir }, indexes);
        expect(plan.order, `sort ${dir}`).not.toBeNull();
        const order = plan.order?.reversedTies ?? plan.order?.sql;
        const detail = explain(
          raw,
          `SELECT rid FROM ${plan.from}${plan.where}${order} LIMIT 10`,
          plan.params,
        );
        expect(detail, `sort ${dir}`).toMatch(/SEARCH .* USING (COVERING )?INDEX ix_/);
        expect(detail, `sort ${dir}`).not.toMatch(/TEMP B-TREE/);
      }
    });
    await store.close();
  });

  it('keeps natural order for ties when an index is read backward, also across pages', async () => {
    const store = createSqliteDocumentStore({ dir });
    const c = store.database('ties').collection('c');
    await c.insertMany(Array.from({ length: 40 }, (_, i) => ({ i, g: i % 4 })));
    await c.createIndex({ g: 1 });
    const expected = Array.from({ length: 40 }, (_, i) => i).sort((x, y) => (y % 4) - (x % 4) || x - y);
    expect((await c.find({}, { sort: { g: -1 } })).map((d) => d.i)).toEqual(expected);
    for (const [skip, limit] of [
      [0, 3],
      [0, 10],
      [5, 7],
      [9, 2],
    ] as const)
      expect((await c.find({}, { sort: { g: -1 }, skip, limit })).map((d) => d.i)).toEqual(
        expected.slice(skip, skip + limit),
      );
    await store.close();
  });

  it('creates at most maxAutoIndexes indexes per collection and still answers beyond them', async () => {
    const store = createSqliteDocumentStore({ dir, maxAutoIndexes: 2 });
    const c = store.database('capped').collection('c');
    await c.insertMany(
      Array.from({ length: 50 }, (_, i) => ({ f1: i % 5, f2: i % 7, f3: i % 11, f4: { deep: i % 2 } })),
    );
    expect(await c.count({ f1: 1 })).toBe(10);
    expect(await c.count({ f2: 1 })).toBe(7);
    expect(await c.count({ f3: 1 })).toBe(5);
    expect(await c.count({ 'f4.deep': 1 })).toBe(25);
    expect((await c.find({}, { sort: { f3: -1 }, limit: 1 }))[0]?.f3).toBe(10);
    expect((await c.listIndexes()).filter((i) => i.auto).map((i) => i.name)).toEqual(['ax_f1', 'ax_f2']);
    await store.close();
  });

  it('reads an _id equality by the id index alone and spends no automatic index on the other fields', async () => {
    const store = createSqliteDocumentStore({ dir, maxAutoIndexes: 1 });
    const c = store.database('pinned').collection('c');
    await c.insertMany(
      Array.from({ length: 20 }, (_, i) => ({ _id: `k${i}`, free: i, tag: i % 2 ? 'odd' : 'even' })),
    );
    expect(await c.findOne({ _id: 'k7', free: { $gte: 5 } })).toEqual({ _id: 'k7', free: 7, tag: 'odd' });
    expect(await c.findOne({ _id: 'k3', free: { $gte: 5 } })).toBeNull();
    expect(await c.count({ _id: { $in: ['k1', 'k2', 'k9'] }, tag: 'odd' })).toBe(2);
    expect(await c.findOneAndUpdate({ _id: 'k9', tag: 'odd' }, { $inc: { free: 1 } })).toEqual({
      _id: 'k9',
      free: 10,
      tag: 'odd',
    });
    expect(pushdown({ _id: 'k7', free: { $gte: 5 } }).pinned?.where).toBe(' WHERE id = @p0');
    // The one index the cap allows is still free for a query that needs it.
    expect(await c.count({ tag: 'even' })).toBe(10);
    expect((await c.listIndexes()).map((i) => i.name)).toEqual(['_id_', 'ax_tag']);
    await store.close();
  });

  it('drops the automatic indexes of a schema-1 file, which come back in the new form on use', async () => {
    const path = join(dir, 'old.sqlite');
    const raw = new Database(path);
    raw.exec(`
      CREATE TABLE _cella_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
      INSERT INTO _cella_meta VALUES ('schema', '1');
      CREATE TABLE _cella_collections (name TEXT PRIMARY KEY, tbl TEXT NOT NULL UNIQUE,
        bytes INTEGER NOT NULL DEFAULT 0, created_at INTEGER NOT NULL) WITHOUT ROWID;
      INSERT INTO _cella_collections VALUES ('c', 'c_0011223344556677', 0, 0);
      CREATE TABLE c_0011223344556677 (rid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, size INTEGER NOT NULL, doc TEXT NOT NULL);
      INSERT INTO c_0011223344556677 (id, size, doc) VALUES ('sa', 20, '{"_id":"a","v":2}'), ('sb', 20, '{"_id":"b","v":1}');
      CREATE INDEX ax_c_0011223344556677_abc ON c_0011223344556677 (json_extract(doc, '$."v"'));
    `);
    raw.close();
    const store = createSqliteDocumentStore({ dir });
    const c = store.database('old').collection('c');
    expect((await c.find({ v: { $gte: 1 } }, { sort: { v: 1 } })).map((d) => d._id)).toEqual(['b', 'a']);
    expect((await c.listIndexes()).map((i) => i.name)).toEqual(['_id_', 'ax_v']);
    await store.close();
    const check = new Database(path, { readonly: true });
    const names = check
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'ax%'")
      .pluck()
      .all();
    const schema = check.prepare("SELECT value FROM _cella_meta WHERE key = 'schema'").pluck().get();
    check.close();
    expect(names).toEqual([]);
    expect(schema).toBe('2');
  });

  it('does not create a database file for reads of a database that was never written', async () => {
    const store = createSqliteDocumentStore({ dir });
    expect(await store.database('never_written').collection('c').find({ a: 1 })).toEqual([]);
    expect(await store.listDatabases()).not.toContain('never_written');
    await store.close();
  });
});

function explain(raw: Database.Database, sql: string, params: Record<string, unknown>): string {
  return (raw.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[])
    .map((p) => p.detail)
    .join('\n');
}

/** Opens a database file of the test directory read-only with its table and index catalog. */
async function withRaw(
  database: string,
  collection: string,
  work: (raw: Database.Database, tbl: string, indexes: IndexSpec[]) => void,
): Promise<void> {
  const raw = new Database(join(dir, `${database}.sqlite`), { readonly: true });
  try {
    const tbl = raw
      .prepare('SELECT tbl FROM _cella_collections WHERE name = ?')
      .pluck()
      .get(collection) as string;
    const indexes = (
      raw
        .prepare('SELECT name, sql_name, keys, is_unique, auto FROM _cella_indexes WHERE tbl = ?')
        .all(tbl) as {
        name: string;
        sql_name: string;
        keys: string;
        is_unique: number;
        auto: number;
      }[]
    ).map((r) => ({
      name: r.name,
      sqlName: r.sql_name,
      keys: JSON.parse(r.keys) as [string, 1 | -1][],
      unique: r.is_unique === 1,
      auto: r.auto === 1,
    }));
    work(raw, tbl, indexes);
  } finally {
    raw.close();
  }
}
