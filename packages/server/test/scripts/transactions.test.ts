/**
 * File transactions as a service, on a real SQLite DocumentStore with
 * a movable clock: single use, expiry, refusals that do not burn, concurrent claims, shared state
 * between two service instances (as two node processes would have).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database, DocumentStore } from '@cella/document-store';
import { createSqliteDocumentStore } from '@cella/document-store/sqlite';
import { CellaError } from '../../src/errors.js';
import { TransactionStore, type TransactionGrant } from '../../src/scripts/transactions.js';

let dir: string;
let store: DocumentStore;
let nodeDb: Database;
let now = Date.UTC(2026, 0, 1);
const clock = () => now;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'cella-tx-'));
  store = createSqliteDocumentStore({ dir });
  nodeDb = store.database('node');
});
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const grant: TransactionGrant = {
  kind: 'upload',
  targetDid: 'did:key:zOwner',
  targetApp: null,
  path: 'inbox/a.txt',
  callerDid: 'did:key:zCaller',
  bearer: false,
  scriptName: 'upload',
  scriptVersion: 'v1',
};

async function code(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  return error instanceof CellaError ? error.code : `no CellaError: ${String(error)}`;
}

describe('transactions', () => {
  test('ids are opaque, unguessable and single-use; only a hash is stored', async () => {
    const transactions = new TransactionStore(nodeDb, clock, 3600);
    const id = await transactions.create(grant);
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(id).not.toContain('did');
    expect(await nodeDb.collection('script_transactions').count({ _id: id })).toBe(0);
    const claimed = await transactions.claim(id, 'upload');
    expect(claimed).toMatchObject({ path: 'inbox/a.txt', targetDid: 'did:key:zOwner' });
    expect(await code(transactions.claim(id, 'upload'))).toBe('INVALID_PARAMETER');
    expect(await code(transactions.claim('made-up-id', 'upload'))).toBe('INVALID_PARAMETER');
  });

  test('they expire after the configured time', async () => {
    const transactions = new TransactionStore(nodeDb, clock, 60);
    const id = await transactions.create(grant);
    now += 61_000;
    expect(await code(transactions.claim(id, 'upload'))).toBe('INVALID_PARAMETER');
  });

  test('a wrong method or a refused check does not burn the transaction', async () => {
    const transactions = new TransactionStore(nodeDb, clock, 3600);
    const id = await transactions.create(grant);
    expect(await code(transactions.claim(id, 'download'))).toBe('INVALID_PARAMETER');
    const refuse = () => {
      throw new CellaError('FORBIDDEN', 'not yours');
    };
    expect(await code(transactions.claim(id, 'upload', refuse))).toBe('FORBIDDEN');
    await transactions.claim(id, 'upload');
  });

  test('a failed transfer gives the claim back until expiry', async () => {
    const transactions = new TransactionStore(nodeDb, clock, 3600);
    const id = await transactions.create(grant);
    const claimed = await transactions.claim(id, 'upload');
    await transactions.release(claimed);
    const again = await transactions.claim(id, 'upload');
    now += 3601_000;
    await transactions.release(again);
    expect(await code(transactions.claim(id, 'upload'))).toBe('INVALID_PARAMETER');
  });

  test('of many concurrent claims, from two service instances, exactly one wins', async () => {
    const a = new TransactionStore(nodeDb, clock, 3600);
    const b = new TransactionStore(nodeDb, clock, 3600);
    const id = await a.create(grant);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).claim(id, 'upload')),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });
});
