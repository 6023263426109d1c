/**
 * POST /api/v2/vault/import between real nodes over HTTP (SQLite + helia): a vault exported from
 * node A imports into an empty vault of the same user on node B and answers every query and
 * download the same (`_id`s, CIDs, scripts, indexes, usage); every refusal (a tampered block, a
 * foreign signature, another user's export, a truncated file, the quota, a vault not empty, an
 * unknown query parameter) leaves the vault as it was; `?mode=replace` replaces a populated vault.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CarReader, CarWriter } from '@ipld/car';
import * as dagCbor from '@ipld/dag-cbor';
import { CID } from 'multiformats/cid';
import { sha256 } from 'multiformats/hashes/sha2';
import { CellaApiError, connect, createDevIdentity, type Vault } from '@cella/sdk';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTempNode, type TempNode } from '../helpers/temp-node.js';
import { bytesOf } from '../backup/helpers.js';
import { openStream } from '../events/sse-client.js';
import { testPlans } from '../payment/payment-node.js';
import { snapshot } from './vault-snapshot.js';
import { postImport } from './post-import.js';

let a: TempNode;
let b: TempNode;
let small: TempNode;
const identity = createDevIdentity('key');
let onA: Vault;
let onB: Vault;
const big = bytesOf('import', 2 * 1024 * 1024 + 333);
let exported: Uint8Array;

async function exportOf(vault: Vault): Promise<Uint8Array> {
  const token = await vault.session.token();
  const response = await fetch(`${vault.url}/api/v2/vault/export`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

beforeAll(async () => {
  [a, b] = await Promise.all([startTempNode(), startTempNode()]);
  const plansFile = path.join(tmpdir(), `cella-import-plans-${process.pid}.json`);
  writeFileSync(plansFile, JSON.stringify(testPlans)); // a free plan of 0.02 MB
  small = await startTempNode({ plansFile });
  onA = await connect({ url: a.url, signer: identity.signer });
  await onA.subscription.subscribe();
  await onA.db.createCollection('notes');
  await onA.db
    .collection('notes')
    .insert(
      Array.from({ length: 400 }, (_, i) => ({ i, text: `note ${i} `.repeat(10), at: new Date(i * 1000) })),
    );
  await onA.db.collection('notes').createIndex({ i: 1 }, { name: 'by_i', unique: true });
  await onA.db.collection('notes').createIndex({ at: -1, i: 1 }, { name: 'by_time' });
  await onA.db.createCollection('empty');
  await onA.scripts.register('get_notes', {
    executable: { type: 'find', collection: 'notes', filter: { i: { $lt: 3 } } },
  });
  await onA.files.upload('big.bin', big);
  await onA.files.upload('dir/small.txt', 'hello');
  await onA.files.upload('dir/again.bin', big);
  exported = await exportOf(onA);
  onB = await connect({ url: b.url, signer: identity.signer });
  await onB.subscription.subscribe();
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop(), small?.stop()]);
});

/** One changed byte inside the big file's content (most of the CAR's bytes are its blocks). */
function tampered(bytes: Uint8Array): Uint8Array {
  const copy = bytes.slice();
  copy[Math.floor(copy.length * 0.6)]! ^= 0xff;
  return copy;
}

/** The export whose root's signature is changed (its block and CID made again): BAD_SIGNATURE. */
async function withWrongSignature(bytes: Uint8Array): Promise<Uint8Array> {
  const reader = await CarReader.fromBytes(bytes);
  const [root] = await reader.getRoots();
  const map = dagCbor.decode<Record<string, unknown>>((await reader.get(root!))!.bytes);
  const sig = (map.sig as Uint8Array).slice();
  sig[10]! ^= 0x01;
  const encoded = dagCbor.encode({ ...map, sig });
  const cid = CID.createV1(dagCbor.code, await sha256.digest(encoded));
  const { writer, out } = CarWriter.create([cid]);
  const chunks: Uint8Array[] = [];
  const collected = (async () => {
    for await (const chunk of out) chunks.push(chunk);
  })();
  await writer.put({ cid, bytes: encoded });
  for await (const block of reader.blocks()) if (!block.cid.equals(root!)) await writer.put(block);
  await writer.close();
  await collected;
  return new Uint8Array(Buffer.concat(chunks));
}

describe('vault import', () => {
  test('refusals leave the vault unchanged: tampered block, wrong signature, truncated, not a CAR, bad query', async () => {
    const before = await snapshot(onB);
    const cases: [Uint8Array, string, number, RegExp][] = [
      [tampered(exported), '', 400, /not a valid vault export \(bad_block\)/],
      [await withWrongSignature(exported), '', 400, /not a valid vault export \(bad_signature\)/],
      [exported.subarray(0, Math.floor(exported.length * 0.8)), '', 400, /truncated/],
      [new TextEncoder().encode('not a car'), '', 400, /not_an_export|not a valid vault export/],
      [exported, '?mode=merge', 400, /mode/],
      [exported, '?dry_run=true', 400, /dry_run/],
    ];
    for (const [body, query, status, message] of cases) {
      const answer = await postImport(onB, body, query);
      expect(answer.status, `${query} ${answer.body?.error?.message}`).toBe(status);
      expect(answer.body.error.message).toMatch(message);
    }
    expect(await snapshot(onB)).toEqual(before);
  });

  test("another user's export is refused (403), as is an import over the quota (507 naming the size)", async () => {
    const bob = await connect({ url: b.url, signer: createDevIdentity('key').signer });
    await bob.subscription.subscribe();
    const foreign = await postImport(bob, exported);
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.message).toContain(`this export is the vault of ${onA.did}`);
    expect(await bob.db.listCollections()).toEqual([]);

    const tiny = await connect({ url: small.url, signer: identity.signer });
    await tiny.subscription.subscribe();
    const over = await postImport(tiny, exported);
    expect(over.status).toBe(507);
    expect(over.body.error.message).toMatch(
      /the export needs \d+ bytes of storage but this vault's plan "Basic" allows \d+ bytes/,
    );
    const needed = Number(/needs (\d+) bytes/.exec(over.body.error.message)![1]);
    expect(needed).toBeGreaterThan(2 * big.length);
    expect(await tiny.db.listCollections()).toEqual([]);
    expect((await tiny.subscription.info()).storage_used).toBe(0);
  });

  test('round trip: an empty vault on another node answers every query and download the same', async () => {
    const source = await snapshot(onA);
    const result = await onB.importVault(exported, { size: exported.length });
    expect(result).toMatchObject({
      user: onA.did,
      mode: 'empty',
      collections: 3, // notes, empty, and the scripts' collection
      documents: 401,
      files: 3,
      file_bytes: 2 * big.length + 5,
      bytes: exported.length,
    });
    const imported = await snapshot(onB);
    expect(imported).toEqual(source);
    // The same CIDs, and the script runs as it did.
    expect(await onB.files.hash('big.bin')).toBe(await onA.files.hash('big.bin'));
    const run = await onB.scripts.run('get_notes');
    expect(run).toEqual(await onA.scripts.run('get_notes'));

    // Not empty any more: without ?mode=replace an import is refused (409), with it accepted.
    const again = await postImport(onB, exported);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/\?mode=replace/);
  });

  test('?mode=replace over a populated vault: the export replaces everything, usage exact', async () => {
    await onB.db.createCollection('local_only');
    await onB.db.collection('local_only').insert({ x: 1 });
    await onB.files.upload('local.txt', 'only here');
    await onB.db.collection('notes').delete({ i: { $lt: 100 } });
    // A live subscriber learns of the import from one event, and reads everything again.
    const stream = await openStream(`${b.url}/api/v2/vault/events`, { token: await onB.session.token() });
    const result = await onB.importVault(new Blob([Buffer.from(exported)]), { mode: 'replace' });
    expect(result.mode).toBe('replace');
    const [event] = await stream.waitFor(1, 30_000);
    stream.close();
    expect(event).toMatchObject({
      id: String(result.seq),
      event: 'vault.imported',
      data: {
        seq: result.seq,
        type: 'vault.imported',
        export: result.export,
        mode: 'replace',
        documents: 401,
        files: 3,
      },
    });
    expect(await snapshot(onB)).toEqual(await snapshot(onA));
    await expect(onB.files.bytes('local.txt')).rejects.toBeInstanceOf(CellaApiError);
  });
});
