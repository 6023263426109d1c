/**
 * blockstore-fs with a safer, leaner `put` (one write path for every block, `block-file.ts`), plus
 * the direct file access the engine's hot paths use.
 *
 * Why override `put`: blockstore-fs writes through steno, whose temp file name is fixed per target
 * (`.<key>.data.tmp`). Two concurrent adds of the same bytes then share one temp file, and one can
 * truncate it while the other renames it into place, briefly exposing a partial block.
 */
import { close, open, read } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { FsBlockstore } from 'blockstore-fs';
import type { NextToLast } from 'blockstore-fs/sharding';
import type { CID } from 'multiformats/cid';
import { BlockStoreError } from '../errors.js';
import { blockSharding, writeBlockFile } from './block-file.js';

type AbortOptions = { signal?: AbortSignal };

const IDENTITY = 0x00;
const openFile = promisify(open);
/** Reads into `buffer` from `offset` on (file position = buffer position); resolves with the bytes read. */
const readInto = (fd: number, buffer: Buffer, offset: number): Promise<number> =>
  new Promise((resolve, reject) => {
    read(fd, buffer, offset, buffer.length - offset, offset, (err, n) => (err ? reject(err) : resolve(n)));
  });

export class CellaFsBlockstore extends FsBlockstore {
  private readonly sharding: NextToLast;

  constructor(location: string) {
    const sharding = blockSharding();
    super(location, { shardingStrategy: sharding });
    this.sharding = sharding;
  }

  /** Relative shard dir and file name of a block (the file name is the sweep's key). */
  locate(cid: CID): { dir: string; file: string } {
    return this.sharding.encode(cid);
  }

  override async put(
    key: CID,
    val: Uint8Array | Iterable<Uint8Array> | AsyncIterable<Uint8Array>,
    options?: AbortOptions,
  ): Promise<CID> {
    options?.signal?.throwIfAborted();
    const bytes = val instanceof Uint8Array ? val : await collect(val);
    await writeBlockFile(this.path, this.sharding, key, [bytes]);
    return key;
  }

  /**
   * A whole block. NOT_FOUND if it is not stored. With `expectedSize` (a leaf's length, known from
   * its parent) it is one open and one read into a buffer of that size (plus one byte, so a longer
   * file shows as a wrong length): two thread-pool round trips where fs/promises `readFile` takes
   * five (open, fstat, two reads of 512 KiB, close) for a 1 MiB leaf. `into` (at least
   * `expectedSize` + 1 bytes) is read into instead of a new buffer; the answer is then a view of it.
   */
  async read(cid: CID, signal?: AbortSignal, expectedSize?: number, into?: Uint8Array): Promise<Uint8Array> {
    if (cid.multihash.code === IDENTITY) return cid.multihash.digest;
    const { dir, file } = this.locate(cid);
    const path = join(this.path, dir, file);
    try {
      if (expectedSize === undefined) {
        return await readFile(path, signal === undefined ? undefined : { signal });
      }
      signal?.throwIfAborted();
      return await readSized(path, expectedSize, into);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new BlockStoreError('NOT_FOUND', `block ${cid.toString()} is not stored`);
      }
      throw err;
    }
  }

  /** A block's length (its file's size, one stat), null when it is not stored. */
  async length(cid: CID): Promise<number | null> {
    if (cid.multihash.code === IDENTITY) return cid.multihash.digest.length;
    const { dir, file } = this.locate(cid);
    try {
      return (await stat(join(this.path, dir, file))).size;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  override async has(key: CID, options?: AbortOptions): Promise<boolean> {
    if (key.multihash.code === IDENTITY) return true;
    return super.has(key, options);
  }
}

/**
 * Reads up to `size` + 1 bytes of a file (into `into` when it is large enough): all of it when it
 * has the size it should have.
 */
async function readSized(path: string, size: number, into?: Uint8Array): Promise<Uint8Array> {
  const fd = await openFile(path, 'r');
  try {
    const buffer =
      into !== undefined && into.byteLength > size
        ? Buffer.from(into.buffer, into.byteOffset, size + 1)
        : Buffer.allocUnsafe(size + 1);
    let length = 0;
    for (;;) {
      const n = await readInto(fd, buffer, length);
      length += n;
      // A regular file gives everything up to its end in one read; the loop is for the rare short read.
      if (n === 0 || length >= size) return buffer.subarray(0, length);
    }
  } finally {
    close(fd, () => undefined); // the bytes are read; nothing waits for the close
  }
}

async function collect(source: Iterable<Uint8Array> | AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const part of source) parts.push(part);
  return Buffer.concat(parts);
}
