/**
 * A file's DAG in the order an export carries it: the root, then each link's DAG in link order
 * (depth-first pre-order), every occurrence — a block linked twice (a file of repeated pieces) is
 * carried twice, so a reader checks the order with no memory of what it read.
 *
 * `fileDagSizes` lists the same blocks with their lengths, reading only interior (dag-pb) nodes: a
 * raw leaf's length is its parent link's `Tsize` (a raw leaf's cumulative size is its own), so the
 * node can size an export of a gigabyte of files by reading about a thousandth of it.
 */
import * as dagPb from '@ipld/dag-pb';
import type { CID } from 'multiformats/cid';
import { isLeaf } from './blocks.js';
import { ExportFormatError } from './errors.js';

/**
 * A block's bytes. `length`, when given, is what the block's length should be (a raw leaf's, from
 * its parent link or its file's size): a hint a store may use to read it in one go.
 */
export type GetBlock = (cid: CID, length?: number) => Promise<Uint8Array>;

/** A DAG's root, with its length when the caller knows it (a raw root: its file's size). */
export type DagRoot = CID | { cid: CID; length?: number };

export function fileDagBlocks(
  root: CID,
  get: GetBlock,
  readAhead = 1,
): AsyncGenerator<{ cid: CID; bytes: Uint8Array }> {
  return fileDagsBlocks([root], get, readAhead);
}

const rootOf = (root: DagRoot): { cid: CID; length?: number } => ('multihash' in root ? { cid: root } : root);

/** The links of a dag-pb node with the lengths of its raw leaves (their Tsize). */
function linksOf(cid: CID, bytes: Uint8Array): { cid: CID; length?: number }[] {
  let links: dagPb.PBLink[];
  try {
    links = dagPb.decode(bytes).Links;
  } catch (error) {
    throw new ExportFormatError('BAD_BLOCK', `block ${cid.toString()} is not a valid dag-pb node`, {
      cause: error,
    });
  }
  return links.map((link) =>
    isLeaf(link.Hash) && link.Tsize !== undefined
      ? { cid: link.Hash, length: link.Tsize }
      : { cid: link.Hash },
  );
}

/**
 * The blocks of several file DAGs, one DAG after another (each as `fileDagBlocks`). With
 * `readAhead` > 1 the reads of the next few blocks start before their turn, across the DAGs (a
 * file of one block is followed by the next file's), so a store whose reads wait on the disk or a
 * thread pool serves several at once; at most `readAhead` blocks are read ahead. A read that fails
 * early fails the walk when its turn comes.
 */
export async function* fileDagsBlocks(
  roots: AsyncIterable<DagRoot> | Iterable<DagRoot>,
  get: GetBlock,
  readAhead = 1,
): AsyncGenerator<{ cid: CID; bytes: Uint8Array }> {
  const more = Symbol.asyncIterator in roots ? roots[Symbol.asyncIterator]() : roots[Symbol.iterator]();
  let ended = false;
  /** The blocks to give next, in order (an interior node's links take its place when it is read). */
  const upcoming: { cid: CID; length?: number; read?: Promise<Uint8Array> }[] = [];
  for (;;) {
    while (!ended && upcoming.length < readAhead) {
      const step = await more.next();
      if (step.done === true) ended = true;
      else upcoming.push(rootOf(step.value));
    }
    if (upcoming.length === 0) return;
    for (let i = 0; i < Math.min(readAhead, upcoming.length); i++) {
      const next = upcoming[i]!;
      if (next.read === undefined) {
        next.read = get(next.cid, next.length);
        next.read.catch(() => undefined); // awaited in its turn; not an unhandled rejection meanwhile
      }
    }
    const { cid, read } = upcoming.shift()!;
    const bytes = await read!;
    if (!isLeaf(cid)) upcoming.unshift(...linksOf(cid, bytes));
    yield { cid, bytes };
  }
}

/**
 * `leafLength`: a raw block's length without reading it (a store's stat), for a root that is one
 * raw block — a file of one chunk, which would otherwise be read whole to learn its length.
 */
export async function* fileDagSizes(
  root: CID,
  get: GetBlock,
  leafLength?: (cid: CID) => Promise<number | null>,
): AsyncGenerator<{ cid: CID; length: number }> {
  const pending: { cid: CID; length: number | undefined }[] = [{ cid: root, length: undefined }];
  while (pending.length > 0) {
    const { cid, length } = pending.pop()!;
    if (isLeaf(cid) && length !== undefined) {
      yield { cid, length };
      continue;
    }
    if (isLeaf(cid) && leafLength !== undefined) {
      const stated = await leafLength(cid);
      if (stated !== null) {
        yield { cid, length: stated };
        continue;
      }
    }
    const bytes = await get(cid);
    if (!isLeaf(cid)) {
      const links = dagPb.decode(bytes).Links;
      for (let i = links.length - 1; i >= 0; i--) {
        const link = links[i]!;
        // Tsize is trusted for raw leaves only (their cumulative size is their length); an export
        // that then meets another length stops (the node checks every block's length as it writes).
        pending.push({
          cid: link.Hash,
          length: isLeaf(link.Hash) && link.Tsize !== undefined ? link.Tsize : undefined,
        });
      }
    }
    yield { cid, length: bytes.length };
  }
}
