/**
 * Lists of the manifest (collections, pages, files) as trees of DAG-CBOR list nodes, never one
 * giant block: a leaf `{entries: [...]}`, an interior node `{parts: [CID, ...]}`.
 *
 * Nodes are cut where the content says (as the node's database pages are, backup/chunks.ts): a
 * node ends after an entry when the first four bytes of the SHA-256 of its DAG-CBOR encoding, read
 * as a fraction of 2^32, fall below `size / targetBytes` — once the node holds `minBytes`, and
 * before an entry that would take it past `softMaxBytes`. Parts are cut by the same rule over their
 * CIDs. So an edit in a list changes the node it lands in (sometimes its neighbour) and the nodes
 * above it, not every node after it: an incremental export carries the manifest's changed nodes
 * only, and two lists of the same entries are the same blocks.
 *
 * The builder holds one unfinished node per level (constant memory whatever the list's length).
 */
import * as dagCbor from '@ipld/dag-cbor';
import type { CID } from 'multiformats/cid';
import { encodeNode, type EncodedBlock, type Sha256 } from './blocks.js';

export interface ListCutting {
  targetBytes: number;
  minBytes: number;
  softMaxBytes: number;
}

export const LIST_CUTTING: ListCutting = {
  targetBytes: 16 * 1024,
  minBytes: 4 * 1024,
  softMaxBytes: 256 * 1024,
};

/** Lists nest at most this deep (a reader refuses deeper ones: 2^64 entries would need fewer). */
export const MAX_LIST_DEPTH = 64;

interface Level {
  pending: unknown[];
  size: number;
  emitted: number;
}

export class ListBuilder<T> {
  private readonly levels: Level[] = [];

  constructor(
    /** Called with every list node made, children before parents. */
    private readonly emit: (block: EncodedBlock) => void | Promise<void>,
    private readonly sha256: Sha256,
    private readonly cutting: ListCutting = LIST_CUTTING,
  ) {}

  add(entry: T): Promise<void> {
    return this.addAt(0, entry);
  }

  /** Ends the list; its root node's CID (an empty list is a leaf with no entries). */
  async finish(): Promise<CID> {
    for (let level = 0; ; level++) {
      const current = (this.levels[level] ??= { pending: [], size: 0, emitted: 0 });
      if (level === this.levels.length - 1 && current.emitted === 0) {
        // This level's entries fit one node: the root (or, above the leaves, its one child is).
        if (level > 0 && current.pending.length === 1) return current.pending[0] as CID;
        return (await this.node(level, current.pending)).cid;
      }
      if (current.pending.length > 0) await this.cut(level);
    }
  }

  private async addAt(level: number, entry: unknown): Promise<void> {
    const current = (this.levels[level] ??= { pending: [], size: 0, emitted: 0 });
    const encoded = dagCbor.encode(entry);
    if (current.size > 0 && current.size + encoded.length > this.cutting.softMaxBytes) await this.cut(level);
    current.pending.push(entry);
    current.size += encoded.length;
    if (current.size >= this.cutting.minBytes && (await this.isBoundary(encoded))) await this.cut(level);
  }

  private async isBoundary(encoded: Uint8Array): Promise<boolean> {
    const digest = await this.sha256(encoded);
    const fraction =
      (((digest[0]! << 24) >>> 0) + (digest[1]! << 16) + (digest[2]! << 8) + digest[3]!) / 2 ** 32;
    return fraction < encoded.length / this.cutting.targetBytes;
  }

  private async cut(level: number): Promise<void> {
    const current = this.levels[level]!;
    const block = await this.node(level, current.pending);
    current.pending = [];
    current.size = 0;
    current.emitted++;
    await this.addAt(level + 1, block.cid);
  }

  private async node(level: number, pending: unknown[]): Promise<EncodedBlock> {
    const block = await encodeNode(level === 0 ? { entries: pending } : { parts: pending }, this.sha256);
    await this.emit(block);
    return block;
  }
}
