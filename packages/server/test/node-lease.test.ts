/**
 * The node-wide lease under which the files sweep and the usage repair run: one holder among all
 * processes sharing the node database (two NodeLease instances here, as two processes would
 * have), freed when the work ends, and taken over once a dead holder's lease has run out.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteDocumentStore } from '@cella/document-store/sqlite';
import { afterAll, expect, test } from 'vitest';
import { createLogger } from '../src/logger.js';
import { NodeLease } from '../src/node-lease.js';

const dir = mkdtempSync(join(tmpdir(), 'cella-lease-'));
const store = createSqliteDocumentStore({ dir });
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});
const log = createLogger('silent');

test('one holder at a time across processes; free again when the work ends', async () => {
  const leases = store.database('node').collection('leases');
  const a = new NodeLease(leases, 'job', Date.now, log);
  const b = new NodeLease(leases, 'job', Date.now, log);
  let release!: () => void;
  const working = new Promise<void>((resolve) => (release = resolve));
  let started!: () => void;
  const inside = new Promise<void>((resolve) => (started = resolve));
  const first = a.run(async () => {
    started();
    await working;
  });
  await inside;
  expect(await b.run(async () => undefined)).toBe(false); // held by a
  release();
  expect(await first).toBe(true);
  expect(await b.run(async () => undefined)).toBe(true); // freed
});

test('a holder that died keeps the lease until it runs out, then another process takes it', async () => {
  const leases = store.database('node').collection('leases');
  let now = 1_000_000;
  const clock = () => now;
  // A process took the lease and was killed: its document stays.
  await leases.insertMany([{ _id: 'sweep', owner: 'dead process', until: now + 30_000 }]);
  const alive = new NodeLease(leases, 'sweep', clock, log, 30_000);
  let ran = 0;
  expect(await alive.run(async () => void ran++)).toBe(false);
  now += 30_001;
  expect(await alive.run(async () => void ran++)).toBe(true);
  expect(ran).toBe(1);
});
