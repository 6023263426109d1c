/**
 * Per-application spaces (src/vault/spaces.ts): the applications of one user do not see each
 * other's collections, files or scripts; a sign-in without an application (Cella's SDK) works in
 * the default space, which is unchanged; the vault (plan, quota, usage summed over the spaces) is
 * one per user; whatever works on the whole vault — the files sweep, the usage repair, backup,
 * restore, promotion, a forced unsubscribe — covers every space.
 */
import { createHash } from 'node:crypto';
import { connect, createDevIdentity, type Vault } from '@cella/sdk';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { spacePrefix, vaultDatabaseName } from '../../src/vault/names.js';
import { UsageRepair } from '../../src/vault/usage-repair.js';
import { ALLOW_LOOPBACK, settled } from '../backup/helpers.js';
import { appDid, HiveSession } from '../helpers/hive-client.js';
import { startTempNode, type TempNode } from '../helpers/temp-node.js';

let node: TempNode;
let backupNode: TempNode;

beforeAll(async () => {
  [node, backupNode] = await Promise.all([
    // The usage repair test skews a counter on purpose.
    startTempNode(
      { outboundAllow: ALLOW_LOOPBACK.CELLA_OUTBOUND_ALLOW },
      { allowLog: [/"msg":"corrected a usage counter"/] },
    ),
    startTempNode({ role: 'backup' }),
  ]);
});
afterAll(async () => {
  await node?.stop();
  await backupNode?.stop();
});

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** One user, signed in through the Cella SDK (default space) and through two applications. */
async function threeWays() {
  const user = createDevIdentity('key');
  const cella = await connect({ url: node.url, signer: user.signer });
  const [appA, appB] = [appDid(), appDid()];
  const a = await HiveSession.through(node.url, user.signer, appA);
  const b = await HiveSession.through(node.url, user.signer, appB);
  return { user, cella, a, b, appA, appB };
}

async function collectionsOf(session: HiveSession): Promise<string[]> {
  const response = await session.send('GET', '/api/v2/vault/db/collections');
  expect(response.status).toBe(200);
  return response.json().collections.map((c: { name: string }) => c.name);
}

async function findIn(session: HiveSession, collection: string) {
  const response = await session.send('GET', `/api/v2/vault/db/${collection}?filter=%7B%7D`);
  return { status: response.status, items: response.status === 200 ? response.json().items : [] };
}

async function fileOf(session: HiveSession, path: string) {
  const response = await session.send('GET', `/api/v2/vault/files/${path}`);
  return { status: response.status, text: response.body.toString() };
}

async function upload(session: HiveSession, path: string, content: string, query = '') {
  const response = await session.send('PUT', `/api/v2/vault/files/${path}${query}`, content);
  expect(response.status).toBe(200);
  return response.json() as { cid: string };
}

async function seed(session: HiveSession, label: string) {
  expect((await session.send('PUT', '/api/v2/vault/db/collections/notes', {})).status).toBe(200);
  const inserted = await session.send('POST', '/api/v2/vault/db/collection/notes', {
    document: [{ label }],
  });
  expect(inserted.status).toBe(201);
  await upload(session, 'avatar.png', `avatar of ${label}`);
  const registered = await session.send('PUT', '/api/v2/vault/scripting/hello', {
    executable: { name: 'hello', type: 'find', body: { collection: 'notes', filter: {} } },
  });
  expect(registered.status).toBe(200);
}

describe('two applications of one user', () => {
  test('see only their own collections, documents, files and scripts; the same names hold different data', async () => {
    const { a, b, cella, user, appA } = await threeWays();
    await seed(a, 'A');
    expect(await collectionsOf(b)).toEqual([]);
    expect((await findIn(b, 'notes')).status).toBe(404);
    expect((await fileOf(b, 'avatar.png')).status).toBe(404);
    expect((await b.send('GET', '/api/v2/vault/scripting/scripts')).status).toBe(404);

    await seed(b, 'B');
    expect((await findIn(a, 'notes')).items.map((d: { label: string }) => d.label)).toEqual(['A']);
    expect((await findIn(b, 'notes')).items.map((d: { label: string }) => d.label)).toEqual(['B']);
    expect((await fileOf(a, 'avatar.png')).text).toBe('avatar of A');
    expect((await fileOf(b, 'avatar.png')).text).toBe('avatar of B');

    // Deleting in one space leaves the other's data alone.
    expect((await b.send('DELETE', '/api/v2/vault/files/avatar.png')).status).toBe(204);
    expect((await fileOf(a, 'avatar.png')).text).toBe('avatar of A');

    // A script runs in the space the run names: A's `hello` finds A's notes, also when B calls it.
    const run = await b.send('PATCH', '/api/v2/vault/scripting/hello', {
      context: { target_did: user.did, target_app_did: appA },
    });
    expect(run.status).toBe(200);
    expect(run.json().hello.items.map((d: { label: string }) => d.label)).toEqual(['A']);

    // The default space (Cella's SDK, no application) sees none of it, and they see none of its.
    expect(await cella.db.listCollections()).toEqual([]);
    await cella.db.createCollection('diary');
    expect(await collectionsOf(a)).toEqual(['notes']);
  });

  test("the default space is the one it always was: its collections under their own names in node_user_<hash>; an application's under its prefix", async () => {
    const { cella, a, user, appA } = await threeWays();
    await cella.db.createCollection('plain');
    await seed(a, 'A');
    const stored = await node.ctx.documents.database(vaultDatabaseName(user.did)).listCollections();
    expect(stored).toContain('plain');
    expect(stored).toContain(`${spacePrefix(appA)}notes`);
    expect(stored).not.toContain('notes');
    expect(await cella.db.listCollections()).toEqual(['plain']);
  });

  test("one vault: one plan and quota, usage is the sum over the spaces, and app stats report each application's own bytes", async () => {
    const { cella, a, b } = await threeWays();
    await upload(a, 'big.bin', 'a'.repeat(3000));
    await upload(b, 'big.bin', 'b'.repeat(5000));
    await cella.files.upload('big.bin', 'c'.repeat(7000));
    const info = await a.send('GET', '/api/v2/subscription/vault');
    expect(info.json().files_used).toBe(15_000);
    expect((await b.send('GET', '/api/v2/subscription/vault')).json().files_used).toBe(15_000);
    const stats = await a.send('GET', '/api/v2/subscription/vault/app_stats');
    expect(stats.status).toBe(200);
    const used = Object.fromEntries(
      stats
        .json()
        .apps.map((app: { app_did: string; used_storage_size: number }) => [
          app.app_did,
          app.used_storage_size,
        ]),
    );
    expect(Object.values(used).sort()).toEqual([3000, 5000]);
    expect(info.json().app_count).toBe(2);
  });

  test('freezing the vault freezes every space', async () => {
    const { cella, a } = await threeWays();
    await cella.subscription.subscribe();
    await cella.subscription.freeze();
    const refused = await a.send('PUT', '/api/v2/vault/files/x.txt', 'x');
    expect(refused.status).toBe(403);
    expect(refused.json().error.internal_code).toBe(1);
    await cella.subscription.activate();
  });
});

describe('what works on the whole vault covers every space', () => {
  test('the files sweep counts the files of application spaces: their contents stay pinned and readable', async () => {
    const { a } = await threeWays();
    const { cid } = await upload(a, 'kept/only-in-app.txt', 'kept through a sweep');
    await node.ctx.files.sweep({ graceMs: 0 });
    expect(await node.ctx.files.refCount(cid)).toBe(1);
    expect((await fileOf(a, 'kept/only-in-app.txt')).text).toBe('kept through a sweep');
  });

  test('the usage repair recounts every space', async () => {
    const { a, cella, user } = await threeWays();
    await upload(a, 'counted.bin', 'x'.repeat(4000));
    await cella.files.upload('counted.bin', 'y'.repeat(1000));
    await node.ctx.vaults.setUsage(user.did, 'files', 1);
    await new UsageRepair(node.ctx).run();
    expect((await node.ctx.vaults.find(user.did))!.filesUsed).toBe(5000);
  });

  test('a forced unsubscribe deletes every space and releases their files', async () => {
    const { a, b, cella, user } = await threeWays();
    const { cid } = await upload(a, 'gone.txt', `only here ${user.did}`);
    await upload(b, 'public.txt', `public ${user.did}`, '?public=true');
    await cella.subscription.subscribe();
    await cella.subscription.unsubscribe({ force: true });
    expect(await node.ctx.documents.listDatabases()).not.toContain(vaultDatabaseName(user.did));
    expect(await node.ctx.files.refCount(cid)).toBe(0);
    expect(await node.ctx.nodeDb.collection('public_files').count({ user: user.did })).toBe(0);
    await cella.subscription.subscribe();
    expect((await fileOf(a, 'gone.txt')).status).toBe(404);
  });

  test('backup and restore carry every space; promotion brings them all to the backup node', async () => {
    const { cella, a, b, user, appA } = await threeWays();
    await cella.subscription.subscribe();
    await cella.db.createCollection('diary');
    await cella.db.collection('diary').insert({ day: 1 });
    await seed(a, 'A');
    await upload(b, 'photo.jpg', 'photo of B', '?public=true');

    await cella.backup.start({ target: { url: backupNode.url } });
    expect((await settled(cella)).result).toBe('success');

    // Change every space, then restore: each is back as it was.
    await cella.db.collection('diary').insert({ day: 2 });
    await a.send('POST', '/api/v2/vault/db/collection/notes', { document: [{ label: 'later' }] });
    await b.send('DELETE', '/api/v2/vault/files/photo.jpg');
    await cella.backup.restore({ target: { url: backupNode.url } });
    const restored = await settled(cella);
    expect(restored.result, restored.message).toBe('success');
    expect((await cella.db.collection('diary').find({}).toArray()).map((d) => d.day)).toEqual([1]);
    expect((await findIn(a, 'notes')).items.map((d: { label: string }) => d.label)).toEqual(['A']);
    expect((await fileOf(b, 'photo.jpg')).text).toBe('photo of B');
    // The restored public file is public again (by CID, without a token).
    const photoCid = (await b.send('GET', '/api/v2/vault/files/photo.jpg?comp=metadata')).json().cid;
    expect(await (await fetch(`${node.url}/ipfs/${photoCid}`)).text()).toBe('photo of B');

    const promotedVault: Vault = await connect({ url: backupNode.url, signer: user.signer });
    await promotedVault.backup.promote();
    const there = await HiveSession.through(backupNode.url, user.signer, appA);
    expect((await findIn(there, 'notes')).items.map((d: { label: string }) => d.label)).toEqual(['A']);
    expect(sha256((await fileOf(there, 'avatar.png')).text)).toBe(sha256('avatar of A'));
    expect((await promotedVault.db.collection('diary').find({}).toArray()).map((d) => d.day)).toEqual([1]);
  }, 60_000);
});
