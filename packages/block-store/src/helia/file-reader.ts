/**
 * Reads a UnixFS file (or a byte range of it) block by block, pulled by the consumer.
 *
 * Why not @helia/unixfs `cat`: its exporter walks the DAG into an unbounded push queue, so a slow
 * consumer (a client downloading at 1 MB/s) lets it read the whole file into memory; with its
 * default read concurrency it also reads ahead without limit (lab.md §2: RSS 853 MiB for 500 MiB).
 * Here the leaves are read at most `AHEAD` blocks ahead of the consumer and each level above one, so
 * memory stays at a few blocks whatever the file size and the consumer's pace. A range touches only the blocks it
 * overlaps, found through the `blocksizes` of the interior nodes.
 */
import * as dagPb from '@ipld/dag-pb';
import type { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import { decodePb, fileSizeOf, isLeaf, unixfsOf, type GetBlock } from '../common/dag.js';
import type { ReadBuffers } from '../block-store.js';
import { BlockStoreError } from '../errors.js';
import { resolveRange } from '../common/range.js';

export interface ReadFileOptions {
  offset?: number;
  length?: number;
  signal?: AbortSignal;
  /** Where leaves are read into (the port's `CatOptions.buffers`): one buffer per leaf, taken in file order. */
  buffers?: ReadBuffers;
}

/**
 * Leaves read ahead of the consumer. Two, not one: a block file not in the page cache (written with
 * direct writes, block-file.ts, or evicted since) is read from the device, and with one read in
 * flight a download waits for each read's latency in turn (measured with direct writes, load ~11:
 * 56–58% of sha256's rate with one, 64% with two; 102–154% from the page cache).
 */
const AHEAD = 2;

interface Child {
  cid: CID;
  /** Position of the child's first byte in the file. */
  pos: number;
  size: number;
}

export async function* readFile(
  root: CID,
  getBlock: GetBlock,
  options: ReadFileOptions = {},
): AsyncGenerator<Uint8Array> {
  const { signal, buffers } = options;
  const rootBytes = await getBlock(root, signal);
  const { start, end } = resolveRange(fileSizeOf(root, rootBytes), options.offset, options.length);
  if (start === end) return;

  // Starts a read now, awaited later; the no-op catch keeps an abandoned prefetch (consumer
  // stopped early) from becoming an unhandled rejection.
  const prefetch = ({ cid, size }: Child): Promise<Uint8Array> => {
    // A raw leaf holds exactly its blocksize; the engine may read it without a stat, into a buffer
    // of the consumer's (one byte more, so a longer block shows as a wrong length).
    const leaf = cid.code === raw.code;
    const p = getBlock(cid, signal, leaf ? size : undefined, leaf ? buffers?.take(size + 1) : undefined);
    p.catch(() => undefined);
    return p;
  };

  function* slice(data: Uint8Array, pos: number): Generator<Uint8Array> {
    const from = Math.max(start - pos, 0);
    const to = Math.min(end - pos, data.length);
    if (to > from) yield data.subarray(from, to);
  }

  async function* walk(
    cid: CID,
    bytes: Uint8Array,
    pos: number,
    expected: number | undefined,
  ): AsyncGenerator<Uint8Array> {
    signal?.throwIfAborted();
    if (isLeaf(cid)) {
      if (expected !== undefined && bytes.length !== expected) {
        throw new BlockStoreError(
          'CORRUPT',
          `leaf ${cid.toString()} has ${bytes.length} bytes, its parent says ${expected}`,
        );
      }
      yield* slice(bytes, pos);
      return;
    }
    if (cid.code !== dagPb.code)
      throw new BlockStoreError('NOT_A_FILE', `${cid.toString()} is not dag-pb or raw`);
    const node = decodePb(cid, bytes);
    const fs = unixfsOf(cid, node);
    if (fs.type !== 'file' && fs.type !== 'raw') {
      throw new BlockStoreError('NOT_A_FILE', `${cid.toString()} is a UnixFS ${fs.type}, not a file`);
    }
    if (fs.data !== undefined && fs.data.length > 0) {
      yield* slice(fs.data, pos);
      pos += fs.data.length;
    }
    if (node.Links.length !== fs.blockSizes.length) {
      throw new BlockStoreError(
        'CORRUPT',
        `${cid.toString()}: ${node.Links.length} links but ${fs.blockSizes.length} block sizes`,
      );
    }
    const children: Child[] = [];
    for (let i = 0; i < node.Links.length && pos < end; i++) {
      const size = Number(fs.blockSizes[i]);
      if (pos + size > start) children.push({ cid: node.Links[i]!.Hash, pos, size });
      pos += size;
    }
    // leaves (the bytes) two ahead; interior nodes, a few KiB each, one
    const ahead = children[0]?.cid.code === raw.code ? AHEAD : 1;
    const pending = children.slice(0, ahead).map(prefetch);
    for (let i = 0; i < children.length; i++) {
      const child = children[i]!;
      const childBytes = await pending.shift()!;
      const after = children[i + ahead];
      if (after !== undefined) pending.push(prefetch(after));
      yield* walk(child.cid, childBytes, child.pos, child.size);
    }
  }

  let emitted = 0;
  for await (const chunk of walk(root, rootBytes, 0, undefined)) {
    emitted += chunk.length;
    yield chunk;
  }
  if (emitted !== end - start) {
    throw new BlockStoreError(
      'CORRUPT',
      `${root.toString()}: read ${emitted} bytes, expected ${end - start}`,
    );
  }
}
