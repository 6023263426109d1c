/**
 * The helia engine's file reader is pulled by its consumer: it must not read ahead of a slow
 * reader (a download at the client's pace), and a range must touch only the blocks it overlaps.
 * Counted in blocks read, not time or memory, on a many-level DAG made with tiny chunks.
 */
import { randomBytes } from 'node:crypto';
import type { CID } from 'multiformats/cid';
import { describe, expect, it } from 'vitest';
import { BlockStoreError } from '../src/errors.js';
import { readFile } from '../src/helia/file-reader.js';
import { hashingSink, writeUnixfsFile } from '../src/helia/unixfs-writer.js';

async function* once(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

async function build(size: number): Promise<{ bytes: Buffer; root: CID; blocks: Map<string, Uint8Array> }> {
  const blocks = new Map<string, Uint8Array>();
  const bytes = randomBytes(size);
  const { cid } = await writeUnixfsFile(
    once(bytes),
    hashingSink({ put: async (c: CID, b: Uint8Array) => blocks.set(c.toString(), Uint8Array.from(b)) }),
    { chunkSize: 16, maxLinks: 4 },
  );
  return { bytes, root: cid, blocks };
}

function counter(blocks: Map<string, Uint8Array>): {
  reads: () => number;
  leafReads: () => number;
  get: (cid: CID) => Promise<Uint8Array>;
} {
  let reads = 0;
  let leafReads = 0;
  return {
    reads: () => reads,
    leafReads: () => leafReads,
    get: async (cid) => {
      reads++;
      if (cid.code === 0x55) leafReads++;
      const b = blocks.get(cid.toString());
      if (b === undefined) throw new BlockStoreError('NOT_FOUND', cid.toString());
      return b;
    },
  };
}

describe('file reader', () => {
  it('reads at most a few blocks ahead of its consumer', async () => {
    const { bytes, root, blocks } = await build(16 * 4 * 4 * 4 + 5); // 4 levels below the root
    const c = counter(blocks);
    const got: Uint8Array[] = [];
    let maxAhead = 0;
    for await (const chunk of readFile(root, c.get)) {
      got.push(chunk);
      // leaves read but not yet delivered: the prefetches (two)
      maxAhead = Math.max(maxAhead, c.leafReads() - got.length);
      await new Promise((resolve) => setImmediate(resolve)); // a slow consumer
    }
    expect(Buffer.concat(got).equals(bytes)).toBe(true);
    expect(maxAhead).toBeLessThanOrEqual(2);
    expect(c.reads()).toBe(blocks.size);
  });

  it('reads only the blocks a range overlaps', async () => {
    const { bytes, root, blocks } = await build(16 * 4 * 4 * 4);
    const c = counter(blocks);
    const parts: Uint8Array[] = [];
    for await (const chunk of readFile(root, c.get, { offset: 500, length: 20 })) parts.push(chunk);
    expect(Buffer.concat(parts).equals(bytes.subarray(500, 520))).toBe(true);
    // root + 2 interior levels + the two leaves holding bytes 500..519, plus at most a prefetch per level
    expect(c.reads()).toBeLessThanOrEqual(4 + 2 + 3);
  });

  it('stops reading when the consumer stops', async () => {
    const { root, blocks } = await build(16 * 64);
    const c = counter(blocks);
    for await (const _ of readFile(root, c.get)) break;
    const after = c.reads();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(c.reads()).toBe(after);
    expect(after).toBeLessThan(10);
  });
});
