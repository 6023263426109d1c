/**
 * kill -9 of a node process during a vault import (SQLite + helia), which writes the body as it
 * arrives: killed with half the body received (its pages in the staging database, some contents'
 * blocks stored) and killed while the body streams, the vault answers after the restart exactly as
 * before, no temporary file is left, and the next import succeeds over the leftover.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { connect, createDevIdentity, type Vault } from '@cella/sdk';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { spawnNode, type SpawnedNode } from '../../src/testing/index.js';
import { startTempNode, type TempNode } from '../helpers/temp-node.js';
import { bytesOf } from '../backup/helpers.js';

const identity = createDevIdentity('key');
let source: TempNode;
let target: SpawnedNode | undefined;
let dataDir: string;
let exported: Uint8Array;

async function exportOf(vault: Vault): Promise<Uint8Array> {
  const token = await vault.session.token();
  const response = await fetch(`${vault.url}/api/v2/vault/export`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return new Uint8Array(await response.arrayBuffer());
}

/** What the owner reads of the vault. */
async function view(vault: Vault) {
  return {
    collections: (await vault.db.listCollections()).sort(),
    notes: await vault.db
      .collection('mine')
      .find({}, { sort: { _id: 1 } })
      .toArray(),
    files: (await vault.files.list('', { recursive: true })).map((f) => [f.name, f.size]),
    usage: await vault.subscription
      .info()
      .then((info) => [info.storage_used, info.database_used, info.files_used]),
  };
}

async function until(check: () => boolean, what: string, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const spoolFiles = () => {
  const dir = path.join(dataDir, 'transfer-spool');
  return existsSync(dir) ? readdirSync(dir) : [];
};
const stagingExists = () =>
  existsSync(path.join(dataDir, 'db')) &&
  readdirSync(path.join(dataDir, 'db')).some((name) => /^node_user_[0-9a-f]{32}_i\.sqlite$/.test(name));

/** Posts the export, its bytes sent in pieces, `pause` (if any) after the first half. */
function postImport(vault: Vault, token: string, body: Uint8Array, pause?: Promise<void>): Promise<Response> {
  const pieces = async function* () {
    const half = Math.floor(body.length / 2);
    for (let at = 0; at < body.length; at += 64 * 1024) {
      if (at >= half && pause) {
        await pause;
        pause = undefined;
      }
      yield body.subarray(at, Math.min(body.length, at + 64 * 1024));
    }
  };
  return fetch(`${vault.url}/api/v2/vault/import?mode=replace`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/vnd.ipld.car',
      'content-length': String(body.length),
    },
    body: pieces() as unknown as BodyInit, // undici sends an async iterable as it comes
    duplex: 'half',
  } as RequestInit);
}

beforeAll(async () => {
  source = await startTempNode();
  const onSource = await connect({ url: source.url, signer: identity.signer });
  await onSource.subscription.subscribe();
  await onSource.db.createCollection('notes');
  await onSource.db
    .collection('notes')
    .insert(Array.from({ length: 2000 }, (_, i) => ({ i, text: 'x'.repeat(200) })));
  for (let i = 0; i < 24; i++)
    await onSource.files.upload(`f/${i}.bin`, bytesOf(`crash ${i}`, 1024 * 1024 + i));
  exported = await exportOf(onSource);

  target = await spawnNode();
  dataDir = target.dataDir;
  const onTarget = await connect({ url: target.url, signer: identity.signer });
  await onTarget.subscription.subscribe();
  await onTarget.db.createCollection('mine');
  await onTarget.db.collection('mine').insert([{ keep: 1 }, { keep: 2 }]);
  await onTarget.files.upload('keep.txt', 'kept');
}, 180_000);

afterAll(async () => {
  await target?.kill();
  await source?.stop();
});

async function restart(): Promise<Vault> {
  await target!.kill();
  target = await spawnNode({ dataDir });
  return connect({ url: target.url, signer: identity.signer });
}

describe('kill -9 during an import', () => {
  test('with half the body received, and while it streams: the vault is unchanged after the restart, no temporary file left', async () => {
    let vault = await connect({ url: target!.url, signer: identity.signer });
    const before = await view(vault);

    // 1. Killed with half the body received: its pages are in the staging database, blocks stored.
    let release!: () => void;
    const paused = new Promise<void>((resolve) => (release = resolve));
    const receiving = postImport(vault, await vault.session.token(), exported, paused).catch(() => undefined);
    await until(() => stagingExists(), 'the staging database');
    await new Promise((resolve) => setTimeout(resolve, 500)); // the first half's blocks stored
    vault = await restart();
    release();
    await receiving;
    expect(spoolFiles()).toEqual([]);
    expect(await view(vault)).toEqual(before);

    // 2. Killed while the body streams into the staging database and the block store.
    let answer: string | undefined;
    const writing = postImport(vault, await vault.session.token(), exported)
      .then(async (response) => (answer = `${response.status} ${await response.text()}`))
      .catch(() => undefined);
    // An answer before the staging database exists means the import never got there: say which.
    await until(() => stagingExists() || answer !== undefined, 'the staging database');
    expect(answer).toBeUndefined();
    vault = await restart();
    await writing;
    expect(spoolFiles()).toEqual([]);
    expect(await view(vault)).toEqual(before);

    // 3. The next import succeeds over the leftover.
    const result = await vault.importVault(exported, { mode: 'replace' });
    expect(result).toMatchObject({ documents: 2000, files: 24 });
    expect(await vault.db.collection('notes').count()).toBe(2000);
    expect(await vault.db.listCollections()).not.toContain('mine');
    // One database left for the vault: the one it lives in (the leftover and the old one dropped).
    expect(
      readdirSync(path.join(dataDir, 'db')).filter((name) => /^node_user_.*\.sqlite$/.test(name)),
    ).toHaveLength(1);
  }, 240_000);
});
