/**
 * Crash safety of files: `kill -9` of the node in the middle of a large upload, then a restart on
 * the same data dir. The partial file must not exist, the complete files must read back intact,
 * and after a sweep the reference counts, the pins and the stored blocks must agree exactly with
 * the file metadata.
 */
import { createHash } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { connect, createDevIdentity, type Vault } from '@cella/sdk';
import { buildContext, loadConfig } from '@cella/server';
import { spawnNode, type SpawnedNode } from '@cella/server/testing';
import { afterAll, expect, test } from 'vitest';

const MiB = 1024 * 1024;
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

function bytes(length: number, seed: number): Buffer {
  const out = Buffer.alloc(length);
  let x = seed >>> 0;
  for (let i = 0; i < length; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

/** Streams a large upload and calls `onProgress` with the bytes written so far. */
function startLargeUpload(
  vault: Vault,
  token: string,
  target: string,
  declared: number,
  onProgress: (sent: number) => void,
): Promise<void> {
  const url = new URL(vault.url);
  return new Promise((resolve) => {
    const req = request({
      host: url.hostname,
      port: url.port,
      method: 'PUT',
      path: target,
      headers: { authorization: `Bearer ${token}`, 'content-length': String(declared) },
    });
    req.on('error', () => resolve()); // the node died under us
    req.on('response', () => resolve());
    const piece = bytes(MiB, 99);
    let sent = 0;
    const pump = () => {
      while (sent < declared && !req.destroyed) {
        piece.writeUInt32BE(sent / MiB, 0); // distinct chunks, so nothing dedupes with stored blocks
        sent += MiB;
        onProgress(sent);
        if (!req.write(Buffer.from(piece))) {
          req.once('drain', pump);
          return;
        }
      }
    };
    pump();
  });
}

/** Files in the helia block directory: stored blocks and temp files of writes in flight. */
function blockFiles(dataDir: string): { blocks: number; temps: number } {
  const root = path.join(dataDir, 'blocks', 'blocks');
  let blocks = 0;
  let temps = 0;
  for (const shard of readdirSync(root, { withFileTypes: true })) {
    if (!shard.isDirectory()) continue;
    for (const name of readdirSync(path.join(root, shard.name))) {
      if (name.endsWith('.tmp')) temps++;
      else if (name.endsWith('.data')) blocks++;
    }
  }
  return { blocks, temps };
}

/** Nodes this file started: none may outlive it, whatever an assertion did. */
const started: SpawnedNode[] = [];
afterAll(async () => {
  for (const node of started) await node.kill();
});

test('kill -9 during a large upload leaves no trace of the partial file; counts, pins and blocks agree after a sweep', async () => {
  const user = createDevIdentity();
  const first = await spawnNode();
  started.push(first);
  const vault = await connect({ url: first.url, signer: user.signer });

  // Complete files before the crash: one shared by two paths (count 2), one multi-block.
  const small = Buffer.from('kept across the crash\n');
  const big = bytes(3 * MiB + 7, 5);
  const smallCid = (await vault.files.upload('keep/small.txt', small)).cid;
  await vault.files.copy('keep/small.txt', 'keep/small-copy.txt');
  const bigCid = (await vault.files.upload('keep/big.bin', big)).cid;

  // A 400 MiB upload (the free plan holds 500 MiB), killed once 48 MiB are on their way.
  const token = await vault.session.token();
  let killing: Promise<void> | undefined;
  const upload = startLargeUpload(vault, token, '/api/v2/vault/files/partial/huge.bin', 400 * MiB, (sent) => {
    if (sent >= 48 * MiB && !killing) killing = first.kill();
  });
  await upload;
  expect(killing, 'the upload ended before the kill').toBeDefined();
  await killing;
  expect(first.process.signalCode).toBe('SIGKILL');
  // The partial upload did reach the disk: blocks beyond the kept files' 6.
  expect(blockFiles(first.dataDir).blocks).toBeGreaterThan(20);

  // Restart with a sweep every second and no grace period.
  const second = await spawnNode({
    dataDir: first.dataDir,
    env: { CELLA_FILES_SWEEP_INTERVAL: '1', CELLA_FILES_SWEEP_GRACE: '0' },
  });
  started.push(second);
  try {
    const again = await connect({ url: second.url, signer: user.signer });
    const names = (await again.files.list('', { recursive: true })).map((e) => e.name);
    expect(names).toEqual(['keep', 'keep/big.bin', 'keep/small-copy.txt', 'keep/small.txt']);
    expect((await again.files.list('partial').catch((e: unknown) => e)) as { status?: number }).toMatchObject(
      { status: 404 },
    );
    expect(sha(await again.files.bytes('keep/big.bin'))).toBe(sha(big));
    expect(Buffer.from(await again.files.bytes('keep/small-copy.txt')).equals(small)).toBe(true);
    // Let the periodic sweep run at least once.
    const deadline = Date.now() + 20_000;
    while (!/files sweep done/.test(second.output()) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(second.output()).toMatch(/files sweep done/);
  } finally {
    expect(await second.stop()).toBe(0);
  }

  // Inspect the stores directly (no node running on the directory now).
  const ctx = await buildContext(loadConfig({}, { dataDir: first.dataDir, logLevel: 'silent' }), {
    files: { sweepIntervalMs: 0 },
  });
  try {
    const report = await ctx.files.sweep({ graceMs: 0 });
    expect(report).toMatchObject({
      ran: true,
      files: 3,
      repaired: 0,
      created: 0,
      removed: 0,
      orphansUnpinned: 0,
      gcRemoved: 0,
    });
    expect(await ctx.files.refCount(smallCid)).toBe(2);
    expect(await ctx.files.refCount(bigCid)).toBe(1);
    const refs = (await ctx.files.refs.all()).map((r) => [r.cid, r.count]).sort();
    expect(refs).toEqual(
      [
        [bigCid, 1],
        [smallCid, 2],
      ].sort(),
    );
    const pins: string[] = [];
    for await (const cid of ctx.blocks.pins()) pins.push(cid);
    expect(pins.sort()).toEqual([bigCid, smallCid].sort());
    // Exactly the blocks of the kept files: small (1 raw leaf) + big (4 leaves + 1 root).
    const stored = blockFiles(first.dataDir);
    expect(stored.blocks).toBe(6);
    // Temp files of block writes in flight at the kill may remain (at most the writer's 8);
    // gc removes them once they are an hour old.
    expect(stored.temps).toBeLessThanOrEqual(8);
    const vaultRecord = await ctx.vaults.find(user.did);
    expect(vaultRecord?.filesUsed).toBe(2 * small.length + big.length);
  } finally {
    for (const closable of [...ctx.closables].reverse()) await closable.close();
    rmSync(first.dataDir, { recursive: true, force: true });
  }
}, 120_000);
