/**
 * The rate limits processes share through the store (src/rate-limits/shared-windows.ts), as two
 * limiters on one real SQLite DocumentStore stand for two node processes, with a movable clock:
 * the budget holds across them (exactly with chunks of 1, within a chunk per process otherwise),
 * a busy key costs one store write per chunk, concurrent requests share one claim, a window renews
 * the budget, and a store that does not answer turns into per-process counting, not refusals.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Database, DocumentStore } from '@cella/document-store';
import { createSqliteDocumentStore } from '@cella/document-store/sqlite';
import { CellaError } from '../../src/errors.js';
import { RATE_LIMITS_COLLECTION, SharedWindows } from '../../src/rate-limits/shared-windows.js';

let dir: string;
let store: DocumentStore;
let nodeDb: Database;
let now = Date.UTC(2026, 0, 1, 12, 0, 0);
const clock = () => now;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'cella-rate-'));
  store = createSqliteDocumentStore({ dir });
  nodeDb = store.database('node');
});
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** 'ok', or the refusal's code and Retry-After. */
async function take(limiter: SharedWindows, key: string): Promise<string> {
  try {
    await limiter.take(key);
    return 'ok';
  } catch (error) {
    if (error instanceof CellaError) return `${error.code} ${error.retryAfterSeconds}`;
    throw error;
  }
}

const limiter = (bucket: string, perMinute: number, chunk?: number, db = nodeDb) =>
  new SharedWindows(db, { bucket, perMinute, what: 'requests', clock, ...(chunk ? { chunk } : {}) });

test('chunks of 1: exact across processes, per key and per one-minute window', async () => {
  const a = limiter('exact', 3, 1);
  const b = limiter('exact', 3, 1);
  expect([await take(a, 'ip1'), await take(b, 'ip1'), await take(a, 'ip1')]).toEqual(['ok', 'ok', 'ok']);
  // Refused until the window's end: 60 s in the window.
  expect(await take(b, 'ip1')).toBe('RATE_LIMITED 60');
  expect(await take(a, 'ip1')).toBe('RATE_LIMITED 60');
  expect(await take(a, 'ip2')).toBe('ok');
  now += 60_000;
  expect(await take(b, 'ip1')).toBe('ok');
});

test('chunks: two processes together never admit more than the budget, and lose at most a chunk and a quarter each', async () => {
  now = Date.UTC(2026, 0, 1, 13, 0, 0);
  const a = limiter('chunked', 100, 10);
  const b = limiter('chunked', 100, 10);
  const outcomes: string[] = [];
  for (let i = 0; i < 150; i++) outcomes.push(await take(i % 3 === 0 ? b : a, 'did:key:zUser'));
  const admitted = outcomes.filter((o) => o === 'ok').length;
  expect(admitted).toBeLessThanOrEqual(100);
  expect(admitted).toBeGreaterThanOrEqual(100 - 2 * 12.5);
  expect(outcomes.at(-1)).toMatch(/^RATE_LIMITED \d+$/);
  // One store write per chunk: the counter says 10 claims' worth at most (the budget, rounded up).
  const counter = await nodeDb.collection(RATE_LIMITS_COLLECTION).findOne({ _id: { $regex: '^chunked\\|' } });
  expect(Number(counter?.count)).toBeLessThanOrEqual(100 + 2 * 2 * 10);
});

test('concurrent requests of one key wait for one claim; a busy key costs a write per chunk', async () => {
  now = Date.UTC(2026, 0, 1, 14, 0, 0);
  const a = limiter('concurrent', 1000, 20);
  const outcomes = await Promise.all(Array.from({ length: 50 }, () => take(a, 'k')));
  expect(outcomes.every((o) => o === 'ok')).toBe(true);
  // 50 requests, chunks of 20: three claims (and maybe one ahead), not fifty.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const counter = await nodeDb
    .collection(RATE_LIMITS_COLLECTION)
    .findOne({ _id: { $regex: '^concurrent\\|' } });
  expect([60, 80]).toContain(counter?.count);
});

test('a steady key never waits for the store: the next chunk is claimed ahead', async () => {
  now = Date.UTC(2026, 0, 1, 14, 30, 0);
  const a = limiter('ahead', 1000, 20);
  await a.take('k'); // the first request of the window waits for its claim
  const waited: number[] = [];
  for (let i = 1; i < 200; i++) {
    if (a.take('k') instanceof Promise) waited.push(i);
    // Requests arrive over time, not all in one turn of the event loop.
    if (i % 5 === 0) await new Promise((resolve) => setTimeout(resolve, 2));
  }
  expect(waited).toEqual([]);
});

test('a store that does not answer: the process counts on its own, and says so once', async () => {
  now = Date.UTC(2026, 0, 1, 15, 0, 0);
  const brokenDir = mkdtempSync(path.join(tmpdir(), 'cella-rate-broken-'));
  const broken = createSqliteDocumentStore({ dir: brokenDir });
  const warnings: unknown[] = [];
  const a = new SharedWindows(broken.database('node'), {
    bucket: 'outage',
    perMinute: 4,
    chunk: 2,
    what: 'requests',
    clock,
    log: { warn: (...args: unknown[]) => warnings.push(args) },
  });
  await broken.close();
  rmSync(brokenDir, { recursive: true, force: true });
  const outcomes = [];
  for (let i = 0; i < 5; i++) outcomes.push(await take(a, 'k'));
  expect(outcomes).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
  expect(warnings).toHaveLength(1);
});

test('memory stays bounded: past maxKeys the oldest keys are forgotten, never granted twice', async () => {
  now = Date.UTC(2026, 0, 1, 16, 0, 0);
  const a = new SharedWindows(nodeDb, {
    bucket: 'many',
    perMinute: 1,
    chunk: 1,
    what: 'x',
    clock,
    maxKeys: 10,
  });
  for (let i = 0; i < 25; i++) expect(await take(a, `ip${i}`)).toBe('ok');
  expect(a.size).toBeLessThanOrEqual(10);
  // A forgotten key asks the store again, which still refuses it.
  expect(await take(a, 'ip0')).toBe('RATE_LIMITED 60');
});
