/**
 * The embedded engines on a device that fills to the last byte (a 16 MiB tmpfs): SQLite's
 * "database or disk is full" and helia's ENOSPC become the ports' STORAGE_FULL (the node answers
 * 507 for both, never 500), a refused write stores nothing, and once space returns both write
 * again with everything acknowledged before intact; kubo's daemon says "no space left on device",
 * which is STORAGE_FULL too. Needs root (mount); skipped otherwise (kubo: also without its binary).
 */
import { createHeliaBlockStore } from '@cella/block-store/helia';
import { createKuboBlockStore } from '@cella/block-store/kubo';
import { isBlockStoreError } from '@cella/block-store';
import { kuboBinary, startKubo } from '@cella/block-store/testing';
import { StoreError } from '@cella/document-store';
import { createSqliteDocumentStore } from '@cella/document-store/sqlite';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { mountSmallDisk, type SmallDisk } from '../../src/testing/small-disk.js';

const MiB = 1024 * 1024;
let disk: SmallDisk | undefined;

// Each test on a fresh 16 MiB disk.
beforeEach(async () => {
  if (process.getuid?.() !== 0) return;
  const mounted = await mountSmallDisk(16 * MiB);
  if ('dir' in mounted) disk = mounted;
});
afterEach(async () => {
  await disk?.unmount();
  disk = undefined;
});

function onDisk(): SmallDisk {
  if (!disk) throw new Error('no disk');
  return disk;
}

/** `size` bytes that do not repeat (identical chunks would be stored once). */
async function* bytes(size: number, seed: number): AsyncGenerator<Uint8Array> {
  for (let sent = 0; sent < size; sent += 64 * 1024) {
    const piece = Buffer.alloc(Math.min(64 * 1024, size - sent));
    for (let i = 0; i < piece.length; i += 4) piece.writeUInt32LE((seed * 0x9e3779b1 + sent + i) >>> 0, i);
    yield piece;
  }
}

const asRoot = process.getuid?.() === 0;

describe('on a full device', () => {
  test.skipIf(!asRoot)(
    'SQLite: STORAGE_FULL, nothing of the write stored; writes again once space returns',
    async () => {
      const small = onDisk();
      const store = createSqliteDocumentStore({ dir: path.join(small.dir, 'db') });
      try {
        const docs = store.database('vault').collection('notes');
        const acknowledged: string[] = [];
        for (let i = 0; i < 50; i++) {
          await docs.insertMany([{ _id: `before-${i}`, text: 'x'.repeat(10_000) }]);
          acknowledged.push(`before-${i}`);
        }
        await small.fill(0);
        let refused: unknown;
        for (let i = 0; i < 1000 && refused === undefined; i++) {
          await docs.insertMany([{ _id: `full-${i}`, text: 'y'.repeat(50_000) }]).then(
            () => acknowledged.push(`full-${i}`),
            (error: unknown) => (refused = error),
          );
        }
        expect(refused).toBeInstanceOf(StoreError);
        expect((refused as StoreError).code).toBe('STORAGE_FULL'); // was: a raw SqliteError (a 500)
        expect((refused as StoreError).message).toMatch(/the node's storage is full.*disk is full/);

        await small.unfill();
        await docs.insertMany([{ _id: 'after', text: 'z'.repeat(10_000) }]);
        const ids = (await docs.find({}, { projection: { _id: 1 } })).map((d) => d._id);
        expect(ids).toEqual([...acknowledged, 'after']);
      } finally {
        await store.close();
      }
    },
  );

  test.skipIf(!asRoot)(
    'helia: STORAGE_FULL, the file not stored; gc frees what it wrote; adds again once space returns',
    async () => {
      const small = onDisk();
      const blocks = await createHeliaBlockStore({ dir: path.join(small.dir, 'blocks') });
      try {
        const before = await blocks.add(bytes(3 * MiB, 1), { pin: true });
        // Room for one 1 MiB leaf and half of the next: the device fills in the middle of a block
        // (libuv then answers a short write, not ENOSPC, and only the write after it says why).
        await small.fill(MiB + MiB / 2);
        const freeBefore = await small.free();
        const error = await blocks.add(bytes(6 * MiB, 2), { pin: true }).catch((e: unknown) => e);
        expect(isBlockStoreError(error, 'STORAGE_FULL'), String(error)).toBe(true); // was: a raw ENOSPC (a 500)
        expect((error as Error).message).toMatch(/the node's storage is full.*ENOSPC|no space/i);
        expect([...(await collect(blocks.pins()))]).toEqual([before.cid]);
        // gc removes whatever blocks of the cut file were written (leaves may be written in
        // parallel, so how many is not fixed): the space comes back, but for new shard directories.
        await blocks.gc();
        expect(await small.free()).toBeGreaterThan(freeBefore - 64 * 1024);

        await small.unfill();
        const after = await blocks.add(bytes(6 * MiB, 2), { pin: true });
        expect(await blocks.size(after.cid)).toBe(6 * MiB);
        expect(await blocks.size(before.cid)).toBe(3 * MiB);
      } finally {
        await blocks.close();
      }
    },
  );

  test.skipIf(!asRoot || kuboBinary() === undefined)(
    'kubo: its "no space left on device" is STORAGE_FULL; adds again once space returns',
    async () => {
      const small = onDisk();
      const daemon = await startKubo({ under: small.dir });
      const blocks = await createKuboBlockStore({ apiUrl: daemon.apiUrl });
      try {
        const before = await blocks.add(bytes(2 * MiB, 3), { pin: true });
        await small.fill(MiB);
        const error = await blocks.add(bytes(6 * MiB, 4), { pin: true }).catch((e: unknown) => e);
        expect(isBlockStoreError(error, 'STORAGE_FULL'), String(error)).toBe(true); // was: ENGINE (a 503)
        await small.unfill();
        const after = await blocks.add(bytes(6 * MiB, 4), { pin: true });
        expect(await blocks.size(after.cid)).toBe(6 * MiB);
        expect(await blocks.size(before.cid)).toBe(2 * MiB);
      } finally {
        await blocks.close();
        await daemon.stop();
      }
    },
    120_000,
  );
});

async function collect<T>(source: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of source) out.push(item);
  return out;
}
