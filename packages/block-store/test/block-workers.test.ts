/**
 * The helia engine's block workers: they hash and write blocks off the calling thread, with the CIDs
 * the calling thread would compute, without touching the caller's buffers; a dead worker fails only
 * the blocks it held; idle workers end and come back on demand.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as raw from 'multiformats/codecs/raw';
import { afterEach, describe, expect, it } from 'vitest';
import { blockSharding, sha256Cid, sha256Of } from '../src/helia/block-file.js';
import { BlockWorkers } from '../src/helia/block-workers.js';
import { lowerThreadPoolPriority, threadPoolIds, threadPoolSize } from '../src/helia/io-thread-priority.js';

const dirs: string[] = [];
const pools: BlockWorkers[] = [];
afterEach(async () => {
  for (const pool of pools.splice(0)) await pool.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function pool(
  size: number,
  idleMs?: number,
  directWrites = false,
  nice?: number,
  ioNice?: number,
): { workers: BlockWorkers; root: string } {
  const root = mkdtempSync(join(tmpdir(), 'cella-block-workers-'));
  dirs.push(root);
  const workers = new BlockWorkers({
    root,
    size,
    directWrites,
    ...(idleMs !== undefined ? { idleMs } : {}),
    ...(nice !== undefined ? { nice } : {}),
    ...(ioNice !== undefined ? { ioNice } : {}),
  });
  pools.push(workers);
  return { workers, root };
}

const sharding = blockSharding();
const stored = (root: string, cid: ReturnType<typeof sha256Cid>): Buffer => {
  const { dir, file } = sharding.encode(cid);
  return readFileSync(join(root, dir, file));
};

/** The niceness of each of this process's threads (Linux: field 19 of /proc/self/task/<id>/stat). */
function threadNiceness(): Map<number, number> {
  const nice = new Map<number, number>();
  for (const id of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${id}/stat`, 'utf8');
      nice.set(Number(id), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
    } catch {
      // the thread ended meanwhile
    }
  }
  return nice;
}

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  for (const end = Date.now() + ms; !check();) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('block workers', () => {
  it('store blocks under the CIDs this thread computes, leaving the caller’s buffers as they were', async () => {
    const { workers, root } = pool(2);
    const source = randomBytes(3 * 100_000);
    const copy = Buffer.from(source);
    const blocks = Array.from({ length: 12 }, (_, i) => {
      const bytes = source.subarray(i * 25_000, (i + 1) * 25_000);
      // Buffers and a plain Uint8Array, with an empty part between them
      const plain = new Uint8Array(bytes.buffer, bytes.byteOffset + 7, 19_993);
      return [bytes.subarray(0, 7), new Uint8Array(0), plain, bytes.subarray(20_000)];
    });
    const cids = await Promise.all(blocks.map((parts) => workers.store(raw.code, parts)));
    expect(workers.running).toBeLessThanOrEqual(2);
    for (const [i, cid] of cids.entries()) {
      expect(cid.toString()).toBe(sha256Cid(raw.code, sha256Of(blocks[i]!)).toString());
      expect(stored(root, cid).equals(Buffer.concat(blocks[i]!))).toBe(true);
    }
    expect(source.byteLength).toBe(copy.byteLength); // nothing detached
    expect(source.equals(copy)).toBe(true);
    // A block larger than the reused buffers, and an empty one.
    const big = randomBytes(1024 * 1024 + 5);
    expect(stored(root, await workers.store(raw.code, [big])).equals(big)).toBe(true);
    expect(stored(root, await workers.store(raw.code, [])).length).toBe(0);
  });

  it('full 1 MiB blocks (written past the page cache where the file system allows it) are stored whole, slots reused', async () => {
    const { workers, root } = pool(1, undefined, true);
    const MiB = 1024 * 1024;
    for (let wave = 0; wave < 4; wave++) {
      // more blocks than one slab of slots, so later waves reuse slots earlier blocks were in
      const blocks = Array.from({ length: 10 }, () => randomBytes(MiB));
      const cids = await Promise.all(
        blocks.map((b) => workers.store(raw.code, [b.subarray(0, 7), b.subarray(7)])),
      );
      for (const [i, cid] of cids.entries()) {
        expect(cid.toString()).toBe(sha256Cid(raw.code, sha256Of([blocks[i]!])).toString());
        expect(stored(root, cid).equals(blocks[i]!)).toBe(true);
      }
    }
    const page = randomBytes(8192); // a multiple of the page: the direct path too
    expect(stored(root, await workers.store(raw.code, [page])).equals(page)).toBe(true);
  });

  it.each([
    ['the default temp directory', tmpdir()],
    ['tmpfs, which refuses O_DIRECT (written the ordinary way)', '/dev/shm'],
  ])(
    'blocks asked for a direct write in a pool without direct writes, mixed with others, are stored whole (%s)',
    async (_, parent) => {
      if (!existsSync(parent)) return;
      const root = mkdtempSync(join(parent, 'cella-block-workers-'));
      dirs.push(root);
      const workers = new BlockWorkers({ root, size: 2 });
      pools.push(workers);
      const MiB = 1024 * 1024;
      for (let wave = 0; wave < 3; wave++) {
        // direct and ordinary blocks share the free slots: each wave reuses the last one's
        const blocks = Array.from({ length: 12 }, (_, i) => randomBytes(i % 3 === 2 ? 1000 : MiB));
        const cids = await Promise.all(
          blocks.map((b, i) => workers.store(raw.code, [b], { direct: i % 2 === 0 })),
        );
        for (const [i, cid] of cids.entries()) expect(stored(root, cid).equals(blocks[i]!)).toBe(true);
      }
    },
  );

  it('a worker that dies fails only the blocks it held; later blocks start a new one', async () => {
    const { workers, root } = pool(1);
    const parts = Array.from({ length: 8 }, () => [randomBytes(256 * 1024)]);
    const results = parts.map((p) =>
      workers.store(raw.code, p).then(
        (cid) => ({ cid }),
        (error: Error) => ({ error }),
      ),
    );
    expect(await workers.crashOne()).toBe(true);
    const settled = await Promise.all(results);
    const failed = settled.filter((r) => 'error' in r);
    expect(failed.length).toBeGreaterThan(0); // those the thread held
    expect(failed.length).toBeLessThan(parts.length); // queued ones went to its successor
    for (const r of settled) if ('cid' in r) expect(stored(root, r.cid).length).toBe(256 * 1024);
    const again = randomBytes(1000);
    expect(stored(root, await workers.store(raw.code, [again])).equals(again)).toBe(true);
  });

  it('idle workers end, and come back for the next block', async () => {
    const { workers, root } = pool(2, 50);
    await workers.store(raw.code, [randomBytes(10)]);
    expect(workers.running).toBeGreaterThan(0);
    await until(() => workers.running === 0);
    const bytes = randomBytes(10);
    expect(stored(root, await workers.store(raw.code, [bytes])).equals(bytes)).toBe(true);
  });

  it('a failed write rejects with the file system’s error; the pool goes on', async () => {
    const { workers, root } = pool(1);
    const blocked = join(root, 'not-a-dir');
    writeFileSync(blocked, 'x');
    const broken = new BlockWorkers({ root: blocked, size: 1, directWrites: true });
    pools.push(broken);
    await expect(broken.store(raw.code, [randomBytes(10)])).rejects.toMatchObject({ code: 'ENOTDIR' });
    await expect(broken.store(raw.code, [randomBytes(1024 * 1024)])).rejects.toMatchObject({
      code: 'ENOTDIR',
    });
    const bytes = randomBytes(10);
    expect(stored(root, await workers.store(raw.code, [bytes])).equals(bytes)).toBe(true);
  });

  it('close fails what is not stored yet, and every later block', async () => {
    const { workers } = pool(1);
    const pending = Array.from({ length: 6 }, () => workers.store(raw.code, [randomBytes(512 * 1024)]));
    const outcomes = Promise.allSettled(pending);
    await workers.close();
    const settled = await outcomes;
    expect(settled.some((r) => r.status === 'rejected')).toBe(true);
    await expect(workers.store(raw.code, [randomBytes(1)])).rejects.toThrow('closed');
    expect(workers.running).toBe(0);
  });

  it.runIf(process.platform === 'linux')(
    'run at the niceness asked, the calling thread keeping its own (uploads give way to requests)',
    async () => {
      const before = [...threadNiceness().values()].filter((n) => n === 7).length;
      const { workers } = pool(2, undefined, false, 7);
      await Promise.all([0, 1, 2, 3].map((i) => workers.store(raw.code, [randomBytes(200_000 + i)])));
      const after = threadNiceness();
      expect([...after.values()].filter((n) => n === 7).length).toBeGreaterThan(before);
      expect(after.get(process.pid)).toBe(0);
    },
  );

  it.runIf(process.platform === 'linux')(
    'lower libuv’s file threads to the niceness asked when they start, the calling thread keeping its own',
    async () => {
      const { workers } = pool(1, undefined, false, undefined, 19);
      await workers.store(raw.code, [randomBytes(100_000)]);
      const set = await lowerThreadPoolPriority(19); // the same promise the pool's start made
      // Found again independently: every thread a file operation runs on is at 19 now.
      const pool_ = await threadPoolIds();
      expect(pool_.length, JSON.stringify({ pool_, set })).toBe(threadPoolSize());
      expect(new Set(set)).toEqual(new Set(pool_));
      const nice = threadNiceness();
      for (const id of pool_) expect(nice.get(id)).toBe(19);
      expect(nice.get(process.pid)).toBe(0);
    },
  );
});
