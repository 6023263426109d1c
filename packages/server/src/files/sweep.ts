/**
 * The reference-count sweep: repairs what a crash (or a bug) left between metadata, counts and
 * pins, then lets the BlockStore collect unpinned blocks.
 *
 *   1. Snapshot the counts (`cid_refs`), then count the CIDs named by the file metadata of every
 *      vault database (`node_user_*`, the `__files__` of every space), plus those other holders report
 *      (`ReferenceSource`, e.g. backups).
 *   2. A count released to 0 that the metadata agrees with is removed and its root unpinned (the
 *      only place roots are unpinned, see cid-refs.ts). A count that differs from the metadata
 *      and that no acquire/release touched for `graceMs` is set to the metadata's figure
 *      (conditionally on the snapshot, so a concurrent change wins); one that falls to 0 is
 *      removed and its root unpinned. CIDs named by metadata with no count at all get one, and
 *      their root is pinned again.
 *   3. Every pinned root with no count is an orphan: a crash between the add and the count, or a
 *      failed upload's content. It is unpinned once it has been seen orphaned for `graceMs`
 *      (first sightings are kept in `orphan_pins`).
 *   4. `blocks.gc()`, under the exclusive side of the refs lock (no unpin/re-pin in flight).
 *
 * One sweep at a time node-wide: a lease (node-lease.ts, document `lease` in `files_sweep`;
 * several node processes may share the stores), so every unpin and its re-pin check happen
 * before gc, in the one process that collects. A kubo daemon's pins are all treated as the node's: give the node its own
 * daemon, or other tools' pins are unpinned after the grace period.
 */
import type { BlockStore } from '@cella/block-store';
import type { Collection, Database, DocumentStore } from '@cella/document-store';
import { StoreError } from '@cella/document-store';
import type { Logger } from '../logger.js';
import { NodeLease } from '../node-lease.js';
import type { CidRefs } from './cid-refs.js';
import { filesCollectionsOf } from './vault-refs.js';

export interface SweepReport {
  /** False when another process held the lease (nothing was done). */
  ran: boolean;
  vaults: number;
  files: number;
  /** Counts set to the metadata's figure. */
  repaired: number;
  /** Counts created for CIDs named by metadata but not counted. */
  created: number;
  /** Counts released to 0 by their last reference, removed, and their roots unpinned. */
  released: number;
  /** Counts no metadata backs (a repair to 0) removed and their roots unpinned. */
  removed: number;
  /** Mismatches left alone because they were touched within the grace period. */
  pending: number;
  /** Orphan pins unpinned / still within the grace period. */
  orphansUnpinned: number;
  orphansWaiting: number;
  /** Blocks removed by gc. */
  gcRemoved: number;
  ms: number;
}

/** What a collection of released content did (`Sweeper.collectReleased`). */
export interface CollectReport {
  /** False when another process held the sweep's lease (nothing was done). */
  ran: boolean;
  /** Released counts removed and their roots unpinned. */
  released: number;
  /** Blocks removed by gc. */
  gcRemoved: number;
  ms: number;
}

/**
 * Another holder of content in `cid_refs` (e.g. backups kept on this node): it counts its own
 * references with `refs.acquire/release` and tells the sweep how many it holds, so the sweep's
 * repair adds them to the file metadata's figures instead of taking them away.
 */
export interface ReferenceSource {
  readonly name: string;
  /** CID → how many references this holder has acquired for it. */
  counts(): Promise<Map<string, number>>;
}

export interface SweepDeps {
  documents: DocumentStore;
  nodeDb: Database;
  blocks: BlockStore;
  refs: CidRefs;
  clock: () => number;
  log: Logger;
  /** Holders besides the file metadata (read at every sweep). */
  sources: readonly ReferenceSource[];
}

const VAULT_DB_PREFIX = 'node_user_';
const isDuplicate = (error: unknown) => error instanceof StoreError && error.code === 'DUPLICATE_KEY';

export class Sweeper {
  private readonly lease: NodeLease;
  private readonly orphans: Collection;

  constructor(private readonly deps: SweepDeps) {
    this.lease = new NodeLease(deps.nodeDb.collection('files_sweep'), 'lease', deps.clock, deps.log);
    this.orphans = deps.nodeDb.collection('orphan_pins');
  }

  async run(graceMs: number): Promise<SweepReport> {
    const started = this.deps.clock();
    const report: SweepReport = {
      ran: false,
      vaults: 0,
      files: 0,
      repaired: 0,
      created: 0,
      released: 0,
      removed: 0,
      pending: 0,
      orphansUnpinned: 0,
      orphansWaiting: 0,
      gcRemoved: 0,
      ms: 0,
    };
    report.ran = await this.lease.run(async () => {
      await this.repairCounts(started, graceMs, report);
      await this.unpinOrphans(started, graceMs, report);
      const { refs, blocks } = this.deps;
      report.gcRemoved = (await refs.lock.exclusive(() => blocks.gc())).removed;
    });
    report.ms = this.deps.clock() - started;
    return report;
  }

  /**
   * The quick part of a sweep, for a disk short of space (release-collector.ts): counts released to
   * 0 are removed and their roots unpinned (each only if it did not move meanwhile, the protocol of
   * cid-refs.ts), then gc. No metadata is read, so its cost does not grow with the vaults.
   */
  async collectReleased(): Promise<CollectReport> {
    const started = this.deps.clock();
    const report: CollectReport = { ran: false, released: 0, gcRemoved: 0, ms: 0 };
    const { refs, blocks } = this.deps;
    report.ran = await this.lease.run(async () => {
      for (const ref of await refs.released()) {
        const dropped = await refs.lock.shared(() =>
          refs.dropIfUnused(ref.cid, { count: ref.count, updated: ref.updated }),
        );
        if (dropped) report.released++;
      }
      report.gcRemoved = (await refs.lock.exclusive(() => blocks.gc())).removed;
    });
    report.ms = this.deps.clock() - started;
    return report;
  }

  /** CID → number of metadata documents naming it, over every vault database. */
  private async expectedCounts(report: SweepReport): Promise<Map<string, number>> {
    const expected = new Map<string, number>();
    for (const name of await this.deps.documents.listDatabases()) {
      if (!name.startsWith(VAULT_DB_PREFIX)) continue;
      const db = this.deps.documents.database(name);
      const spaces = await filesCollectionsOf(db);
      if (spaces.length === 0) continue;
      report.vaults++;
      for (const collection of spaces) {
        for (const doc of await db.collection(collection).find({}, { projection: { cid: 1 } })) {
          const cid = String(doc.cid);
          expected.set(cid, (expected.get(cid) ?? 0) + 1);
          report.files++;
        }
      }
    }
    for (const source of this.deps.sources) {
      for (const [cid, n] of await source.counts()) expected.set(cid, (expected.get(cid) ?? 0) + n);
    }
    return expected;
  }

  private async repairCounts(started: number, graceMs: number, report: SweepReport): Promise<void> {
    const { refs, log } = this.deps;
    // Counts first, metadata second: an upload that acquires after the snapshot but writes its
    // metadata before the scan shows up as "not counted", and creating its count then finds the
    // document already there (duplicate key) and leaves it.
    const snapshot = await refs.all();
    const expected = await this.expectedCounts(report);
    const quietSince = started - graceMs;
    for (const ref of snapshot) {
      const want = expected.get(ref.cid) ?? 0;
      if (want === 0 && ref.count <= 0) {
        // Released by its last reference: remove it unless it moved since the snapshot.
        const dropped = await refs.lock.shared(() =>
          refs.dropIfUnused(ref.cid, { count: ref.count, updated: ref.updated }),
        );
        if (dropped) report.released++;
        continue;
      }
      if (ref.count === want) continue;
      if (ref.updated >= quietSince && graceMs > 0) {
        report.pending++;
        continue;
      }
      if (want === 0) {
        const dropped = await refs.lock.shared(() =>
          refs.dropIfUnused(ref.cid, { count: ref.count, updated: ref.updated }),
        );
        if (dropped) {
          report.removed++;
          log.warn(
            { cid: ref.cid, count: ref.count },
            'files sweep: removed a count no metadata backs, unpinned',
          );
        }
        continue;
      }
      const fixed = await refs.collection.findOneAndUpdate(
        { _id: ref.cid, count: ref.count, updated: ref.updated },
        { $set: { count: want, repaired: this.deps.clock() } },
      );
      if (fixed) {
        report.repaired++;
        log.warn({ cid: ref.cid, was: ref.count, now: want }, 'files sweep: repaired a reference count');
        await this.ensurePinned(ref.cid);
      }
    }
    const counted = new Set(snapshot.map((r) => r.cid));
    for (const [cid, want] of expected) {
      if (counted.has(cid)) continue;
      try {
        await refs.collection.insertMany([{ _id: cid, count: want, updated: this.deps.clock() }]);
      } catch (error) {
        if (isDuplicate(error)) continue; // counted meanwhile by a live upload
        throw error;
      }
      report.created++;
      log.warn({ cid, count: want }, 'files sweep: created a missing reference count');
      await this.ensurePinned(cid);
    }
  }

  private async ensurePinned(cid: string): Promise<void> {
    const { refs, blocks, log } = this.deps;
    await refs.lock.shared(async () => {
      if (await blocks.isPinned(cid)) return;
      try {
        await blocks.pin(cid);
      } catch (error) {
        log.error(
          { cid, err: error },
          'files sweep: content named by file metadata is not stored (cannot pin)',
        );
      }
    });
  }

  private async unpinOrphans(started: number, graceMs: number, report: SweepReport): Promise<void> {
    const { refs, blocks, log } = this.deps;
    const pinned: string[] = [];
    for await (const cid of blocks.pins()) pinned.push(cid);
    const seen = new Set<string>();
    for (const cid of pinned) {
      const ref = await refs.get(cid);
      if (ref && ref.count > 0) continue;
      seen.add(cid);
      const candidate = await this.orphans.findOne({ _id: cid });
      const since = candidate ? Number(candidate.since) : started;
      if (!candidate && graceMs > 0) {
        await this.orphans.insertMany([{ _id: cid, since: started }]).catch((error: unknown) => {
          if (!isDuplicate(error)) throw error;
        });
      }
      if (graceMs > 0 && since > started - graceMs) {
        report.orphansWaiting++;
        continue;
      }
      const unpinned = await refs.lock.shared(async () =>
        ref ? refs.dropIfUnused(cid) : refs.unpinUnlessUsed(cid),
      );
      await this.orphans.deleteOne({ _id: cid });
      if (unpinned) {
        report.orphansUnpinned++;
        log.info({ cid }, 'files sweep: unpinned an orphan pin (no file names it)');
      }
    }
    // Forget candidates that are no longer orphans (counted again, or unpinned elsewhere).
    for (const doc of await this.orphans.find({})) {
      if (!seen.has(String(doc._id))) await this.orphans.deleteOne({ _id: doc._id });
    }
  }
}
