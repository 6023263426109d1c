/**
 * The SQLite engine's filter pushdown: answers equal a brute-force mingo evaluation on random
 * documents full of arrays, nested objects and mixed types (the SQL prefilter must be a superset,
 * and the rows it decides alone for scalar equalities must all match), also for skip/limit windows,
 * equality finds use an automatic expression index and hand only the matching rows to JavaScript,
 * and the number of automatic indexes stays bounded.
 */
import { createHash } from 'node:crypto';
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
import { buildPrefilter } from '../src/sqlite/pushdown.js';

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
  if (pick < 0.15) return { $or: [randomCondition(r), randomCondition(r)] };
  if (pick < 0.3) return { $and: [randomCondition(r), randomCondition(r)] };
  if (pick < 0.45) return { ...randomCondition(r), ...randomCondition(r) };
  return randomCondition(r);
}

describe('SQLite filter pushdown', () => {
  it('answers exactly what mingo answers over every document (800 random filters)', async () => {
    const store = createSqliteDocumentStore({ dir, maxAutoIndexes: 8 });
    const c = store.database('fuzz').collection('docs');
    const r = prng(20240229);
    await c.insertMany(Array.from({ length: 60 }, (_, i) => randomDoc(r, i)));
    const all = await c.find({});
    let split = 0;
    for (let i = 0; i < 800; i++) {
      const filter = randomFilter(r);
      const label = JSON.stringify(filter);
      if (buildPrefilter(filter).split) split++;
      const expected = all.filter(compileFilter(filter)).map((d) => d._id);
      const got = (await c.find(filter)).map((d) => d._id);
      expect(got, label).toEqual(expected);
      expect(await c.count(filter), label).toBe(expected.length);
      const skip = Math.floor(r() * 3);
      const limit = Math.floor(r() * 4);
      const window = expected.slice(skip, limit > 0 ? skip + limit : undefined);
      expect(
        (await c.find(filter, { skip, limit })).map((d) => d._id),
        `${label} ${skip}/${limit}`,
      ).toEqual(window);
      expect(await c.count(filter, { skip, limit }), `${label} ${skip}/${limit}`).toBe(window.length);
      const texts = await collectTexts(c.findExtJsonCursor(filter, { skip, limit }));
      expect(texts, `${label} ${skip}/${limit}`).toEqual(
        (await c.find(filter, { skip, limit })).map((d) => stringifyExtJson(d)),
      );
    }
    // The scalar-equality path (SQL decides rows without arrays on the path) was exercised.
    expect(split).toBeGreaterThan(150);
    await store.close();
  });

  it('decides scalar equalities in SQL where no array lies on the path, and re-checks only the rest', () => {
    const pre = buildPrefilter({ owner: 'u7', 'meta.n': { $eq: 2 } });
    expect(pre.exact).toBe(false);
    expect(pre.split?.exactWhere).toBe(
      ` WHERE (json_extract(doc, '$."owner"') = @p0) AND (json_extract(doc, '$."meta"."n"') = @p1)`,
    );
    // The other candidates: an array along a path (an index range, usually empty), mingo re-checks.
    expect(buildPrefilter({ owner: 'u7' }).split?.arrayWhere).toBe(
      ` WHERE (((json_extract(doc, '$."owner"') >= '[' AND json_extract(doc, '$."owner"') < '\\')))`,
    );
    // Values another JSON type could equal in SQL carry a type check.
    expect(buildPrefilter({ a: 1 }).split?.exactWhere).toContain(
      `json_type(doc, '$."a"') IN ('integer', 'real')`,
    );
    expect(buildPrefilter({ a: true }).split?.exactWhere).toContain(`json_type(doc, '$."a"') = 'true'`);
    expect(buildPrefilter({ a: '[1]' }).split?.exactWhere).toContain(`json_type(doc, '$."a"') = 'text'`);
    expect(buildPrefilter({ a: new Date(0) }).split?.exactWhere).toContain(
      `json_type(doc, '$."a"') = 'object'`,
    );
    // Anything but scalar equalities: mingo re-checks every candidate.
    for (const filter of [
      { a: 1, b: { $gt: 2 } },
      { a: null },
      { a: { x: 1 } },
      { a: 1, $or: [{ b: 1 }, { c: 1 }] },
      { a: { $eq: 1, $exists: true } },
      { 'a.0': 1 },
      { _id: { $gt: 'a' }, a: 1 },
    ])
      expect(buildPrefilter(filter).split, JSON.stringify(filter)).toBeNull();
  });

  it('finds 10 of 10,000 through an automatic index, handing only those rows to JavaScript', async () => {
    const store = createSqliteDocumentStore({ dir });
    const c = store.database('indexed').collection('notes');
    await c.insertMany(
      Array.from({ length: 10_000 }, (_, i) => ({ owner: `u${i % 1000}`, n: i, body: 'x'.repeat(50) })),
    );
    const found = await c.find({ owner: 'u7' });
    expect(found.map((d) => d.n)).toEqual([7, 1007, 2007, 3007, 4007, 5007, 6007, 7007, 8007, 9007]);

    const raw = new Database(join(dir, 'indexed.sqlite'), { readonly: true });
    try {
      const tbl = raw
        .prepare('SELECT tbl FROM _cella_collections WHERE name = ?')
        .pluck()
        .get('notes') as string;
      const indexes = raw
        .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND name LIKE 'ax_%'")
        .pluck()
        .all(tbl);
      expect(indexes).toHaveLength(1);
      const pre = buildPrefilter({ owner: 'u7' });
      const sql = `SELECT rid FROM "${tbl}"${pre.where}`;
      const plan = (raw.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(pre.params) as { detail: string }[])
        .map((p) => p.detail)
        .join('\n');
      expect(plan).toMatch(/USING (COVERING )?INDEX ax_/);
      expect(plan).not.toMatch(/SCAN/);
      // The rows that reach JavaScript (and get parsed) are the ten matches.
      expect(raw.prepare(sql).all(pre.params)).toHaveLength(10);
      // Ranges and $in use it too.
      const ranged = buildPrefilter({ owner: { $in: ['u1', 'u2'] } });
      expect(raw.prepare(`SELECT rid FROM "${tbl}"${ranged.where}`).all(ranged.params)).toHaveLength(20);
    } finally {
      raw.close();
    }
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
    const raw = new Database(join(dir, 'capped.sqlite'), { readonly: true });
    const count = raw
      .prepare("SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND name LIKE 'ax_%'")
      .pluck()
      .get();
    raw.close();
    expect(count).toBe(2);
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
    const pre = buildPrefilter({ _id: 'k7', free: { $gte: 5 } });
    expect(pre.where).toBe(' WHERE id = @p0');
    expect(pre.exact).toBe(false);
    // The one index the cap allows is still free for a query that needs it.
    expect(await c.count({ tag: 'even' })).toBe(10);
    const raw = new Database(join(dir, 'pinned.sqlite'), { readonly: true });
    const names = raw
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'ax_%'")
      .pluck()
      .all();
    raw.close();
    const tagIndex = createHash('sha1').update('$."tag"').digest('hex').slice(0, 12);
    expect(names).toEqual([expect.stringMatching(new RegExp(`_${tagIndex}$`))]);
    await store.close();
  });

  it('does not create a database file for reads of a database that was never written', async () => {
    const store = createSqliteDocumentStore({ dir });
    expect(await store.database('never_written').collection('c').find({ a: 1 })).toEqual([]);
    expect(await store.listDatabases()).not.toContain('never_written');
    await store.close();
  });
});
