/**
 * A charged write's `beforeCommit` hook may run more than once for one write: the MongoDB
 * engine's transactions (`withTransaction`) run their callback again after a transient error,
 * hook included. The vault must then be charged once, with the last delta — before the fix each
 * run added its delta again, so a retried transaction on a replica set overcharged the vault.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteDocumentStore } from '@cella/document-store/sqlite';
import { afterAll, expect, test } from 'vitest';
import { defaultPlans } from '../../src/vault/plans.js';
import { VaultService } from '../../src/vault/vaults.js';

const dir = mkdtempSync(join(tmpdir(), 'cella-charge-hook-'));
const store = createSqliteDocumentStore({ dir });
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const vaults = new VaultService(store.database('node'), defaultPlans, Date.now);

test('a hook run again (a retried transaction) charges once, with its last delta; a refund gives it back', async () => {
  await vaults.open('did:example:alice');
  const hook = vaults.chargeHook('did:example:alice', 'db');
  await hook.beforeCommit(1000);
  await hook.beforeCommit(1000); // the transaction's callback ran again
  expect((await vaults.find('did:example:alice'))?.dbUsed).toBe(1000);
  await hook.beforeCommit(1200); // ... and computed another delta the second time
  expect((await vaults.find('did:example:alice'))?.dbUsed).toBe(1200);
  await hook.refund(); // the commit failed after all
  expect((await vaults.find('did:example:alice'))?.dbUsed).toBe(0);
  await hook.refund();
  expect((await vaults.find('did:example:alice'))?.dbUsed).toBe(0);
});

test('chargedWrite: a write whose hook ran twice is charged once; a write that fails after its hook is refunded', async () => {
  await vaults.open('did:example:bob');
  await vaults.chargedWrite('did:example:bob', 'files', async (beforeCommit) => {
    await beforeCommit(500);
    await beforeCommit(500);
  });
  expect((await vaults.find('did:example:bob'))?.filesUsed).toBe(500);
  await expect(
    vaults.chargedWrite('did:example:bob', 'files', async (beforeCommit) => {
      await beforeCommit(300);
      throw new Error('commit failed');
    }),
  ).rejects.toThrow('commit failed');
  expect((await vaults.find('did:example:bob'))?.filesUsed).toBe(500);
});
