/**
 * File executables and their transactions over HTTP: uploads and downloads through
 * `/api/v2/vault/scripting/stream/{id}` land in (come from) the TARGET vault at the path the script
 * fixed; transactions are single-use, bound to their caller (unless the script is anonymous),
 * voided when the script changes, expire, and respect the frozen state and the owner's quota.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, type Vault } from '@cella/sdk';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig, startNode } from '../../src/index.js';
import { startTempNode, type TempNode } from '../helpers/temp-node.js';
import { signedInUser } from '../helpers/users.js';
import { refused, refusedWithoutChange, setFrozen } from './helpers.js';

let node: TempNode;
let owner: Vault;
let friend: Vault;
let stranger: Vault;

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

beforeAll(async () => {
  node = await startTempNode();
  owner = await signedInUser(node.url);
  friend = await signedInUser(node.url, 'elastos');
  stranger = await signedInUser(node.url);
  await (await owner.db.createCollection('friends')).insert({ did: friend.did });
  const friendsOnly = {
    type: 'queryHasResults',
    collection: 'friends',
    filter: { did: '$caller_did' },
  } as const;
  await owner.scripts.register('put_inbox', {
    condition: friendsOnly,
    executable: { type: 'fileUpload', path: 'inbox/$caller_did/$params.name' },
  });
  await owner.scripts.register('get_shared', {
    condition: friendsOnly,
    executable: { type: 'fileDownload', path: 'shared/$params.name' },
  });
  await owner.scripts.register('get_public', {
    executable: { type: 'fileDownload', path: 'public/${params.name}' },
    allowAnonymous: true,
  });
  await owner.scripts.register('put_drop', {
    executable: { type: 'fileUpload', path: 'drop/$params.name' },
    allowAnonymous: true,
  });
  await owner.files.upload('shared/report.txt', 'quarterly numbers');
  await owner.files.upload('public/readme.txt', 'hello world');
});
afterAll(async () => node?.stop());

async function uploadTransaction(caller: Vault, name: string): Promise<string> {
  const result = await caller.scripts.run<{ put_inbox: { transaction_id: string } }>('put_inbox', {
    owner: owner.did,
    params: { name },
  });
  return result.put_inbox.transaction_id;
}

describe('uploads', () => {
  test("the bytes land in the owner's vault at the substituted path; the owner's quota is charged", async () => {
    const ownerBefore = (await node.ctx.vaults.find(owner.did))!.filesUsed;
    const friendBefore = (await node.ctx.vaults.find(friend.did))?.filesUsed ?? 0;
    const id = await uploadTransaction(friend, 'note.txt');
    const result = await friend.scripts.uploadByTransaction(id, 'a note for you');
    expect(result).toMatchObject({ name: `inbox/${friend.did}/note.txt`, size: 14, cid: expect.any(String) });
    expect(text(await owner.files.bytes(`inbox/${friend.did}/note.txt`))).toBe('a note for you');
    expect((await node.ctx.vaults.find(owner.did))!.filesUsed).toBe(ownerBefore + 14);
    expect((await node.ctx.vaults.find(friend.did))?.filesUsed ?? 0).toBe(friendBefore);
    expect(await friend.files.list('', { recursive: true })).toEqual([]);
  });

  test('a transaction is single-use', async () => {
    const id = await uploadTransaction(friend, 'once.txt');
    await friend.scripts.uploadByTransaction(id, 'first');
    const error = await refused(friend.scripts.uploadByTransaction(id, 'second'));
    expect(error).toMatchObject({ status: 400, internalCode: 1 });
    expect(text(await owner.files.bytes(`inbox/${friend.did}/once.txt`))).toBe('first');
  });

  test('it belongs to the caller who ran the script: no token → 401, another user → 403, neither burns it', async () => {
    const id = await uploadTransaction(friend, 'mine.txt');
    await refusedWithoutChange(
      owner,
      () => createClient({ url: node.url }).scripts.uploadByTransaction(id, 'anon'),
      401,
    );
    await refusedWithoutChange(owner, () => stranger.scripts.uploadByTransaction(id, 'stranger'), 403);
    await refusedWithoutChange(owner, () => owner.scripts.uploadByTransaction(id, 'owner'), 403);
    await friend.scripts.uploadByTransaction(id, 'friend');
    expect(text(await owner.files.bytes(`inbox/${friend.did}/mine.txt`))).toBe('friend');
  });

  test('the wrong method is 400 and does not burn it; unknown ids are 400', async () => {
    const id = await uploadTransaction(friend, 'method.txt');
    expect(await refused(friend.scripts.downloadByTransaction(id))).toMatchObject({ status: 400 });
    await friend.scripts.uploadByTransaction(id, 'ok');
    for (const bogus of ['nope', 'A'.repeat(43), '../../etc']) {
      expect((await refused(friend.scripts.uploadByTransaction(bogus, 'x'))).status).toBe(400);
    }
  });

  test("an anonymous script's transaction works without a token, streamed bodies included", async () => {
    const anonymous = createClient({ url: node.url });
    const result = await anonymous.scripts.run<{ put_drop: { transaction_id: string } }>('put_drop', {
      owner: owner.did,
      params: { name: 'big.bin' },
    });
    const chunk = new Uint8Array(64 * 1024).fill(7);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 16) return controller.close();
        sent++;
        controller.enqueue(chunk);
      },
    });
    const uploaded = await anonymous.scripts.uploadByTransaction(result.put_drop.transaction_id, stream);
    expect(uploaded).toMatchObject({ name: 'drop/big.bin', size: 16 * 64 * 1024 });
  });

  test('replacing or removing the script voids its outstanding transactions', async () => {
    const id = await uploadTransaction(friend, 'void.txt');
    await owner.scripts.register('put_inbox', {
      condition: { type: 'queryHasResults', collection: 'friends', filter: { did: '$caller_did' } },
      executable: { type: 'fileUpload', path: 'inbox/$caller_did/$params.name' },
    });
    const error = await refusedWithoutChange(
      owner,
      () => friend.scripts.uploadByTransaction(id, 'late'),
      400,
    );
    expect(error.message).toMatch(/replaced or removed/);
  });

  test('frozen: the run is 403, and an earlier transaction is refused 403 without being used up', async () => {
    const id = await uploadTransaction(friend, 'frozen.txt');
    await setFrozen(node, owner.did, true);
    try {
      await refusedWithoutChange(owner, () => uploadTransaction(friend, 'other.txt'), 403);
      await refusedWithoutChange(owner, () => friend.scripts.uploadByTransaction(id, 'while frozen'), 403);
      // Downloads still work on a frozen vault.
      const get = await friend.scripts.run<{ get_shared: { transaction_id: string } }>('get_shared', {
        owner: owner.did,
        params: { name: 'report.txt' },
      });
      expect(text(await friend.scripts.downloadByTransaction(get.get_shared.transaction_id))).toBe(
        'quarterly numbers',
      );
    } finally {
      await setFrozen(node, owner.did, false);
    }
    await friend.scripts.uploadByTransaction(id, 'after thaw');
  });

  test("the owner's quota bounds an upload (507); nothing is stored and the transaction can be retried", async () => {
    const id = await uploadTransaction(friend, 'huge.bin');
    const record = (await node.ctx.vaults.find(owner.did))!;
    const quota = record.quota;
    await node.ctx.vaults.update(owner.did, { quota: record.dbUsed + record.filesUsed + 1000 });
    try {
      const error = await refusedWithoutChange(
        owner,
        () => friend.scripts.uploadByTransaction(id, new Uint8Array(5000)),
        507,
      );
      expect(error.code).toBe('INSUFFICIENT_STORAGE');
    } finally {
      await node.ctx.vaults.update(owner.did, { quota });
    }
    await friend.scripts.uploadByTransaction(id, new Uint8Array(5000));
    expect((await owner.files.stat(`inbox/${friend.did}/huge.bin`)).size).toBe(5000);
  });
});

describe('downloads', () => {
  test("a friend downloads the shared file; a stranger can't even get a transaction", async () => {
    const result = await friend.scripts.run<{ get_shared: { transaction_id: string } }>('get_shared', {
      owner: owner.did,
      params: { name: 'report.txt' },
    });
    expect(text(await friend.scripts.downloadByTransaction(result.get_shared.transaction_id))).toBe(
      'quarterly numbers',
    );
    expect(
      (
        await refused(
          stranger.scripts.run('get_shared', { owner: owner.did, params: { name: 'report.txt' } }),
        )
      ).status,
    ).toBe(400);
  });

  test('a missing file is 404/6 at run time (no transaction handed out)', async () => {
    expect(
      await refused(friend.scripts.run('get_shared', { owner: owner.did, params: { name: 'missing.txt' } })),
    ).toMatchObject({
      status: 404,
      internalCode: 6,
    });
  });

  test('anonymous: run and download without a token, ${params.x} in the path, streamed', async () => {
    const anonymous = createClient({ url: node.url });
    const result = await anonymous.scripts.run<{ get_public: { transaction_id: string } }>('get_public', {
      owner: owner.did,
      params: { name: 'readme.txt' },
    });
    const stream = await anonymous.scripts.streamByTransaction(result.get_public.transaction_id);
    expect(await new Response(stream).text()).toBe('hello world');
  });

  test('a byte range answers 206 with that part (and uses the transaction)', async () => {
    const { get_public } = await owner.scripts.run<{ get_public: { transaction_id: string } }>('get_public', {
      params: { name: 'readme.txt' },
    });
    const response = await fetch(`${node.url}/api/v2/vault/scripting/stream/${get_public.transaction_id}`, {
      headers: { range: 'bytes=6-' },
    });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 6-10/11');
    expect(await response.text()).toBe('world');
    expect(
      (await fetch(`${node.url}/api/v2/vault/scripting/stream/${get_public.transaction_id}`)).status,
    ).toBe(400);
  });

  test("fileHash gives the reference's SHA256 of the content and the CID; fileProperties the reference fields", async () => {
    await owner.scripts.register('about', {
      executable: {
        type: 'aggregated',
        executables: [
          { type: 'fileHash', name: 'hash', path: 'public/$params.name' },
          { type: 'fileProperties', name: 'props', path: 'public/$params.name' },
          { type: 'fileProperties', name: 'folder', path: 'public' },
        ],
      },
      allowAnonymous: true,
    });
    const result = await createClient({ url: node.url }).scripts.run<Record<string, any>>('about', {
      owner: owner.did,
      params: { name: 'readme.txt' },
    });
    expect(result.hash).toEqual({
      SHA256: createHash('sha256').update('hello world').digest('hex'),
      cid: (await owner.files.stat('public/readme.txt')).cid,
    });
    expect(result.props).toEqual({
      type: 'file',
      name: 'public/readme.txt',
      size: 11,
      last_modify: expect.any(Number),
    });
    expect(result.folder).toEqual({ type: 'folder', name: 'public', size: 0, last_modify: null });
  });

  test("fileHash's digest is kept with the CID's reference count and goes when the sweep removes its released count", async () => {
    const refs = node.ctx.nodeDb.collection('cid_refs');
    await owner.files.upload('public/digest.txt', 'digest me once');
    await owner.scripts.register('digest', {
      executable: { type: 'fileHash', name: 'hash', path: 'public/digest.txt' },
    });
    const sha256 = createHash('sha256').update('digest me once').digest('hex');
    const { hash } = await owner.scripts.run<{ hash: { SHA256: string; cid: string } }>('digest');
    expect(hash.SHA256).toBe(sha256);
    expect(await refs.findOne({ _id: hash.cid })).toMatchObject({ count: 1, sha256 });
    // Asked again, it is read back (the stored value is what answers: altered here to show it).
    await refs.updateOne({ _id: hash.cid }, { $set: { sha256: 'remembered' } });
    expect((await owner.scripts.run<{ hash: { SHA256: string } }>('digest')).hash.SHA256).toBe('remembered');
    await owner.files.delete('public/digest.txt');
    expect(await refs.findOne({ _id: hash.cid })).toMatchObject({ count: 0 }); // released
    await node.ctx.files.sweep({ graceMs: 60_000 });
    expect(await refs.findOne({ _id: hash.cid })).toBeNull();
    // The same content uploaded again is hashed afresh.
    await owner.files.upload('public/digest.txt', 'digest me once');
    expect((await owner.scripts.run<{ hash: { SHA256: string } }>('digest')).hash.SHA256).toBe(sha256);
  });
});

test('transactions expire after fileTransactionTtlSeconds', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cella-node-'));
  let now = Date.now();
  const timed = await startNode(
    loadConfig({}, { port: 0, dataDir, logLevel: 'silent', fileTransactionTtlSeconds: 60 }),
    { clock: () => now },
  );
  try {
    const alice = await signedInUser(timed.url);
    await alice.files.upload('a.txt', 'content');
    await alice.scripts.register('get', { executable: { type: 'fileDownload', path: 'a.txt' } });
    const first = await alice.scripts.run<{ get: { transaction_id: string } }>('get');
    const second = await alice.scripts.run<{ get: { transaction_id: string } }>('get');
    now += 59_000;
    expect(text(await alice.scripts.downloadByTransaction(first.get.transaction_id))).toBe('content');
    now += 2_000;
    expect((await refused(alice.scripts.downloadByTransaction(second.get.transaction_id))).status).toBe(400);
  } finally {
    await timed.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
