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
 *
 * Cost per new block (the upload hot path, `writeBlock`): one synchronous existence check on the
 * event loop, then four thread-pool round trips — open the temp file, one `writev` of the block's
 * parts, close, rename (plus a mkdir the first time a shard directory is used). Each round trip
 * costs the event loop a completion callback; the former path (async `access`, fs/promises
 * `writeFile`, rename) took six, and its `access` failed with an Error for every new block.
 */
import { randomBytes } from 'node:crypto';
import { close, existsSync, open, writev } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { FsBlockstore } from 'blockstore-fs';
import { NextToLast } from 'blockstore-fs/sharding';
import type { CID } from 'multiformats/cid';
import { BlockStoreError } from '../errors.js';

type AbortOptions = { signal?: AbortSignal };

const IDENTITY = 0x00;
const EMPTY = new Uint8Array(0);
const openFile = promisify(open);
const closeFile = promisify(close);
/** fs.writev with a raw fd (fs/promises only has it on a FileHandle); resolves with the bytes written. */
const writeParts = (fd: number, parts: readonly Uint8Array[]): Promise<number> =>
  new Promise((resolve, reject) => {
    writev(fd, parts as Uint8Array[], (err, written) => (err ? reject(err) : resolve(written)));
  });

export const TEMP_SUFFIX = '.tmp';
export const BLOCK_SUFFIX = '.data';

/** Temp names: a random prefix per process plus a counter (unique without a random draw per block). */
const TEMP_TAG = randomBytes(6).toString('hex');
let tempCount = 0;

/** Creates a new file; its shard directory is made on first use (ENOENT: mkdir, then once more). */
async function createFile(path: string, dir: string): Promise<number> {
  try {
    return await openFile(path, 'wx');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    await mkdir(dir, { recursive: true });
    return openFile(path, 'wx');
  }
}

export class CellaFsBlockstore extends FsBlockstore {
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
    await this.writeBlock(key, val instanceof Uint8Array ? [val] : [await collect(val)]);
    return key;
  }

  /**
   * Stores a block given as its consecutive parts (a leaf arrives as the request's pieces, and
   * joining them would cost a copy). A block already stored is not written again. The parts must
   * stay unchanged until the promise settles.
   */
  async writeBlock(cid: CID, parts: readonly Uint8Array[]): Promise<void> {
    if (cid.multihash.code === IDENTITY) return; // the CID holds the bytes
    const { dir, file } = this.locate(cid);
    const dirPath = join(this.path, dir);
    const target = join(dirPath, file);
    // Content addressing: a stored block already holds these bytes (gc cannot remove it
    // meanwhile: it runs under the engine's exclusive lock). Checked synchronously: one path
    // lookup in a directory the kernel has cached (about a microsecond), where an async check
    // costs a thread-pool round trip and, for a new block (the usual answer), an Error with a
    // stack trace on the event loop.
    if (existsSync(target)) return;
    const tmp = join(dirPath, `.${file}.${TEMP_TAG}-${++tempCount}${TEMP_SUFFIX}`);
    let fd: number | undefined;
    try {
      fd = await createFile(tmp, dirPath);
      const buffers = parts.length > 0 ? parts : [EMPTY]; // libuv refuses a writev of no buffers
      const expected = buffers.reduce((n, p) => n + p.byteLength, 0);
      // libuv writes on until all bytes are written, except when the device fills: then it returns
      // what it wrote, and writing the rest gets the error (ENOSPC), which says why.
      let written = await writeParts(fd, buffers);
      while (written < expected) {
        const more = await writeParts(fd, partsFrom(buffers, written));
        if (more === 0) throw new Error(`short write of ${tmp}: ${written} of ${expected} bytes`);
        written += more;
      }
      const closing = fd;
      fd = undefined;
      await closeFile(closing);
      await rename(tmp, target);
    } catch (err) {
      if (fd !== undefined) await closeFile(fd).catch(() => undefined);
      await rm(tmp, { force: true });
      throw err;
    }
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

/** What is left of `parts` after their first `offset` bytes (views, no copy). */
function partsFrom(parts: readonly Uint8Array[], offset: number): Uint8Array[] {
  const rest: Uint8Array[] = [];
  let skip = offset;
  for (const part of parts) {
    if (skip >= part.byteLength) skip -= part.byteLength;
    else {
      rest.push(skip > 0 ? part.subarray(skip) : part);
      skip = 0;
    }
  }
  return rest;
}

async function collect(source: Iterable<Uint8Array> | AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const part of source) parts.push(part);
  return Buffer.concat(parts);
}
