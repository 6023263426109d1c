/**
 * Node-wide reference counts per CID (node database, collection `cid_refs`: `{_id: cid, count,
 * updated}`), and the pin protocol around them. Pins are one per root (not counted), so the count
 * decides when a root may be unpinned; the protocol keeps the two in step under concurrency, in
 * one process or in several sharing the stores:
 *
 * - `acquire(cid)` (an upload, copy or move is about to write metadata that names `cid`): +1; when
 *   the count became 1 the CID may have just been released and unpinned by a sweep, whose unpin
 *   could have come after this upload's own `add(..., { pin: true })` (a no-op on a pinned root),
 *   so it makes sure the root is pinned.
 * - `release(cid)` (metadata naming `cid` is gone, committed): -1. A count that falls to 0 stays as
 *   a record "released" (count 0); the root stays pinned until the next sweep.
 * - Only the sweep unpins (its full run, or the quick collection of released counts a disk short
 *   of space asks for: release-collector.ts), and only the process holding the sweep's node-wide lease sweeps: it
 *   deletes a released record (only if it is still 0), unpins the root, reads the count again and
 *   pins the root back if an `acquire` slipped in, and only then runs gc. So no gc, in any process,
 *   can fall between an unpin and the re-pin that follows it. (An `acquire` that finds the root
 *   unpinned after gc took its blocks fails: the upload fails and gives its count back; nothing
 *   that was acknowledged is lost.)
 *
 * `lock` orders, within the sweeping process, the unpin/re-pin sections (shared) before gc
 * (exclusive). `updated` (epoch ms) is touched by every acquire and release: the sweep repairs only
 * counts nobody touched lately. `sha256` (hex of the content), when present, was computed once for
 * `fileHash` and is kept with the count: it goes when the sweep removes the released record.
 */
import type { Collection, Database, Document } from '@cella/document-store';
import type { BlockStore } from '@cella/block-store';
import { RwLock } from '@cella/block-store';
import type { Logger } from '../logger.js';

export const CID_REFS_COLLECTION = 'cid_refs';

export interface CidRef {
  cid: string;
  count: number;
  updated: number;
}

function toRef(doc: Document): CidRef {
  return { cid: String(doc._id), count: Number(doc.count ?? 0), updated: Number(doc.updated ?? 0) };
}

export class CidRefs {
  readonly collection: Collection;
  /** Shared: acquire/release/unpin sections. Exclusive: gc. */
  readonly lock = new RwLock();

  constructor(
    nodeDb: Database,
    private readonly blocks: BlockStore,
    private readonly clock: () => number,
    private readonly log: Logger,
    /** Called when a count falls to 0 (a collection may free its content: release-collector.ts). */
    private readonly onReleased: () => void = () => undefined,
  ) {
    this.collection = nodeDb.collection(CID_REFS_COLLECTION);
  }

  async get(cid: string): Promise<CidRef | null> {
    const doc = await this.collection.findOne({ _id: cid });
    return doc ? toRef(doc) : null;
  }

  async count(cid: string): Promise<number> {
    return (await this.get(cid))?.count ?? 0;
  }

  async all(): Promise<CidRef[]> {
    return (await this.collection.find({})).map(toRef);
  }

  /** The counts released to 0 (the next sweep, or a collection, removes them). */
  async released(): Promise<CidRef[]> {
    return (await this.collection.find({ count: { $lte: 0 } })).map(toRef);
  }

  /** +1 for a reference about to be written; makes sure the root is pinned. */
  async acquire(cid: string): Promise<void> {
    await this.lock.shared(async () => {
      const doc = await this.collection.findOneAndUpdate(
        { _id: cid },
        { $inc: { count: 1 }, $set: { updated: this.clock() } },
        { upsert: true },
      );
      const count = Number(doc?.count ?? 0);
      if (count <= 1 && !(await this.blocks.isPinned(cid))) {
        try {
          await this.blocks.pin(cid);
        } catch (error) {
          // The content went away between the add and now (a concurrent release and gc):
          // the caller must fail the write; give the count back.
          await this.decrement(cid);
          throw error;
        }
      }
    });
  }

  /**
   * -1 for a reference whose metadata is gone (committed). At 0 the record stays (released) and
   * the root pinned: the next sweep unpins it (see above for why only the sweep does).
   */
  async release(cid: string): Promise<void> {
    const count = await this.decrement(cid);
    if (count === null)
      this.log.warn({ cid }, 'files: released a CID with no reference count (the sweep repairs this)');
    else if (count <= 0) this.onReleased();
  }

  /**
   * Deletes the ref document if its count is still ≤ 0 (or still `expect`), unpins, then re-pins
   * if a reference reappeared meanwhile. Only the sweep calls it (under its lease, before its gc),
   * under `lock.shared`. Returns whether the root was unpinned.
   */
  async dropIfUnused(cid: string, expect?: { count: number; updated: number }): Promise<boolean> {
    const filter = expect
      ? { _id: cid, count: expect.count, updated: expect.updated }
      : { _id: cid, count: { $lte: 0 } };
    const deleted = await this.collection.findOneAndDelete(filter);
    if (!deleted) return false;
    return this.unpinUnlessUsed(cid);
  }

  /** Unpins a root that has no reference document, re-pinning if one appears meanwhile. Under `lock.shared`. */
  async unpinUnlessUsed(cid: string): Promise<boolean> {
    await this.blocks.unpin(cid);
    const again = await this.get(cid);
    if (again && again.count > 0) {
      await this.blocks.pin(cid);
      return false;
    }
    return true;
  }

  /** The content's SHA-256 (hex) remembered for `cid`, if computed before. */
  async sha256(cid: string): Promise<string | undefined> {
    const doc = await this.collection.findOne({ _id: cid }, { projection: { sha256: 1 } });
    return typeof doc?.sha256 === 'string' ? doc.sha256 : undefined;
  }

  /** Remembers the content's SHA-256 with the count (not when the CID has no count any more). */
  async rememberSha256(cid: string, sha256: string): Promise<void> {
    await this.collection.updateOne({ _id: cid }, { $set: { sha256 } });
  }

  private async decrement(cid: string): Promise<number | null> {
    const doc = await this.collection.findOneAndUpdate(
      { _id: cid },
      { $inc: { count: -1 }, $set: { updated: this.clock() } },
    );
    return doc ? Number(doc.count ?? 0) : null;
  }
}
