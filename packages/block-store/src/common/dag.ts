/**
 * UnixFS DAG helpers over a block getter, shared by both engines. Walks read only dag-pb
 * (interior) nodes: raw leaves are known from their parent's links, so listing, pin checks and
 * gc marking cost one small read per ~1 GiB of file instead of reading every byte.
 */
import * as dagPb from '@ipld/dag-pb';
import { UnixFS } from 'ipfs-unixfs';
import { base64 } from 'multiformats/bases/base64';
import * as raw from 'multiformats/codecs/raw';
import type { CID } from 'multiformats/cid';
import { BlockStoreError, isBlockStoreError } from '../errors.js';

/**
 * Reads a block. `expectedSize`, when the caller knows the block's length (a raw leaf's, from its
 * parent's `blocksizes`), lets an engine read it without asking the file system for its size;
 * `into` (then at least `expectedSize` + 1 bytes) is a buffer to read it into, instead of
 * allocating one: the answer is then a view of it.
 */
export type GetBlock = (
  cid: CID,
  signal?: AbortSignal,
  expectedSize?: number,
  into?: Uint8Array,
) => Promise<Uint8Array>;

const IDENTITY = 0x00;

/** Stores key blocks by multihash (a raw and a dag-pb CID of the same bytes are one block). */
export function blockKey(cid: CID): string {
  return base64.baseEncode(cid.multihash.bytes);
}

/** Blocks whose bytes we never need to read to know the DAG's shape. */
export function isLeaf(cid: CID): boolean {
  return cid.code === raw.code || cid.multihash.code === IDENTITY;
}

export function decodePb(cid: CID, bytes: Uint8Array): dagPb.PBNode {
  try {
    return dagPb.decode(bytes);
  } catch (err) {
    throw new BlockStoreError('CORRUPT', `block ${cid.toString()} is not valid dag-pb`, { cause: err });
  }
}

export function unixfsOf(cid: CID, node: dagPb.PBNode): UnixFS {
  if (node.Data === undefined)
    throw new BlockStoreError('NOT_A_FILE', `${cid.toString()} has no UnixFS data`);
  try {
    return UnixFS.unmarshal(node.Data);
  } catch (err) {
    throw new BlockStoreError('NOT_A_FILE', `${cid.toString()} is not UnixFS`, { cause: err });
  }
}

/** The logical file size recorded in a root block (raw leaf: its length). */
export function fileSizeOf(cid: CID, bytes: Uint8Array): number {
  if (cid.code === raw.code) return bytes.length;
  if (cid.code !== dagPb.code)
    throw new BlockStoreError('NOT_A_FILE', `${cid.toString()} is not dag-pb or raw`);
  const fs = unixfsOf(cid, decodePb(cid, bytes));
  if (fs.type !== 'file' && fs.type !== 'raw') {
    throw new BlockStoreError('NOT_A_FILE', `${cid.toString()} is a UnixFS ${fs.type}, not a file`);
  }
  return Number(fs.fileSize());
}

export interface WalkOptions {
  signal?: AbortSignal;
  /** Skip (instead of failing on) dag-pb nodes that are not stored; gc marking wants this. */
  skipMissing?: boolean;
  /** Shared across walks to dedupe (gc marks many roots into one set). Keyed by `blockKey`. */
  seen?: Set<string>;
}

/**
 * Every distinct CID of the DAG under `root`, root first, depth-first in link order. Only dag-pb
 * nodes are read; a missing dag-pb node throws NOT_FOUND unless `skipMissing`.
 */
export async function* walkDag(
  root: CID,
  getBlock: GetBlock,
  options: WalkOptions = {},
): AsyncGenerator<CID> {
  const seen = options.seen ?? new Set<string>();
  // Explicit stack (reversed children) keeps memory at one node's links per level.
  const stack: CID[] = [root];
  while (stack.length > 0) {
    options.signal?.throwIfAborted();
    const cid = stack.pop()!;
    const key = blockKey(cid);
    if (seen.has(key)) continue;
    seen.add(key);
    yield cid;
    if (isLeaf(cid)) continue;
    if (cid.code !== dagPb.code) {
      throw new BlockStoreError(
        'UNSUPPORTED',
        `cannot walk codec 0x${cid.code.toString(16)} (${cid.toString()})`,
      );
    }
    let bytes: Uint8Array;
    try {
      bytes = await getBlock(cid, options.signal);
    } catch (err) {
      if (options.skipMissing === true && isBlockStoreError(err, 'NOT_FOUND')) continue;
      throw err;
    }
    const links = decodePb(cid, bytes).Links;
    for (let i = links.length - 1; i >= 0; i--) stack.push(links[i]!.Hash);
  }
}
