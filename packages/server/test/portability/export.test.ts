/**
 * GET/HEAD /api/v2/vault/export on a real node (SQLite + helia): the answer is a CAR that a
 * standard IPFS library opens, its root is the manifest naming the user and signed by the node,
 * every block checks (verifyExport), and a file's CID in it is the CID the node serves the file by.
 */
import { CarReader } from '@ipld/car';
import * as dagCbor from '@ipld/dag-cbor';
import { verifyExport } from '@cella/vault-format';
import type { Vault } from '@cella/sdk';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { probeHealthWhile } from '../helpers/health-probe.js';
import { startTempNode, type TempNode } from '../helpers/temp-node.js';
import { rawCall, signedInUser } from '../helpers/users.js';
import { bytesOf } from '../backup/helpers.js';
import { slowDownload } from '../files/http-client.js';

let node: TempNode;
let alice: Vault;
const big = bytesOf('export', 2 * 1024 * 1024 + 333);

beforeAll(async () => {
  // The fairness probe asks health thousands of times from one address: no anonymous rate limit
  // (tested in test/hardening), which would answer it 429.
  node = await startTempNode({ rateLimitAnonymousPerMinute: 0 });
  alice = await signedInUser(node.url);
  await alice.subscription.subscribe();
  await alice.db.createCollection('notes');
  await alice.db
    .collection('notes')
    .insert(Array.from({ length: 300 }, (_, i) => ({ i, text: `note ${i}`.repeat(8) })));
  await alice.db.collection('notes').createIndex({ i: 1 }, { name: 'by_i', unique: true });
  await alice.files.upload('big.bin', big);
  await alice.files.upload('dir/small.txt', 'hello');
}, 60_000);

afterAll(async () => {
  await node?.stop();
});

async function download(vault: Vault, method = 'GET'): Promise<Response> {
  const token = await vault.session.token();
  return fetch(`${vault.url}/api/v2/vault/export`, { method, headers: { authorization: `Bearer ${token}` } });
}

describe('vault export', () => {
  test('a CAR that @ipld/car opens, signed by the node, naming the user; file CIDs as the node serves them', async () => {
    const head = await download(alice, 'HEAD');
    expect(head.status).toBe(200);
    const size = Number(head.headers.get('content-length'));
    const root = head.headers.get('x-cella-export-root');
    expect(size).toBeGreaterThan(big.length);

    const response = await download(alice);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.ipld.car');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.length).toBe(Number(response.headers.get('content-length')));
    // The same vault, unchanged: the same size (the root differs only by its time and signature).
    expect(bytes.length).toBe(size);
    expect(root).toMatch(/^bafy/);

    const car = await CarReader.fromBytes(bytes);
    const [carRoot] = await car.getRoots();
    expect(carRoot!.toString()).toBe(response.headers.get('x-cella-export-root'));
    const manifest = dagCbor.decode<Record<string, unknown>>((await car.get(carRoot!))!.bytes);
    expect(manifest.format).toBe('cella-vault-export');
    expect(manifest.user).toBe(alice.session.did);
    const info = await rawCall(alice, 'GET', '/api/v2/node/info');
    expect(manifest.node).toBe(info.body.service_did);

    const summary = await verifyExport(bytes, { user: alice.session.did });
    expect(summary.user).toBe(alice.session.did);
    expect(summary.totals).toMatchObject({ documents: 300, files: 2, contents: 2 });
    expect(summary.totals.file_bytes).toBe(big.length + 5);

    // The big file's DAG is in the CAR under the CID the node serves it by.
    const served = await alice.files.hash('big.bin');
    expect(await car.has((await import('multiformats/cid')).CID.parse(served))).toBe(true);
  });

  test('a tampered byte is refused by the verifier', async () => {
    const bytes = new Uint8Array(await (await download(alice)).arrayBuffer());
    // A byte inside the big file's content (most of the file's bytes are its blocks).
    bytes[Math.floor(bytes.length * 0.6)]! ^= 0xff;
    await expect(verifyExport(bytes)).rejects.toMatchObject({ code: 'BAD_BLOCK' });
  });

  test('a collection of thousands of pages: every page in the CAR is the page its CID names; health stays prompt meanwhile', async () => {
    // ~10 MB of documents, ~2,000 pages: the pages list is cut into several nodes while the
    // pages are still being spooled (an export used to read every page after the first cut from
    // the wrong offset, and failed verification or import).
    const bob = await signedInUser(node.url);
    await bob.subscription.subscribe();
    await bob.db.createCollection('many');
    for (let batch = 0; batch < 6; batch++)
      await bob.db
        .collection('many')
        .insert(Array.from({ length: 500 }, (_, i) => ({ batch, i, text: `${batch}:${i} `.repeat(330) })));
    // Health asked back to back while the export pages the documents and streams: each answer
    // comes within a bound no fair export comes near (a hang probe, not a timing measure — the
    // benchmark measures, bench/portability.ts).
    const { latencies, result: exported } = await probeHealthWhile(
      node.url,
      download(bob).then((response) => response.arrayBuffer()),
    );
    expect(Math.max(...latencies), `slowest of ${latencies.length} health answers (ms)`).toBeLessThan(3_000);
    const bytes = new Uint8Array(exported);
    const summary = await verifyExport(bytes, { user: bob.session.did });
    expect(summary.totals).toMatchObject({ documents: 3000, collections: 1 });
    expect(summary.totals.pages).toBeGreaterThan(1000);
  }, 60_000);

  test('file blocks read into reused buffers: a slow, a stalled and a fast reader each get every block intact', async () => {
    // More 1 MiB blocks than an export keeps buffers (16): each buffer is read into again while
    // the socket of a slow reader may still hold bytes of the export; a buffer reused too early
    // would send another block's bytes under a CID, which the verifier refuses.
    const carol = await signedInUser(node.url);
    await carol.subscription.subscribe();
    for (let f = 0; f < 24; f++) await carol.files.upload(`f/${f}.bin`, bytesOf(`reuse ${f}`, 1024 * 1024));
    await carol.files.upload('f/multi.bin', bytesOf('reuse multi', 3 * 1024 * 1024 + 5));
    const [slow, stalled, fast] = await Promise.all([
      slowDownload(carol, '/api/v2/vault/export'),
      slowDownload(carol, '/api/v2/vault/export', { stallMs: 1000 }),
      download(carol).then(async (response) => Buffer.from(await response.arrayBuffer())),
    ]);
    expect(slow.status).toBe(200);
    expect(stalled.status).toBe(200);
    for (const bytes of [slow.body, stalled.body, fast]) {
      const summary = await verifyExport(new Uint8Array(bytes), { user: carol.session.did });
      expect(summary.totals).toMatchObject({ files: 25, contents: 25 });
    }
  }, 120_000);

  test('needs a signed-in user; a user with no vault gets 404', async () => {
    const anonymous = await fetch(`${node.url}/api/v2/vault/export`);
    expect(anonymous.status).toBe(401);
    const bob = await signedInUser(node.url);
    const refused = await rawCall(bob, 'GET', '/api/v2/vault/export');
    expect(refused.status).toBe(404);
  });
});
