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
import { dagPbLinks, isLeaf } from './blocks.js';

export type GetBlock = (cid: CID) => Promise<Uint8Array>;

export function fileDagBlocks(
  root: CID,
  get: GetBlock,
  readAhead = 1,
): AsyncGenerator<{ cid: CID; bytes: Uint8Array }> {
  return fileDagsBlocks([root], get, readAhead);
}

/**
 * The blocks of several file DAGs, one DAG after another (each as `fileDagBlocks`). With
 * `readAhead` > 1 the reads of the next few blocks start before their turn, across the DAGs (a
 * file of one block is followed by the next file's), so a store whose reads wait on the disk or a
 * thread pool serves several at once; at most `readAhead` blocks are read ahead. A read that fails
 * early fails the walk when its turn comes.
 */
export async function* fileDagsBlocks(
  roots: AsyncIterable<CID> | Iterable<CID>,
  get: GetBlock,
  readAhead = 1,
): AsyncGenerator<{ cid: CID; bytes: Uint8Array }> {
  const more = Symbol.asyncIterator in roots ? roots[Symbol.asyncIterator]() : roots[Symbol.iterator]();
  let ended = false;
  /** The blocks to give next, in order (an interior node's links take its place when it is read). */
  const upcoming: { cid: CID; read?: Promise<Uint8Array> }[] = [];
  for (;;) {
    while (!ended && upcoming.length < readAhead) {
      const step = await more.next();
      if (step.done === true) ended = true;
      else upcoming.push({ cid: step.value });
    }
    if (upcoming.length === 0) return;
    for (let i = 0; i < Math.min(readAhead, upcoming.length); i++) {
      const next = upcoming[i]!;
      if (next.read === undefined) {
        next.read = get(next.cid);
        next.read.catch(() => undefined); // awaited in its turn; not an unhandled rejection meanwhile
      }
    }
    const { cid, read } = upcoming.shift()!;
    const bytes = await read!;
    if (!isLeaf(cid)) upcoming.unshift(...dagPbLinks(cid, bytes).map((link) => ({ cid: link })));
    yield { cid, bytes };
  }
}

export async function* fileDagSizes(root: CID, get: GetBlock): AsyncGenerator<{ cid: CID; length: number }> {
  const pending: { cid: CID; length: number | undefined }[] = [{ cid: root, length: undefined }];
  while (pending.length > 0) {
    const { cid, length } = pending.pop()!;
    if (isLeaf(cid) && length !== undefined) {
      yield { cid, length };
      continue;
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
