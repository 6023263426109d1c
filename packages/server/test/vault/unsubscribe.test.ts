/**
 * `DELETE /api/v2/subscription/vault` through the SDK: switching a vault off (data kept, restored
 * by subscribing again) and deleting it for good (`force`), with what the files and scripts
 * services keep node-wide (reference counts, pins, file transactions).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { CellaApiError, Vault } from '@cella/sdk';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTempNode, type TempNode } from '../helpers/temp-node.js';
import { signedInUser } from '../helpers/users.js';
import { spaceOf } from '../../src/vault/spaces.js';

let node: TempNode;
beforeAll(async () => {
  node = await startTempNode();
});
afterAll(async () => {
  await node?.stop();
});

async function refusal(promise: Promise<unknown>): Promise<CellaApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e as CellaApiError,
  );
  if (!error) throw new Error('expected the call to be refused');
  return error;
}

async function cidOf(vault: Vault, path: string): Promise<string> {
  const { cid } = await vault.files.stat(path);
  if (!cid) throw new Error(`${path} is not a file`);
  return cid;
}

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function vaultWithContent(): Promise<Vault> {
  const user = await signedInUser(node.url);
  const notes = await user.db.createCollection('notes');
  await notes.insert({ text: 'keep me' });
  // Content of its own: another vault holding the same bytes would share the CID's count.
  await user.files.upload('docs/a.txt', `file content ${randomUUID()}`);
  await user.scripts.register('count_notes', {
    executable: { type: 'count', collection: 'notes', filter: {} },
  });
  return user;
}

describe('unsubscribe without force', () => {
  test('switches the vault off: every vault call answers 404 until subscribing restores it with its data', async () => {
    const user = await vaultWithContent();
    const before = await user.subscription.info();
    await user.subscription.unsubscribe();

    for (const call of [
      () => user.subscription.info(),
      () => user.db.collection('notes').find({}).toArray(),
      () => user.db.createCollection('other'),
      () => user.files.bytes('docs/a.txt'),
      () => user.files.upload('docs/b.txt', 'new'),
      () => user.scripts.run('count_notes'),
    ]) {
      expect(await refusal(call())).toMatchObject({ status: 404, code: 'VAULT_NOT_FOUND' });
    }
    // Other users' runs against it too.
    const other = await signedInUser(node.url);
    expect(await refusal(other.scripts.run('count_notes', { owner: user.did }))).toMatchObject({
      status: 404,
    });
    // A second unsubscribe finds no vault.
    expect(await refusal(user.subscription.unsubscribe())).toMatchObject({ status: 404 });

    const restored = await user.subscription.subscribe();
    expect(restored).toMatchObject({ state: 'running', storage_used: before.storage_used });
    expect(await user.db.collection('notes').find({}).toArray()).toMatchObject([{ text: 'keep me' }]);
    expect(Buffer.from(await user.files.bytes('docs/a.txt')).toString()).toMatch(/^file content /);
    expect(await user.scripts.run('count_notes')).toEqual({ count_notes: { count: 1 } });
  });

  test('a write that was under way when the vault was unsubscribed stores nothing', async () => {
    const user = await vaultWithContent();
    // The record a request had read before the unsubscribe.
    const stale = spaceOf((await node.ctx.vaults.find(user.did))!, null);
    await user.subscription.unsubscribe();
    await expect(node.ctx.database.insert(stale, 'notes', { text: 'late' })).rejects.toMatchObject({
      code: 'VAULT_NOT_FOUND',
    });
    const late = (async function* () {
      yield new TextEncoder().encode('late bytes');
    })();
    await expect(node.ctx.files.upload(stale, 'late.txt', late)).rejects.toMatchObject({
      code: 'VAULT_NOT_FOUND',
    });
    await user.subscription.subscribe();
    expect(await user.db.collection('notes').count({})).toBe(1);
    expect((await user.files.list()).map((f) => f.name)).not.toContain('late.txt');
  });

  test('a vault that never existed cannot be unsubscribed', async () => {
    const user = await signedInUser(node.url);
    expect(await refusal(user.subscription.unsubscribe())).toMatchObject({
      status: 404,
      code: 'VAULT_NOT_FOUND',
    });
    expect(await refusal(user.subscription.unsubscribe({ force: true }))).toMatchObject({ status: 404 });
  });
});

describe('unsubscribe with force', () => {
  test('deletes documents, scripts and files; shared content stays for its other owner; a new vault starts empty', async () => {
    const alice = await vaultWithContent();
    const bob = await signedInUser(node.url);
    const shared = new TextEncoder().encode('the same bytes for both');
    const { cid: sharedCid } = await alice.files.upload('shared.bin', shared);
    await bob.files.upload('mine.bin', shared);
    const ownCid = await cidOf(alice, 'docs/a.txt');
    await alice.scripts.register('get_a', { executable: { type: 'fileDownload', path: 'docs/a.txt' } });
    const { get_a } = await alice.scripts.run<{ get_a: { transaction_id: string } }>('get_a');
    const { database } = (await node.ctx.vaults.find(alice.did))!;
    expect(await node.ctx.files.refCount(sharedCid)).toBe(2);

    await alice.subscription.unsubscribe({ force: true });

    expect(await node.ctx.files.refCount(sharedCid)).toBe(1);
    expect(await node.ctx.files.refCount(ownCid)).toBe(0);
    await node.ctx.files.sweep({ graceMs: 60_000 }); // unpins what was released
    expect(await node.ctx.blocks.isPinned(ownCid)).toBe(false);
    expect(await node.ctx.blocks.isPinned(sharedCid)).toBe(true);
    expect(sha(await bob.files.bytes('mine.bin'))).toBe(sha(shared));
    expect(await node.ctx.documents.listDatabases()).not.toContain(database);
    expect(await node.ctx.vaults.findAny(alice.did)).toBeNull();
    // The file transaction handed out before is void.
    const stale = await fetch(`${node.url}/api/v2/vault/scripting/stream/${get_a.transaction_id}`, {
      headers: { authorization: `Bearer ${await alice.session.token()}` },
    });
    expect(stale.status).toBe(400);

    // No vault any more; the next use creates a new, empty one with the free plan.
    expect(await refusal(alice.subscription.info())).toMatchObject({ status: 404 });
    const fresh = await alice.subscription.subscribe();
    expect(fresh).toMatchObject({ state: 'running', storage_used: 0 });
    expect(await alice.db.listCollections()).toEqual([]);
    expect(await alice.files.list()).toEqual([]);
    expect(await alice.scripts.list()).toEqual([]);
    // After a sweep the content only alice held is gone from the store.
    await node.ctx.files.sweep({ graceMs: 0 });
    expect(await node.ctx.blocks.hasBlock(ownCid)).toBe(false);
  });

  test('cancels a backup of the vault that runs (as the reference does), then deletes the vault', async () => {
    const user = await vaultWithContent();
    const jobs = node.ctx.nodeDb.collection('backup_jobs');
    await jobs.insertMany([
      { _id: user.did, kind: 'backup', result: 'running', leaseUntil: Date.now() + 60_000 },
    ]);
    try {
      await user.subscription.unsubscribe({ force: true });
      expect(await jobs.findOne({ _id: user.did })).toMatchObject({
        result: 'failed',
        message: 'cancelled: the vault was deleted (forced unsubscribe)',
      });
      expect(await node.ctx.vaults.findAny(user.did)).toBeNull();
      expect(await refusal(user.subscription.info())).toMatchObject({ status: 404 });
    } finally {
      await jobs.deleteOne({ _id: user.did });
    }
  });

  test('finishes a deletion that stopped after the vault was switched off (repeat after a crash)', async () => {
    const user = await vaultWithContent();
    const cid = await cidOf(user, 'docs/a.txt');
    // As if the process died right after step 2 (record marked removed, nothing deleted yet).
    await node.ctx.vaults.unsubscribe(user.did);
    await user.subscription.unsubscribe({ force: true });
    expect(await node.ctx.vaults.findAny(user.did)).toBeNull();
    expect(await node.ctx.files.refCount(cid)).toBe(0);
  });
});
