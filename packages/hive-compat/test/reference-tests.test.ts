/**
 * The reference Hive Node's own HTTP tests (elastos/Elastos.Hive.Node `tests/*_test.py`): the
 * requests they make where Cella answered otherwise, made the way their client makes them (Python
 * `requests`: `Authorization: token`, `json=` bodies, no body with `Content-Length: 0`), checking
 * what they check. Their configuration puts the backup service on the vault's own node, so the
 * backup flows here run against the vault node alone (`CELLA_ROLE=both`, `npm start`'s default).
 * Written for Cella, not copied: the same requests and the same checks.
 */
import { describe, expect, test } from 'vitest';
import { newUser, nodeOwner, world, type HiveUser } from './support/env.js';
import { rawSession, send, type RawSession } from './support/raw-http.js';

const V2 = '/api/v2';

async function subscribed(name: string): Promise<{ user: HiveUser; cli: RawSession }> {
  const user = await newUser(name);
  const cli = await rawSession(user, world.vault.url);
  expect((await cli.python('PUT', `${V2}/subscription/vault`)).status).toBe(200);
  return { user, cli };
}

/** `VaultFilesUsageChecker`: `files_used` from `GET /subscription/vault?files_used=true`. */
async function filesUsed(cli: RawSession): Promise<number> {
  const info = await cli.python('GET', `${V2}/subscription/vault?files_used=true`);
  expect(info.status).toBe(200);
  expect(info.json().files_used).toEqual(expect.any(Number));
  return info.json().files_used as number;
}

/** The user's HiveBackupCredential as the suite issues it: from this node to itself. */
async function selfCredential(user: HiveUser): Promise<string> {
  return (
    await user.wallet.issue(user.did, world.vault.did, {
      id: '#hive-backup-credential',
      types: ['HiveBackupCredential', 'VerifiableCredential'],
      properties: {
        sourceHiveNodeDID: world.vault.did,
        targetHiveNodeDID: world.vault.did,
        targetNodeURL: world.vault.url.replace('127.0.0.1', 'localhost'),
      },
    })
  ).toString(true);
}

/** `check_result`: polls `GET /vault/content` until the job is no longer in process. */
async function finished(cli: RawSession): Promise<{ state: string; result: string; message: string }> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const state = await cli.python('GET', `${V2}/vault/content`);
    expect(state.status).toBe(200);
    if (state.json().result !== 'process' || Date.now() > deadline) return state.json();
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('subscription_test / files_test: the vault, its usage and its files', () => {
  test('GET /subscription/vault?files_used=true: files_used grows by an upload, a copy, and falls by a delete', async () => {
    const { cli } = await subscribed('py-usage');
    const before = await filesUsed(cli);
    const content = 'File Content: 12345678' + '9'.repeat(200);
    const upload = await cli.python('PUT', `${V2}/vault/files/ipfs_src_file.node.txt`, { data: content });
    expect(upload.status).toBe(200);
    expect(upload.json().name).toBe('ipfs_src_file.node.txt');
    expect(await filesUsed(cli)).toBe(before + content.length);
    const copy = await cli.python('PUT', `${V2}/vault/files/ipfs_src_file.node.txt?dest=copy.txt`);
    expect(copy.status).toBe(200);
    expect(await filesUsed(cli)).toBe(before + 2 * content.length);
    expect((await cli.python('DELETE', `${V2}/vault/files/copy.txt`)).status).toBe(204);
    expect(await filesUsed(cli)).toBe(before + content.length);
    expect((await cli.python('GET', `${V2}/subscription/vault?files_used=yes`)).status).toBe(400);
  });

  test('the empty file path: PUT and DELETE are 405, a GET other than the listing 400; PUT /vault/scripting/ is 404', async () => {
    const { cli } = await subscribed('py-empty-path');
    await cli.python('PUT', `${V2}/vault/files/kept.txt`, { data: 'kept' });
    const put = await cli.python('PUT', `${V2}/vault/files/`, { data: 'content' });
    expect(put.status).toBe(405);
    expect(put.headers.allow).toBe('GET');
    expect((await cli.python('DELETE', `${V2}/vault/files/`)).status).toBe(405);
    expect((await cli.python('PATCH', `${V2}/vault/files/?to=elsewhere`)).status).toBe(405);
    expect((await cli.python('GET', `${V2}/vault/files/`)).status).toBe(400);
    expect((await cli.python('GET', `${V2}/vault/files/?comp=metadata`)).status).toBe(400);
    expect((await cli.python('GET', `${V2}/vault/files/?comp=hash`)).status).toBe(400);
    const listing = await cli.python('GET', `${V2}/vault/files/?comp=children`);
    expect(listing.status).toBe(200);
    expect(listing.json().value.map((f: { name: string }) => f.name)).toEqual(['kept.txt']);
    const script = { executable: { name: 'x', type: 'fileHash', body: { path: '$params.path' } } };
    expect((await cli.python('PUT', `${V2}/vault/scripting/`, { json: script })).status).toBe(404);
    // Nothing was written, moved or deleted.
    expect((await cli.python('GET', `${V2}/vault/files/kept.txt`)).text).toBe('kept');
  });

  test('?comp=metadata answers is_encrypt and encrypt_method as the listing does', async () => {
    const { cli } = await subscribed('py-encrypt');
    const name = 'secret.node.txt';
    const up = await cli.python('PUT', `${V2}/vault/files/${name}?is_encrypt=true&encrypt_method=user_did`, {
      data: 'ciphertext',
    });
    expect(up.status).toBe(200);
    const listed = (await cli.python('GET', `${V2}/vault/files/?comp=children`)).json().value;
    expect(listed.filter((f: { name: string }) => f.name === name)).toEqual([
      expect.objectContaining({ is_encrypt: true, encrypt_method: 'user_did' }),
    ]);
    const meta = await cli.python('GET', `${V2}/vault/files/${name}?comp=metadata`);
    expect(meta.status).toBe(200);
    expect(meta.json()).toMatchObject({ name, is_encrypt: true, encrypt_method: 'user_did' });
    await cli.python('PUT', `${V2}/vault/files/plain.txt`, { data: 'plain' });
    const plain = await cli.python('GET', `${V2}/vault/files/plain.txt?comp=metadata`);
    expect(plain.json()).toMatchObject({ is_encrypt: false, encrypt_method: '' });
    expect((await cli.python('DELETE', `${V2}/vault/files/${name}`)).status).toBe(204);
  });
});

describe('database_test: collections and documents', () => {
  test('DELETE /vault/db/{collection} with no body (Content-Length: 0, no content type) drops it; a missing one is 404', async () => {
    const { cli } = await subscribed('py-drop');
    expect((await cli.python('PUT', `${V2}/vault/db/collections/test_collection`)).status).toBe(200);
    const insert = await cli.python('POST', `${V2}/vault/db/collection/test_collection`, {
      json: { document: [{ author: 'Alice' }, { author: 'Alice' }] },
    });
    expect(insert.status).toBe(201);
    const dropped = await cli.python('DELETE', `${V2}/vault/db/test_collection`);
    expect(dropped.status).toBe(204);
    const gone = await cli.python('GET', `${V2}/vault/db/test_collection?filter={"author":"Alice"}`);
    expect(gone.status).toBe(404);
    expect(gone.json().error.internal_code).toBe(4);
    const missing = await cli.python('DELETE', `${V2}/vault/db/name_not_exist_collection`);
    expect(missing.status).toBe(404);
  });

  test('a filter still deletes documents on that path, in the body or the query; deleteone without one is 400', async () => {
    const { cli } = await subscribed('py-delete-docs');
    await cli.python('PUT', `${V2}/vault/db/collections/notes`);
    await cli.python('POST', `${V2}/vault/db/collection/notes`, {
      json: { document: [{ n: 1 }, { n: 2 }, { n: 3 }] },
    });
    // Deleting documents (the primary dialect's route on that path) answers their count.
    const byBody = await cli.python('DELETE', `${V2}/vault/db/notes`, { json: { filter: { n: 1 } } });
    expect([byBody.status, byBody.json().deleted_count]).toEqual([200, 1]);
    const byQuery = await cli.python('DELETE', `${V2}/vault/db/notes?filter={"n":2}`);
    expect([byQuery.status, byQuery.json().deleted_count]).toEqual([200, 1]);
    expect((await cli.python('DELETE', `${V2}/vault/db/notes?deleteone=true`)).status).toBe(400);
    const left = await cli.python('GET', `${V2}/vault/db/notes?filter={}`);
    expect(left.json().items.map((d: { n: number }) => d.n)).toEqual([3]);
  });

  test('PATCH /vault/db/collection/{c} with {"filter": {}, "update": {}}: 200, only `modified` is set', async () => {
    const { cli } = await subscribed('py-empty-update');
    await cli.python('PUT', `${V2}/vault/db/collections/test_collection`);
    await cli.python('POST', `${V2}/vault/db/collection/test_collection`, {
      json: { document: [{ author: 'Alice', title: 'a' }], options: { timestamp: false } },
    });
    const updated = await cli.python('PATCH', `${V2}/vault/db/collection/test_collection`, {
      json: { filter: {}, update: {} },
    });
    expect(updated.status).toBe(200);
    expect(updated.json()).toMatchObject({ matched_count: 1, modified_count: 1 });
    const [doc] = (await cli.python('GET', `${V2}/vault/db/test_collection?filter={}`)).json().items;
    expect(doc).toMatchObject({ author: 'Alice', title: 'a', modified: expect.any(Number) });
    // With the timestamp off an empty update changes nothing and is refused, as a replacement is.
    const off = await cli.python('PATCH', `${V2}/vault/db/collection/test_collection`, {
      json: { filter: {}, update: {}, options: { timestamp: false } },
    });
    expect(off.status).toBe(400);
  });
});

describe('scripting_test', () => {
  test('GET /vault/scripting/stream/{transaction_id} with the file content sent as its body: the download is served', async () => {
    const { user, cli } = await subscribed('py-stream-body');
    const content = 'File Content: 1234567890';
    await cli.python('PUT', `${V2}/vault/files/ipfs_scripting/test.node.txt`, { data: content });
    const script = {
      executable: { name: 'file_download', type: 'fileDownload', body: { path: '$params.path' } },
    };
    expect(
      (await cli.python('PUT', `${V2}/vault/scripting/ipfs_file_download`, { json: script })).status,
    ).toBe(200);
    const run = await cli.python('PATCH', `${V2}/vault/scripting/ipfs_file_download`, {
      json: {
        params: { path: 'ipfs_scripting/test.node.txt' },
        context: { target_did: user.did, target_app_did: user.appDid },
      },
    });
    expect(run.status).toBe(200);
    const id = run.json().file_download.transaction_id as string;
    const download = await cli.python('GET', `${V2}/vault/scripting/stream/${id}`, { data: content });
    expect(download.status).toBe(200);
    expect(download.text).toBe(content);
  });
});

describe('about_test', () => {
  test('/node/version and /about/version: a real Hive Node release, major > 0; both commit ids', async () => {
    for (const path of ['/api/v2/node/version', '/api/v2/about/version']) {
      const version = await send(world.vault.url, { method: 'GET', path });
      expect(version.status).toBe(200);
      expect(version.json()).toMatchObject({ major: 2, minor: 9, patch: 2, version: '2.9.2' });
      expect(version.json().node_version).toEqual(expect.any(String));
    }
    for (const path of ['/api/v2/node/commit_id', '/api/v2/about/commit_id'])
      expect((await send(world.vault.url, { method: 'GET', path })).json().commit_id).toBeTruthy();
  });
});

describe('backup_local_test / backup_test / provider_test: the backup service on the vault node itself', () => {
  test('without the backup service a backup is refused at once (400); with it and no backup a restore is (400); backup, then restore into a new vault', async () => {
    const { user, cli } = await subscribed('py-backup-local');
    const credential = await selfCredential(user);
    // backup without backup service
    const noService = await cli.python('POST', `${V2}/vault/content?to=hive_node`, { json: { credential } });
    expect(noService.status).toBe(400);
    expect((await cli.python('GET', `${V2}/vault/content`)).json().result).not.toBe('process');
    // prepare backup service; no backup yet
    expect((await cli.python('PUT', `${V2}/subscription/backup`)).status).toBe(200);
    expect((await cli.python('PUT', `${V2}/subscription/backup`)).status).toBe(455);
    expect((await cli.python('GET', `${V2}/subscription/backup`)).status).toBe(200);
    const noBackup = await cli.python('POST', `${V2}/vault/content?from=hive_node`, { json: { credential } });
    expect(noBackup.status).toBe(400);
    // the credential is required
    expect((await cli.python('POST', `${V2}/vault/content?to=hive_node`)).status).toBe(400);
    expect((await cli.python('POST', `${V2}/vault/content?from=hive_node`)).status).toBe(400);

    await cli.python('PUT', `${V2}/vault/db/collections/backup_collection`);
    await cli.python('POST', `${V2}/vault/db/collection/backup_collection`, {
      json: {
        document: [
          { author: 'Alice', n: 1 },
          { author: 'Alice', n: 2 },
        ],
      },
    });
    const content = 'File Content: 12345678' + '9'.repeat(200);
    await cli.python('PUT', `${V2}/vault/files/ipfs_src_file.node.txt`, { data: content });
    const started = await cli.python('POST', `${V2}/vault/content?to=hive_node`, { json: { credential } });
    expect(started.status).toBe(201);
    expect(await finished(cli)).toMatchObject({ state: 'backup', result: 'success' });

    // The backup is kept apart from the vault: deleting the vault leaves it.
    expect((await cli.python('DELETE', `${V2}/subscription/vault?force=true`)).status).toBe(204);
    expect((await cli.python('PUT', `${V2}/subscription/vault`)).status).toBe(200);
    expect((await cli.python('GET', `${V2}/vault/files/ipfs_src_file.node.txt`)).status).toBe(404);
    const restore = await cli.python('POST', `${V2}/vault/content?from=hive_node`, { json: { credential } });
    expect(restore.status).toBe(201);
    expect(await finished(cli)).toMatchObject({ state: 'restore', result: 'success' });
    const file = await cli.python('GET', `${V2}/vault/files/ipfs_src_file.node.txt`);
    expect(file.text).toBe(content);
    const docs = await cli.python('GET', `${V2}/vault/db/backup_collection?filter={"author":"Alice"}`);
    expect(docs.json().items).toHaveLength(2);
    expect((await cli.python('DELETE', `${V2}/vault/db/backup_collection`)).status).toBe(204);

    // After the backup service is unsubscribed, a new backup is refused at once.
    expect((await cli.python('DELETE', `${V2}/subscription/backup`)).status).toBe(204);
    const after = await cli.python('POST', `${V2}/vault/content?to=hive_node`, { json: { credential } });
    expect(after.status).toBe(400);
    expect(after.json().error.message).toMatch(/backup service/);
  });

  test('promotion on the same node: with the vault gone, the backup becomes the vault', async () => {
    const { user, cli } = await subscribed('py-promote-local');
    const credential = await selfCredential(user);
    await cli.python('PUT', `${V2}/subscription/backup`);
    await cli.python('PUT', `${V2}/vault/files/promoted.txt`, { data: 'from the backup' });
    await cli.python('POST', `${V2}/vault/content?to=hive_node`, { json: { credential } });
    expect(await finished(cli)).toMatchObject({ result: 'success' });
    expect((await cli.python('POST', `${V2}/backup/promotion`)).status).toBe(455); // the vault exists
    expect((await cli.python('DELETE', `${V2}/subscription/vault?force=true`)).status).toBe(204);
    expect((await cli.python('POST', `${V2}/backup/promotion`)).status).toBe(201);
    expect((await cli.python('GET', `${V2}/subscription/vault`)).status).toBe(200);
    expect((await cli.python('GET', `${V2}/vault/files/promoted.txt`)).text).toBe('from the backup');
  });

  test("the node's owner lists the vaults and the backup services of the same node", async () => {
    const { cli: user } = await subscribed('py-provider');
    await user.python('PUT', `${V2}/subscription/backup`);
    const owner = await rawSession(await nodeOwner(), world.vault.url);
    expect((await owner.python('GET', `${V2}/provider/vaults`)).status).toBe(200);
    const backups = await owner.python('GET', `${V2}/provider/backups`);
    expect(backups.status).toBe(200);
    expect(backups.json().backups.length).toBeGreaterThan(0);
    expect([200, 404]).toContain((await owner.python('GET', `${V2}/provider/filled_orders`)).status);
  });

  test('DELETE /subscription/vault?force=true while a backup retries an unreachable node: the backup is cancelled, the vault deleted at once', async () => {
    const { user, cli } = await subscribed('py-force-unsubscribe');
    await cli.python('PUT', `${V2}/vault/files/a.txt`, { data: 'a' });
    // A backup node that does not answer (a closed port), started with is_force (no checks first):
    // the job retries for its retry window.
    const credential = (
      await user.wallet.issue(user.did, world.vault.did, {
        id: '#hive-backup-credential',
        types: ['HiveBackupCredential', 'VerifiableCredential'],
        properties: {
          sourceHiveNodeDID: world.vault.did,
          targetHiveNodeDID: world.backup.did,
          targetNodeURL: 'http://127.0.0.1:9',
        },
      })
    ).toString(true);
    const started = await cli.python('POST', `${V2}/vault/content?to=hive_node&is_force=true`, {
      json: { credential },
    });
    expect(started.status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await cli.python('GET', `${V2}/vault/content`)).json().result).toBe('process');
    const at = Date.now();
    expect((await cli.python('DELETE', `${V2}/subscription/vault?force=true`)).status).toBe(204);
    // Bounds a hang (the retry window is minutes), not a speed: the deletion itself drains 1.5 s.
    expect(Date.now() - at).toBeLessThan(20_000);
    const state = (await cli.python('GET', `${V2}/vault/content`)).json();
    expect(state).toMatchObject({ state: 'backup', result: 'failed' });
    expect(state.message).toMatch(/cancelled/);
    expect((await cli.python('GET', `${V2}/subscription/vault`)).status).toBe(404);
  });
});
