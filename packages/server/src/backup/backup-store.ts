/**
 * Where a backup node keeps backups: a BlockStore of its own (`<dataDir>/backup-store`, separate
 * from the blocks of live vaults) plus "holds" in the node database (`backup_holds`, one document
 * per (attempt, CID)). A CID stays pinned in the backup store while any attempt holds it, so a
 * content shared by two users' backups, or by two versions of one backup, is stored once.
 *
 * The live files service never sees this store: its sweep and reference counts cover live vaults
 * only, and nothing here touches them. Promotion copies a backup's contents into the live store.
 *
 * Hold and release run one at a time (a mutex), and gc excludes both, so "last hold gone → unpin"
 * can never race a new hold of the same CID. The holds are the truth; `sweep()` repairs pins that a
 * crash left out of step with them, then collects every block no pin reaches.
 */
import type { BlockStore } from '@cella/block-store';
import type { Collection, Database } from '@cella/document-store';
import { StoreError } from '@cella/document-store';
import { isBlockStoreError } from '@cella/block-store';
import type { Logger } from '../logger.js';
import { Mutex } from './mutex.js';

export const HOLDS_COLLECTION = 'backup_holds';

const key = (attempt: string, cid: string) => `${attempt}|${cid}`;
const isDuplicate = (error: unknown) => error instanceof StoreError && error.code === 'DUPLICATE_KEY';

export interface BackupSweepReport {
  unpinned: number;
  repinned: number;
  lost: number;
  gcRemoved: number;
}

export class BackupStore {
  readonly holds: Collection;
  private readonly mutex = new Mutex();

  constructor(
    readonly blocks: BlockStore,
    private readonly nodeDb: Database,
    private readonly log: Logger,
  ) {
    this.holds = nodeDb.collection(HOLDS_COLLECTION);
  }

  /**
   * Holds each CID for the attempt when its content is completely stored here (pinning it);
   * returns the CIDs that are not (to be sent). Idempotent.
   */
  async hold(attempt: string, user: string, cids: string[]): Promise<string[]> {
    if (cids.length === 0) return [];
    return this.mutex.run(async () => {
      const unique = [...new Set(cids)];
      const already = new Set(
        (
          await this.holds.find(
            { _id: { $in: unique.map((c) => key(attempt, c)) } },
            { projection: { cid: 1 } },
          )
        ).map((d) => String(d.cid)),
      );
      const missing: string[] = [];
      const fresh: string[] = [];
      for (const cid of unique) {
        if (already.has(cid)) continue;
        if (!(await this.blocks.isPinned(cid))) {
          try {
            await this.blocks.pin(cid); // checks the whole DAG is stored
          } catch (error) {
            if (isBlockStoreError(error) && (error.code === 'INCOMPLETE' || error.code === 'NOT_FOUND')) {
              missing.push(cid);
              continue;
            }
            throw error;
          }
        }
        fresh.push(cid);
      }
      if (fresh.length > 0) {
        const docs = fresh.map((cid) => ({ _id: key(attempt, cid), attempt, cid, user }));
        try {
          await this.holds.insertMany(docs);
        } catch (error) {
          if (!isDuplicate(error)) throw error;
          // Some were held meanwhile: insert the others one by one.
          for (const doc of docs) {
            try {
              await this.holds.insertMany([doc]);
            } catch (e) {
              if (!isDuplicate(e)) throw e;
            }
          }
        }
      }
      return missing;
    });
  }

  /** The CIDs an attempt holds. */
  async heldBy(attempt: string): Promise<Set<string>> {
    return new Set(
      (await this.holds.find({ attempt }, { projection: { cid: 1 } })).map((d) => String(d.cid)),
    );
  }

  /** Releases everything the attempt holds; contents no other attempt holds are unpinned. */
  async release(attempt: string): Promise<number> {
    return this.mutex.run(async () => {
      const held = (await this.holds.find({ attempt }, { projection: { cid: 1 } })).map((d) => String(d.cid));
      await this.holds.deleteMany({ attempt });
      let unpinned = 0;
      for (const cid of held) {
        if ((await this.holds.count({ cid }, { limit: 1 })) === 0) {
          await this.blocks.unpin(cid);
          unpinned++;
        }
      }
      return unpinned;
    });
  }

  /** Attempts that hold anything. */
  async attempts(): Promise<Set<string>> {
    return new Set(await this.distinctHeld('attempt'));
  }

  /**
   * The distinct values of `field` among the holds. A node that never held anything has no holds
   * collection: answered without a read, so the housekeeping every node runs at start does not
   * start the SQLite engine's read worker (nor load mingo in it) on a node at rest.
   */
  private async distinctHeld(field: 'attempt' | 'cid'): Promise<string[]> {
    if (!(await this.nodeDb.hasCollection(HOLDS_COLLECTION))) return [];
    return (await this.holds.aggregate([{ $group: { _id: `$${field}` } }])).map((doc) => String(doc._id));
  }

  /**
   * Repairs pins against the holds (a crash between a pin and its hold, or between a release and
   * its unpin), then collects every unpinned block. Call only while no attempt is receiving blocks:
   * blocks sent but not yet held are unpinned and would be collected (the primary would resend them).
   */
  async sweep(): Promise<BackupSweepReport> {
    return this.mutex.run(async () => {
      const report: BackupSweepReport = { unpinned: 0, repinned: 0, lost: 0, gcRemoved: 0 };
      const held = new Set(await this.distinctHeld('cid'));
      for await (const cid of this.blocks.pins()) {
        if (held.has(cid)) held.delete(cid);
        else {
          await this.blocks.unpin(cid);
          report.unpinned++;
        }
      }
      // Left in `held`: held but not pinned.
      for (const cid of held) {
        try {
          await this.blocks.pin(cid);
          report.repinned++;
        } catch (error) {
          report.lost++;
          this.log.error({ cid, err: error }, 'backup store: a held content is not stored completely');
        }
      }
      report.gcRemoved = (await this.blocks.gc()).removed;
      return report;
    });
  }
}
