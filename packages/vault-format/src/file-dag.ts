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

export async function* fileDagBlocks(
  root: CID,
  get: GetBlock,
): AsyncGenerator<{ cid: CID; bytes: Uint8Array }> {
  const pending: CID[] = [root];
  while (pending.length > 0) {
    const cid = pending.pop()!;
    const bytes = await get(cid);
    if (!isLeaf(cid)) {
      const links = dagPbLinks(cid, bytes);
      for (let i = links.length - 1; i >= 0; i--) pending.push(links[i]!);
    }
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
