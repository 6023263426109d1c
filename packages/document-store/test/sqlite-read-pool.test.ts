/**
 * The SQLite engine's read pool (read-pool.ts): reads run on worker threads while this thread stays
 * free, a read past its bound is stopped and its worker serves the next one, a worker that dies
 * fails only its own read and is replaced, and one database filling the pool does not keep
 * another's read waiting. Timing bounds here only tell a hang from an answer, with wide margins.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collection, DocumentStore } from '../src/document-store.js';
import { StoreError } from '../src/document-store.js';
import { bsonSize } from '../src/bson-size.js';
import { createSqliteDocumentStore, sqliteReadPool } from '../src/sqlite/index.js';
import { ReadPool } from '../src/sqlite/read-pool.js';
import { resolveLimits } from '../src/store-limits.js';
import { fillSqliteCollection } from '../src/testing/fill-sqlite.js';

const dir = mkdtempSync(join(tmpdir(), 'cella-read-pool-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Documents whose scan with a pattern takes mingo on every one of them. */
async function fill(c: Collection, n: number): Promise<void> {
  const payload = 'lorem ipsum dolor sit amet '.repeat(3);
  for (let from = 0; from < n; from += 10_000)
    await c.insertMany(
      Array.from({ length: Math.min(10_000, n - from) }, (_, k) => ({
        seq: from + k,
        tag: `t${(from + k) % 50}`,
        payload,
      })),
    );
}

/** A count that must read every document (a pattern SQL cannot decide). */
const fullScan = (c: Collection) => c.count({ payload: { $regex: 'never-there' } });

/** How late timers fire on this thread while `work` runs: the longest gap past their period. */
async function stallDuring(work: () => Promise<unknown>): Promise<number> {
  let worst = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last - 10);
    last = now;
  }, 10);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  // The gap since the last timer (work that holds the thread lets none fire until it ends).
  return Math.max(worst, performance.now() - last - 10);
}

describe('SQLite read pool', () => {
  const stores: DocumentStore[] = [];
  /** Every store here opens the same files (as several processes would), filled once. */
  const open = (options: { workers?: number; maxTimeMs?: number } = {}) => {
    const store = createSqliteDocumentStore({ dir, ...options });
    stores.push(store);
    return store;
  };
  beforeAll(async () => {
    const store = open({ workers: 0 });
    await store.database('big').createCollection('c');
    fillSqliteCollection({ file: join(dir, 'big.sqlite'), collection: 'c', count: 20_000, tags: 50 });
    const c = store.database('big').collection('c');
    // Filled as the engine stores documents: found, sized and counted as if inserted.
    const doc = { _id: 'k12345', seq: 12345, tag: 't45', payload: 'lorem ipsum dolor sit amet' };
    expect(await c.findOne({ seq: 12345 })).toEqual(doc);
    expect(await c.count({})).toBe(20_000);
    expect(await c.dataBytes()).toBe((await c.find({})).reduce((sum, d) => sum + bsonSize(d), 0));
    expect(bsonSize(doc)).toBeGreaterThan(0);
    await store.close();
  });
  afterAll(async () => {
    for (const store of stores) await store.close();
  });

  it('scans on a worker while this thread goes on (inline, the same scan holds it)', async () => {
    const pooled = open({ workers: 1 });
    const c = pooled.database('big').collection('c');
    await fullScan(c); // the worker started and warmed up
    const started = performance.now();
    const stall = await stallDuring(() => Promise.all([fullScan(c), fullScan(c)]));
    const scanMs = performance.now() - started;
    // Inline, on the same files: the same scans hold this thread for their whole length.
    const inline = open({ workers: 0 });
    const d = inline.database('big').collection('c');
    await fullScan(d);
    const inlineStall = await stallDuring(() => Promise.all([fullScan(d), fullScan(d)]));
    expect(inlineStall).toBeGreaterThan(stall);
    // A worker leaves this thread's timers on time to well within the scans' own length.
    expect(stall).toBeLessThan(Math.max(200, scanMs / 2));
  });

  it('stops a read past its bound, and the same worker answers the next read', async () => {
    const store = open({ workers: 1 });
    const c = store.database('big').collection('c');
    const pool = sqliteReadPool(store)!;
    await c.count({}); // the worker is up
    const error = await c
      .count({ payload: { $regex: 'never-there' } }, { maxTimeMS: 20 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).code).toBe('TIMEOUT');
    expect((error as StoreError).message).toMatch(/time limit of 20 ms/);
    // Stopped by its own check, not by replacing the worker.
    expect(await c.count({ seq: { $lt: 5 } })).toBe(5);
    expect(pool.stats()).toMatchObject({ threads: 1, replaced: 0 });
  });

  it('fails only the read of a worker that dies, and replaces the worker', async () => {
    const store = open({ workers: 1 });
    const c = store.database('big').collection('c');
    const other = store.database('small').collection('c');
    await other.insertMany([{ _id: 1 }, { _id: 2 }]);
    const pool = sqliteReadPool(store)!;
    const doomed = fullScan(c);
    const meanwhile = other.count({});
    // Wait until the scan runs on a worker, then stop that thread as a crash would.
    while (pool.stats().busy === 0) await new Promise((r) => setTimeout(r, 1));
    expect(await pool.crashWorkerOf('big')).toBe(true);
    await expect(doomed).rejects.toThrow(/worker stopped/);
    expect(await meanwhile).toBe(2);
    expect(await fullScan(c)).toBe(0);
    expect(pool.stats().replaced).toBe(1);
  });

  it('retires a worker past its bound and grace without stopping it mid-call: the process lives on', async () => {
    // No grace: the pool gives up on each read at its bound, while the worker is still inside
    // better-sqlite3 (iterating rows). Terminating the thread there aborts the whole process
    // (WiseLibs/better-sqlite3#1507); retired, it is stopped only once it is back and idle, and
    // the next read goes to its replacement (not to the thread on its way out).
    const pool = new ReadPool({
      size: 1,
      limits: resolveLimits(),
      busyTimeoutMs: 5000,
      maxOpenFiles: 4,
      graceMs: 0,
    });
    try {
      const path = join(dir, 'big.sqlite');
      const scan = { op: 'count', collection: 'c', filter: { payload: { $regex: 'never-there' } } } as const;
      for (let i = 0; i < 5; i++) {
        const error = await pool.run('big', path, scan, 1).catch((e: unknown) => e);
        expect((error as StoreError).code).toBe('TIMEOUT');
      }
      expect(pool.stats().replaced).toBeGreaterThan(0);
      expect(await pool.run('big', path, { op: 'count', collection: 'c', filter: {} }, 60_000)).toMatchObject(
        {
          count: 20_000,
        },
      );
      expect(pool.stats().threads).toBe(1);
    } finally {
      await pool.close();
    }
  });

  it('answers another database while one fills the pool with long reads', async () => {
    const store = open({ workers: 1, maxTimeMs: 120_000 });
    const a = store.database('big').collection('c');
    const b = store.database('b').collection('c');
    await fill(b, 1_000);
    await b.createIndex({ tag: 1 });
    let scansDone = 0;
    const scans = Array.from({ length: 10 }, () => fullScan(a).then(() => scansDone++));
    while (sqliteReadPool(store)!.stats().busy === 0) await new Promise((r) => setTimeout(r, 1));
    const found = await b.find({ tag: 't7' });
    expect(found).toHaveLength(20);
    // b was answered on a thread of its own, before a's queue ran down.
    expect(scansDone).toBeLessThan(10);
    await Promise.all(scans);
  });

  it('reads a database dropped and made again as the new one', async () => {
    const store = open({ workers: 1 });
    const c = store.database('d').collection('c');
    await c.insertMany([{ v: 'old' }]);
    expect(await c.find({ v: { $exists: true } }, { projection: { _id: 0 } })).toEqual([{ v: 'old' }]);
    await store.dropDatabase('d');
    expect(await c.count({ v: { $exists: true } })).toBe(0);
    await c.insertMany([{ v: 'new' }]);
    expect(await c.find({ v: { $exists: true } }, { projection: { _id: 0 } })).toEqual([{ v: 'new' }]);
  });
  it('answers a collection that does not exist as empty, through an idle worker or without a new thread', async () => {
    const store = open({ workers: 1, maxTimeMs: 120_000 });
    const pool = sqliteReadPool(store)!;
    const big = store.database('big');
    const other = store.database('e');
    await other.collection('kept').insertMany([{ n: 1 }]);
    const readAll = async (c: Collection) => {
      const batches: string[][] = [];
      for await (const batch of c.findExtJsonCursor({}, { sort: { n: 1 }, limit: 10 })) batches.push(batch);
      return batches;
    };
    // At rest: answered here, no worker started for nothing.
    expect(await other.collection('missing').find({})).toEqual([]);
    expect(pool.stats().threads).toBe(0);
    // The worker idle: the read goes to it, whose own lookup answers the same.
    expect(await other.collection('kept').count({})).toBe(1);
    expect(pool.stats()).toMatchObject({ threads: 1, busy: 0 });
    expect(await other.collection('missing').find({ n: 1 }, { sort: { n: 1 } })).toEqual([]);
    expect(await other.collection('missing').count({})).toBe(0);
    expect(await readAll(other.collection('missing'))).toEqual([]);
    await expect(other.collection('missing').find({}, { limit: -1 })).rejects.toThrow(StoreError);
    // Every thread busy with another database's scan: answered here at once, no extra thread.
    const scan = fullScan(big.collection('c'));
    while (pool.stats().busy === 0) await new Promise((r) => setTimeout(r, 1));
    expect(await readAll(other.collection('missing'))).toEqual([]);
    expect(await other.collection('missing').count({})).toBe(0);
    expect(pool.stats().threads).toBe(1);
    await scan;
  });
});
