/**
 * The helia engine's UnixFS writer must build exactly the DAG ipfs-unixfs-importer builds (the
 * reference implementation behind @helia/unixfs). Small chunks and link limits make every tree
 * shape the 1 MiB / 1024-link profile produces only past 1 GiB (several levels, partial rows,
 * one-child parents) appear in a few hundred bytes.
 */
import { randomBytes } from 'node:crypto';
import { importFile } from 'ipfs-unixfs-importer';
import { fixedSize } from 'ipfs-unixfs-importer/chunker';
import { balanced } from 'ipfs-unixfs-importer/layout';
import type { CID } from 'multiformats/cid';
import { describe, expect, it } from 'vitest';
import { hashingSink, writeUnixfsFile } from '../src/helia/unixfs-writer.js';

class MapStore {
  readonly blocks = new Map<string, Uint8Array>();
  async put(cid: CID, bytes: Uint8Array): Promise<CID> {
    this.blocks.set(cid.toString(), Uint8Array.from(bytes));
    return cid;
  }
  async has(cid: CID): Promise<boolean> {
    return this.blocks.has(cid.toString());
  }
  async *get(cid: CID): AsyncGenerator<Uint8Array> {
    const b = this.blocks.get(cid.toString());
    if (b === undefined) throw new Error('missing');
    yield b;
  }
}

async function* pieces(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
  if (bytes.length === 0) return;
}

async function reference(
  bytes: Uint8Array,
  chunkSize: number,
  maxLinks: number,
): Promise<{ cid: string; blocks: string[] }> {
  const store = new MapStore();
  const entry = await importFile({ content: pieces(bytes, 5) }, store, {
    cidVersion: 1,
    rawLeaves: true,
    reduceSingleLeafToSelf: true,
    chunker: fixedSize({ chunkSize }),
    layout: balanced({ maxChildrenPerNode: maxLinks }),
  });
  return { cid: entry.cid.toString(), blocks: [...store.blocks.keys()].sort() };
}

async function ours(
  bytes: Uint8Array,
  chunkSize: number,
  maxLinks: number,
  piece: number,
): Promise<{ cid: string; blocks: string[] }> {
  const store = new MapStore();
  const { cid, size } = await writeUnixfsFile(pieces(bytes, piece), hashingSink(store), {
    chunkSize,
    maxLinks,
    writeConcurrency: 3,
  });
  expect(size).toBe(bytes.length);
  return { cid: cid.toString(), blocks: [...store.blocks.keys()].sort() };
}

describe('unixfs writer = ipfs-unixfs-importer (balanced, raw leaves, CIDv1)', () => {
  for (const [chunkSize, maxLinks] of [
    [4, 2],
    [3, 3],
    [16, 4],
    [1, 5],
  ] as const) {
    it(`matches for every size up to 4 levels (chunk ${chunkSize}, ${maxLinks} links)`, async () => {
      const limit = chunkSize * maxLinks ** 3 + 2 * chunkSize;
      for (let size = 0; size <= limit; size += size < 3 * chunkSize ? 1 : chunkSize - 1 || 1) {
        const bytes = randomBytes(size);
        const expected = await reference(bytes, chunkSize, maxLinks);
        const actual = await ours(bytes, chunkSize, maxLinks, 1 + (size % 7));
        expect(actual.cid, `size ${size}`).toBe(expected.cid);
        expect(actual.blocks, `size ${size}`).toEqual(expected.blocks);
      }
    });
  }

  it('matches at the real profile (1 MiB chunks, 1024 links) for a few MiB, fed in odd pieces', async () => {
    const MiB = 1024 * 1024;
    for (const size of [0, 1, MiB - 1, MiB, MiB + 1, 3 * MiB + 17]) {
      const bytes = randomBytes(size);
      const expected = await reference(bytes, MiB, 1024);
      expect((await ours(bytes, MiB, 1024, 65_537)).cid).toBe(expected.cid);
    }
  });

  it('fails the add when a block write fails, and aborts on the signal', async () => {
    const failing = hashingSink({ put: async () => Promise.reject(new Error('disk full')) });
    await expect(writeUnixfsFile(pieces(randomBytes(100), 10), failing, { chunkSize: 8 })).rejects.toThrow(
      'disk full',
    );
    const controller = new AbortController();
    controller.abort(new Error('client went away'));
    await expect(
      writeUnixfsFile(pieces(randomBytes(100), 10), hashingSink(new MapStore()), {
        chunkSize: 8,
        signal: controller.signal,
      }),
    ).rejects.toThrow('client went away');
  });
});
