/**
 * Access statistics are counted off the request path (src/vault/access-stats.ts): requests add to
 * a tally in memory, written as one upsert per (user, application) when flushed, so a request
 * never costs a write; node processes sharing the store add up; a process reads its own unwritten
 * tally with what is stored.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database, DocumentStore } from '@cella/document-store';
import { createSqliteDocumentStore } from '@cella/document-store/sqlite';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { AccessStats, totalsOf } from '../../src/vault/access-stats.js';

let dir: string;
let store: DocumentStore;
let nodeDb: Database;
let now = 1_800_000_000_000;
const clock = () => now;
const log = createLogger('silent');

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'cella-access-'));
  store = createSqliteDocumentStore({ dir });
  nodeDb = store.database('node');
});
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

test('requests are tallied in memory and written in one upsert per key; two processes add up', async () => {
  // No timer (flushMs 0): flushes happen when the test says.
  const one = new AccessStats(nodeDb, clock, log, 0);
  const two = new AccessStats(nodeDb, clock, log, 0);
  const stored = nodeDb.collection('access_stats');
  for (let i = 0; i < 1000; i++) {
    one.record('did:key:zAlice', 'did:key:zNotes');
    one.addBytes('did:key:zAlice', 'did:key:zNotes', 10);
  }
  one.record('did:key:zAlice', null);
  expect(await stored.count({})).toBe(0);
  // Reads see the unwritten tally.
  expect(totalsOf(await one.forUser('did:key:zAlice'))).toEqual({
    count: 1001,
    amount: 10_000,
    last: now / 1000,
    apps: 1,
  });

  await one.flush();
  expect(await stored.count({})).toBe(2);
  now += 60_000;
  two.record('did:key:zAlice', 'did:key:zNotes');
  two.addBytes('did:key:zAlice', 'did:key:zNotes', 5);
  await two.flush();
  const notes = (await one.forUser('did:key:zAlice')).find((e) => e.app === 'did:key:zNotes');
  expect(notes).toEqual({ app: 'did:key:zNotes', count: 1001, amount: 10_005, last: now / 1000 });
  expect(await one.latest()).toBe(now / 1000);

  await one.removeUser('did:key:zAlice');
  expect(await one.forUser('did:key:zAlice')).toEqual([]);
});
