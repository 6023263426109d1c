/**
 * One block as one file: where it lives and how it is written. Shared by the blockstore on the
 * node's thread (`fs-blockstore.ts`: CAR imports, `put`) and the block workers (`block-worker.ts`:
 * uploads), so both write the same layout the same way.
 *
 * Layout (blockstore-fs defaults, so the directory stays readable by it):
 * `<root>/<last two chars of the key>/<key>.data`, key = base32upper(multihash) with its 'B' prefix.
 *
 * A write lands whole or not at all: a temp file of its own (a unique name per write; blockstore-fs's
 * own writer, steno, shares one temp name per block, so two concurrent adds of the same bytes could
 * expose a partial block), then one atomic rename (the last writer wins; both wrote the same bytes).
 * No fsync: a killed process loses nothing the kernel has accepted; a power loss can lose the latest
 * blocks, which is why pins are written after the blocks they protect.
 *
 * Cost per new block: one synchronous existence check, then four thread-pool round trips — open the
 * temp file, one `writev` of the block's parts, close, rename (plus a mkdir the first time a shard
 * directory is used). The check is synchronous on purpose: a lookup of a name in a directory the
 * kernel has cached costs microseconds, where an async check costs a round trip and, for a new block
 * (the usual answer), an Error with a stack trace.
 *
 * Direct writes: a caller whose block sits in memory aligned for it (the block workers' slots) may
 * ask for `O_DIRECT`, which hands the bytes to the device without copying them into the kernel's
 * page cache. That copy was the largest CPU cost of an upload (measured on the project's VM: 1.2–3
 * ms of system time per MiB into freshly allocated page-cache pages, against 0.1–0.4 direct); the
 * price is that a block read soon after comes from the device rather than from memory. Used only
 * for a block in one part whose length is a multiple of 4096 (every full 1 MiB leaf); anything the
 * direct path refuses (a file system without it, unaligned memory: EINVAL; a short write) is written
 * again the ordinary way, and after an EINVAL this thread stops trying.
 */
import { createHash, randomBytes } from 'node:crypto';
import { close, constants, existsSync, open, writev } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { NextToLast } from 'blockstore-fs/sharding';
import { CID } from 'multiformats/cid';
import { create as createDigest } from 'multiformats/hashes/digest';

export const TEMP_SUFFIX = '.tmp';
export const BLOCK_SUFFIX = '.data';
const IDENTITY = 0x00;
const SHA2_256 = 0x12;
const EMPTY = new Uint8Array(0);

/** The sha2-256 digest of a block given as its consecutive parts (one pass, no joining copy). */
export function sha256Of(parts: readonly Uint8Array[]): Uint8Array {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
}

/** The CIDv1 of a block of codec `code` whose sha2-256 digest is `digest`. */
export const sha256Cid = (code: number, digest: Uint8Array): CID =>
  CID.createV1(code, createDigest(SHA2_256, digest));

/** The sharding of block files (blockstore-fs's default). */
export const blockSharding = (): NextToLast => new NextToLast({ extension: BLOCK_SUFFIX });

const openFile = promisify(open);
const closeFile = promisify(close);
/** fs.writev with a raw fd (fs/promises only has it on a FileHandle); resolves with the bytes written. */
const writeParts = (fd: number, parts: readonly Uint8Array[]): Promise<number> =>
  new Promise((resolve, reject) => {
    writev(fd, parts as Uint8Array[], (err, written) => (err ? reject(err) : resolve(written)));
  });

/** Temp names: a random prefix per thread plus a counter (unique without a random draw per block). */
const TEMP_TAG = randomBytes(6).toString('hex');
let tempCount = 0;

/** `wx`, and `O_DIRECT` (where the platform has it: Linux, some BSDs) for a direct write. */
const CREATE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL;
const O_DIRECT = constants.O_DIRECT ?? 0;
/** Alignment (bytes) a direct write's length needs here: a page covers every device's sector size. */
const DIRECT_ALIGN = 4096;
/** False once this thread's direct write was refused with EINVAL (no O_DIRECT on this file system, or memory not aligned). */
let directWorks = O_DIRECT !== 0;

/** Creates a new file; its shard directory is made on first use (ENOENT: mkdir, then once more). */
async function createFile(path: string, dir: string, direct: boolean): Promise<number> {
  const flags = direct ? CREATE | O_DIRECT : CREATE;
  try {
    return await openFile(path, flags, 0o666);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    await mkdir(dir, { recursive: true });
    return openFile(path, flags, 0o666);
  }
}

export interface WriteBlockOptions {
  /**
   * The parts sit in memory aligned for `O_DIRECT` (a page boundary): write them to the device
   * without the page cache when the block allows it (see above). A wrong promise costs one refused
   * write, then the block is written the ordinary way.
   */
  direct?: boolean;
}

/**
 * Stores a block given as its consecutive parts (a leaf arrives as the request's pieces; joining
 * them would cost a copy) under `root`. A block already stored is not written again (content
 * addressing: it holds these bytes; gc cannot remove it meanwhile, it runs under the engine's
 * exclusive lock). The parts must stay unchanged until the promise settles.
 */
export async function writeBlockFile(
  root: string,
  sharding: NextToLast,
  cid: CID,
  parts: readonly Uint8Array[],
  options: WriteBlockOptions = {},
): Promise<void> {
  if (cid.multihash.code === IDENTITY) return; // the CID holds the bytes
  const { dir, file } = sharding.encode(cid);
  const dirPath = join(root, dir);
  const target = join(dirPath, file);
  if (existsSync(target)) return;
  const length = parts.length === 1 ? parts[0]!.byteLength : 0;
  if (options.direct === true && directWorks && length > 0 && length % DIRECT_ALIGN === 0) {
    try {
      await writeFile(dirPath, file, target, parts, true);
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EINVAL') directWorks = false;
      // whatever refused the direct write, the ordinary one below either succeeds or says why
    }
  }
  await writeFile(dirPath, file, target, parts, false);
}

/** Writes the block into a temp file of its own, then renames it into place. */
async function writeFile(
  dirPath: string,
  file: string,
  target: string,
  parts: readonly Uint8Array[],
  direct: boolean,
): Promise<void> {
  const tmp = join(dirPath, `.${file}.${TEMP_TAG}-${++tempCount}${TEMP_SUFFIX}`);
  let fd: number | undefined;
  try {
    fd = await createFile(tmp, dirPath, direct);
    const buffers = parts.length > 0 ? parts : [EMPTY]; // libuv refuses a writev of no buffers
    const expected = buffers.reduce((n, p) => n + p.byteLength, 0);
    // libuv writes on until all bytes are written, except when the device fills: then it returns
    // what it wrote, and writing the rest gets the error (ENOSPC), which says why.
    let written = await writeParts(fd, buffers);
    if (direct && written < expected) throw new Error(`short direct write of ${tmp}`); // the rest is unaligned
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
