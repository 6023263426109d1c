/**
 * Hardening probe (issue 27, item 2): a node whose data dir sits on a 64 MiB filesystem that fills
 * up. Before: every upload, insert and create answered 500 "internal error" (ENOSPC, "database or
 * disk is full"), deletes answered 500 too, readiness kept saying ready, and deleting 14 files
 * freed no disk space. Now:
 *
 * - below its reserve (`CELLA_MIN_FREE_BYTES`) the node refuses every write with 507 and
 *   internal_code 1 (`STORAGE_FULL`, naming the node's storage, not the vault's quota), readiness
 *   answers 503 `storage full`, `cella_storage_free_bytes` shows the figure; reads and deletes
 *   work, and deleting files frees their space within seconds;
 * - with no reserve, a device full to the last byte gives the same 507 from the engines
 *   themselves (helia's ENOSPC on an upload, SQLite's "database or disk is full" on an insert);
 * - once space returns everything works again and nothing acknowledged is lost.
 *
 * Needs root to mount the tmpfs (CI runs as root); skipped otherwise, saying so.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { CellaApiError, type Vault } from '@cella/sdk';
import { mountSmallDisk, spawnNode, type SmallDisk, type SpawnedNode } from '@cella/server/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signedInUser } from '../helpers/users.js';

const MiB = 1024 * 1024;
const RESERVE = 8 * MiB;
const FILES = 14;

let disk: SmallDisk | undefined;
let skipReason: string | undefined;
let node: SpawnedNode | undefined;
let user: Vault;
const contents = new Map<string, Uint8Array>();

beforeAll(async () => {
  const mounted = await mountSmallDisk(64 * MiB);
  if ('skip' in mounted) {
    skipReason = mounted.skip;
    return;
  }
  disk = mounted;
  node = await spawnNode({
    dataDir: path.join(disk.dir, 'data'),
    env: { CELLA_MIN_FREE_BYTES: String(RESERVE), CELLA_RATE_LIMIT_USER: '0' },
  });
  user = await signedInUser(node.url);
}, 60_000);
afterAll(async () => {
  await node?.stop();
  await disk?.unmount();
});

/** Skips a test that needs the small disk, with the reason (not root). */
function onSmallDisk(name: string, fn: () => Promise<void>, timeout = 120_000): void {
  test(
    name,
    async (context) => {
      if (skipReason !== undefined) return context.skip(skipReason);
      await fn();
    },
    timeout,
  );
}

async function refusal(write: Promise<unknown>): Promise<CellaApiError> {
  const error = await write.then(
    () => new Error('the write was accepted'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CellaApiError);
  return error as CellaApiError;
}

/** 507 with internal_code 1, naming the node's storage and not the vault's quota. */
function expectStorageFull(error: CellaApiError): void {
  expect({ status: error.status, code: error.code, internalCode: error.internalCode }).toEqual({
    status: 507,
    code: 'STORAGE_FULL',
    internalCode: 1,
  });
  expect(error.message).toMatch(/the node's storage is full|the node's storage cannot take/);
  expect(error.message).not.toMatch(/quota/);
}

async function ready(): Promise<{ status: number; body: any }> {
  const response = await fetch(`${node!.url}/api/v2/health/ready`);
  return { status: response.status, body: await response.json() };
}

/** Asks until `ok(answer)` (a readiness answer is reused for a second, the disk read once a second). */
async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function freeBytesMetric(): Promise<number> {
  const text = await (await fetch(`${node!.url}/metrics`)).text();
  const line = /^cella_storage_free_bytes\{part="data"\} (\d+)/m.exec(text);
  return Number(line?.[1]);
}

describe('a node on a 64 MiB disk', () => {
  onSmallDisk(
    'below the reserve: every write 507, readiness 503, reads and deletes work, deletes free space',
    async () => {
      const notes = await user.db.createCollection('notes');
      await notes.insert([{ n: 1 }, { n: 2 }]);
      for (let i = 0; i < FILES; i++) {
        const bytes = randomBytes(2 * MiB);
        contents.set(`f${i}.bin`, bytes);
        await user.files.upload(`f${i}.bin`, bytes);
      }
      expect((await ready()).body.checks.storage).toMatchObject({ status: 'ok' });

      await disk!.fill(RESERVE / 2);
      const notReady = await until(ready, (a) => a.status === 503, 'readiness stayed 200');
      expect(notReady.body.error.message).toMatch(
        /storage failed \(storage full: \d+ bytes free, below CELLA_MIN_FREE_BYTES 8388608\)/,
      );
      expect(notReady.body.checks.storage).toMatchObject({
        status: 'failed',
        error: expect.stringMatching(/^storage full/),
      });
      const metric = await freeBytesMetric();
      expect(Math.abs(metric - (await disk!.free()))).toBeLessThan(MiB);

      // Every kind of write: an upload, an insert, an update, a new collection, an index, a copy.
      expectStorageFull(await refusal(user.files.upload('more.bin', randomBytes(64 * 1024))));
      expectStorageFull(await refusal(notes.insert({ n: 3 })));
      expectStorageFull(await refusal(notes.update({ n: 1 }, { $set: { big: 'x'.repeat(1000) } })));
      expectStorageFull(await refusal(user.db.createCollection('more')));
      expectStorageFull(await refusal(notes.createIndex({ n: 1 })));
      expectStorageFull(await refusal(user.files.copy('f0.bin', 'f0-copy.bin')));
      // The Hive dialect's upload too (the official SDKs map 507 to their InsufficientStorageException).
      const token = await user.session.token();
      const hive = await fetch(`${node!.url}/api/v2/vault/files/hive.bin`, {
        method: 'PUT',
        headers: { authorization: `token ${token}`, 'content-type': 'application/octet-stream' },
        body: new Uint8Array(1000),
      });
      expect(hive.status).toBe(507);
      expect(((await hive.json()) as { error: { internal_code: number } }).error.internal_code).toBe(1);

      // Reads work; deletes work and free the files' space within seconds.
      expect(Buffer.from(await user.files.bytes('f3.bin')).equals(Buffer.from(contents.get('f3.bin')!))).toBe(
        true,
      );
      expect((await notes.find({}).toArray()).length).toBe(2);
      const before = await disk!.free();
      for (let i = 0; i < FILES; i++) await user.files.delete(`f${i}.bin`);
      contents.clear();
      await notes.delete({ n: 2 });
      await until(
        () => disk!.free(),
        (free) => free > before + 24 * MiB,
        'deleting 28 MiB of files freed no space',
      );

      // Above the reserve again: writes work, readiness is back.
      await until(ready, (a) => a.status === 200, 'readiness stayed 503');
      const again = randomBytes(MiB);
      await user.files.upload('again.bin', again);
      contents.set('again.bin', again);
      await notes.insert({ n: 4 });
    },
  );

  onSmallDisk(
    'no reserve and a device full to the last byte: the engines answer 507 too; space back, nothing lost',
    async () => {
      // The same node (data dir, identity, port) restarted without a reserve: the same user and token.
      const port = Number(new URL(node!.url).port);
      await node!.stop();
      node = await spawnNode({
        dataDir: path.join(disk!.dir, 'data'),
        port,
        env: { CELLA_MIN_FREE_BYTES: '0', CELLA_RATE_LIMIT_USER: '0' },
      });
      const notes = user.db.collection('notes');
      const stored = await notes.find({}).toArray();
      await disk!.unfill();
      await disk!.fill(0);
      // helia's ENOSPC (an upload bigger than anything left), SQLite's "database or disk is full".
      expectStorageFull(await refusal(user.files.upload('big.bin', randomBytes(4 * MiB))));
      let inserted = 0;
      const refused = await refusal(
        (async () => {
          for (;;) {
            await notes.insert({ pad: randomBytes(32 * 1024).toString('base64') });
            inserted++;
          }
        })(),
      );
      expectStorageFull(refused);

      await disk!.unfill();
      await user.files.upload('big.bin', randomBytes(4 * MiB));
      await notes.insert({ n: 5 });
      const now = await notes.find({}).toArray();
      expect(now.length).toBe(stored.length + inserted + 1);
      expect(now.slice(0, stored.length)).toEqual(stored);
      for (const [name, bytes] of contents) {
        expect(Buffer.from(await user.files.bytes(name)).equals(Buffer.from(bytes))).toBe(true);
      }
    },
  );
});
