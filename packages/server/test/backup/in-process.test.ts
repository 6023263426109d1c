/**
 * The backup flow between two in-process nodes (a vault node and a backup node, each with its own
 * data dir, on loopback): quick to run, every step checked. The same flow between two real
 * processes, with crashes, is in two-processes.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTempNode, type TempNode } from '../helpers/temp-node.js';
import { ALLOW_LOOPBACK, bytesOf, contentsOf, newUser, settled } from './helpers.js';

let primary: TempNode;
let backupNode: TempNode;

beforeAll(async () => {
  // Restores refused on purpose (a plan too small, no backup) fail their job, which the log says.
  primary = await startTempNode(
    { outboundAllow: ALLOW_LOOPBACK.CELLA_OUTBOUND_ALLOW },
    { allowLog: [/"kind":"restore".*"msg":"backup jobs: the job failed"/] },
  );
  backupNode = await startTempNode({ role: 'backup' });
});

afterAll(async () => {
  await primary?.stop();
  await backupNode?.stop();
});

describe('backup between two nodes', () => {
  test('back up, change, back up again (only the change travels), restore, promote', async () => {
    const user = newUser();
    const vault = await user.on(primary.url);
    await vault.subscription.subscribe();
    await vault.db.createCollection('notes');
    await vault.db
      .collection('notes')
      .insert(Array.from({ length: 500 }, (_, i) => ({ i, text: `note ${i}`.repeat(5) })));
    await vault.files.upload('a.bin', bytesOf('a', 3 * 1024 * 1024 + 17));
    await vault.files.upload('dir/b.txt', 'hello');
    await vault.scripts.register('get_notes', {
      executable: { type: 'find', name: 'get_notes', body: { collection: 'notes', filter: {} } },
    } as never);

    const started = await vault.backup.start({ target: { url: backupNode.url } });
    expect(started.state).toBe('backup');
    const first = await settled(vault);
    expect(first.result, first.message).toBe('success');
    expect(first.progress.bytes_done).toBe(first.progress.bytes_total);
    const full = first.progress.bytes_total;
    expect(full).toBeGreaterThan(3 * 1024 * 1024);

    // Change a little, back up again: only the change travels.
    await vault.db.collection('notes').update({ i: 3 }, { $set: { text: 'changed' } });
    await vault.files.upload('c.txt', 'a new file');
    await vault.backup.start({ target: { url: backupNode.url } });
    const second = await settled(vault);
    expect(second.result, second.message).toBe('success');
    expect(second.progress.bytes_total).toBeLessThan(full / 10);
    expect(second.progress.vault_bytes).toBeGreaterThan(full);
    const backedUp = await contentsOf(vault);

    // Change more, then restore: the vault is back at the second backup.
    await vault.db.collection('notes').delete({ i: { $lt: 100 } });
    await vault.files.delete('a.bin');
    await vault.backup.restore({ target: { url: backupNode.url } });
    const restored = await settled(vault);
    expect(restored.result, restored.message).toBe('success');
    expect(await contentsOf(vault)).toEqual(backedUp);

    // Promote on the backup node and read everything back there.
    const there = await user.on(backupNode.url);
    const promoted = await there.backup.promote();
    expect(promoted.storage_used).toBeGreaterThan(3 * 1024 * 1024);
    expect(await contentsOf(there)).toEqual(backedUp);
  }, 120_000);

  test('a BackupToken acts only on the internal API: user endpoints and script runs refuse it', async () => {
    const user = newUser();
    const vault = await user.on(backupNode.url);
    await vault.subscription.subscribe();
    await vault.db.createCollection('notes');
    await vault.scripts.register('anyone', {
      executable: { type: 'find', collection: 'notes', filter: {} },
      allowAnonymous: true,
    });
    const { token } = await backupNode.ctx.backup.tokens.issue(
      { userDid: user.did, sourceDid: primary.ctx.identity.did, targetUrl: backupNode.url, nonce: 'n' },
      Math.floor(Date.now() / 1000) + 600,
    );
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${backupNode.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return {
        status: response.status,
        body: (await response.json().catch(() => null)) as { error?: { message: string } } | null,
      };
    };
    const internal = await call('GET', '/api/v2/vault-backup-service/state');
    expect(internal.status).toBe(200);
    for (const [method, path] of [
      ['GET', '/api/v2/vault/db/notes'],
      ['GET', '/api/v2/subscription/vault'],
      ['GET', '/api/v2/vault/files/?list=true'],
      ['POST', '/api/v2/vault/backup/promote'],
    ] as const) {
      const answer = await call(method, path);
      expect(answer.status, `${method} ${path}`).toBe(401);
      expect(answer.body?.error?.message).toMatch(/backup token is only valid on the internal backup API/);
    }
    // An anonymous-capable script run does not run as the user either: the token is refused.
    const run = await call('POST', '/api/v2/vault/scripting/anyone/run', {
      context: { target_did: user.did },
    });
    expect(run.status).toBe(401);
  });

  test('a restore that fails leaves the vault exactly as it was (content, usage, references, no leftover database)', async () => {
    const user = newUser();
    const vault = await user.on(primary.url);
    await vault.subscription.subscribe();
    await vault.db.createCollection('notes');
    await vault.db.collection('notes').insert([{ n: 1 }, { n: 2 }]);
    const content = bytesOf('shared', 1024 * 1024);
    for (const name of ['a.bin', 'b.bin', 'c.bin']) await vault.files.upload(name, content);
    const cid = await vault.files.hash('a.bin');
    await vault.backup.start({ target: { url: backupNode.url } });
    expect((await settled(vault)).result).toBe('success');

    // The vault changes, and its quota drops below the backup's logical size (3 copies of 1 MiB).
    await vault.files.delete('b.bin');
    await vault.files.delete('c.bin');
    await vault.db.collection('notes').insert({ n: 3 });
    await primary.ctx.vaults.update(user.did, { quota: 2 * 1024 * 1024 });
    const before = await contentsOf(vault);
    // The vault as stored; the access statistics count this test's own requests, so they move.
    const stored = async () => {
      const {
        access_count: _c,
        access_amount: _a,
        access_last_time: _t,
        ...info
      } = await vault.subscription.info();
      return info;
    };
    const usageBefore = await stored();
    const refsBefore = await primary.ctx.files.refCount(cid);
    const databasesBefore = await primary.ctx.documents.listDatabases();

    await vault.backup.restore({ target: { url: backupNode.url } });
    const failed = await settled(vault);
    expect(failed).toMatchObject({ state: 'restore', result: 'failed' });
    expect(failed.message).toMatch(
      /restore failed: the backup holds \d+ bytes but this vault's plan .* allows 2097152 bytes/,
    );
    expect(await contentsOf(vault)).toEqual(before);
    expect(await stored()).toEqual(usageBefore);
    expect(await primary.ctx.files.refCount(cid)).toBe(refsBefore);
    expect((await primary.ctx.documents.listDatabases()).sort()).toEqual(databasesBefore.sort());
  });

  test('restoring when the backup node keeps no backup of the vault fails with that reason', async () => {
    const user = newUser();
    const vault = await user.on(primary.url);
    await vault.subscription.subscribe();
    await vault.backup.restore({ target: { url: backupNode.url } });
    const failed = await settled(vault);
    expect(failed.result).toBe('failed');
    expect(failed.message).toMatch(/there is no complete backup of this vault here/);
  });
});
