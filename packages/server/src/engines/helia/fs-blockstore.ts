/**
 * blockstore-fs with a safer, leaner `put`, plus the direct file access the engine's hot paths use.
 *
 * Layout (unchanged from blockstore-fs defaults, so the directory stays readable by it):
 * `<dir>/<last two chars of the key>/<key>.data`, key = base32upper(multihash) with its 'B' prefix.
 *
 * Why override `put`: blockstore-fs writes through steno, whose temp file name is fixed per target
 * (`.<key>.data.tmp`). Two concurrent adds of the same bytes then share one temp file, and one can
 * truncate it while the other renames it into place, briefly exposing a partial block. Here each
 * write gets its own temp name and lands with one atomic rename (the last writer wins; both wrote
 * the same bytes). No fsync: a killed process loses nothing the kernel has accepted; a power loss
 * can lose the latest blocks, which is why pins are written after the blocks they protect.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FsBlockstore } from 'blockstore-fs';
import { NextToLast } from 'blockstore-fs/sharding';
import type { CID } from 'multiformats/cid';
import { BlockStoreError } from './errors.js';

type AbortOptions = { signal?: AbortSignal };

const IDENTITY = 0x00;
export const TEMP_SUFFIX = '.tmp';
export const BLOCK_SUFFIX = '.data';

export class CellaFsBlockstore extends FsBlockstore {
  private readonly madeDirs = new Set<string>();
  private readonly sharding: NextToLast;

  constructor(location: string) {
    const sharding = new NextToLast({ extension: BLOCK_SUFFIX });
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
    // Content addressing: a stored block already holds these bytes (gc cannot remove it
    // meanwhile: it runs under the engine's exclusive lock).
    if (await this.has(key)) return key;
    const bytes = val instanceof Uint8Array ? val : await collect(val);
    const { dir, file } = this.locate(key);
    const dirPath = join(this.path, dir);
    if (!this.madeDirs.has(dir)) {
      await mkdir(dirPath, { recursive: true });
      this.madeDirs.add(dir);
    }
    const tmp = join(dirPath, `.${file}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`);
    try {
      await writeFile(tmp, bytes);
      await rename(tmp, join(dirPath, file));
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    return key;
  }

  /** A whole block in one read. NOT_FOUND if it is not stored. */
  async read(cid: CID, signal?: AbortSignal): Promise<Uint8Array> {
    if (cid.multihash.code === IDENTITY) return cid.multihash.digest;
    const { dir, file } = this.locate(cid);
    try {
      return await readFile(join(this.path, dir, file), signal === undefined ? undefined : { signal });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new BlockStoreError('NOT_FOUND', `block ${cid.toString()} is not stored`);
      }
      throw err;
    }
  }

  override async has(key: CID, options?: AbortOptions): Promise<boolean> {
    if (key.multihash.code === IDENTITY) return true;
    return super.has(key, options);
  }
}

async function collect(source: Iterable<Uint8Array> | AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const part of source) parts.push(part);
  return Buffer.concat(parts);
}
