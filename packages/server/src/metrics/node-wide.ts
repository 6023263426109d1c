/**
 * Node-wide figures for the metrics: vaults by state, users, storage charged, file entries, pinned
 * contents, running backup jobs. They are read from the node database, which every process of a
 * node shares, so every process reports the same values (a dashboard takes max, not sum).
 *
 * Their cost is bounded in time, not by the node's size: they are counted only when scraped, at
 * most once per `intervalMs` (the answer is reused until then, and concurrent scrapes share one
 * count). Counting is two aggregations (vault records, CID reference counts) and two counts; on
 * MongoDB the server does the work, on the embedded SQLite engine the node process reads the
 * records (measured in bench/metrics.ts). A failed count keeps the last figures; their age says so.
 */
import type { Database, Document } from '@cella/document-store';
import { JOBS_COLLECTION } from '../backup/jobs.js';
import { CID_REFS_COLLECTION } from '../files/cid-refs.js';
import type { Logger } from '../logger.js';
import { VAULTS_COLLECTION } from '../vault/vaults.js';

export type VaultMetricState = 'running' | 'read_only' | 'frozen' | 'removed';

export interface NodeWideSnapshot {
  vaults: Record<VaultMetricState, number>;
  users: number;
  documentBytes: number;
  fileBytes: number;
  files: number;
  pinnedCids: number;
  runningJobs: { backup: number; restore: number };
  /** Epoch ms of the count. */
  takenAt: number;
}

const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** One group per (stored state, over quota); usage sums alongside. */
const VAULT_GROUPS: Document[] = [
  {
    $group: {
      _id: {
        state: '$state',
        over: {
          $gt: [{ $add: [{ $ifNull: ['$dbUsed', 0] }, { $ifNull: ['$filesUsed', 0] }] }, '$quota'],
        },
      },
      count: { $sum: 1 },
      db: { $sum: '$dbUsed' },
      files: { $sum: '$filesUsed' },
    },
  },
];

const REF_TOTALS: Document[] = [
  { $match: { count: { $gt: 0 } } },
  { $group: { _id: null, cids: { $sum: 1 }, refs: { $sum: '$count' } } },
];

export class NodeWideFigures {
  private last: NodeWideSnapshot | undefined;
  private pending: Promise<NodeWideSnapshot | undefined> | undefined;

  constructor(
    private readonly nodeDb: Database,
    private readonly intervalMs: number,
    private readonly clock: () => number,
    private readonly log: Logger,
  ) {}

  /** The figures (counted now, or reused within the interval); undefined until a count succeeded. */
  snapshot(): Promise<NodeWideSnapshot | undefined> {
    if (this.last && this.clock() - this.last.takenAt < this.intervalMs) return Promise.resolve(this.last);
    this.pending ??= this.count()
      .then(
        (figures) => (this.last = figures),
        (error: unknown) => {
          this.log.warn({ err: error }, 'metrics: counting the node-wide figures failed');
          return this.last;
        },
      )
      .finally(() => (this.pending = undefined));
    return this.pending;
  }

  private async count(): Promise<NodeWideSnapshot> {
    const takenAt = this.clock();
    const jobs = this.nodeDb.collection(JOBS_COLLECTION);
    const [groups, refs, backups, restores] = await Promise.all([
      this.nodeDb.collection(VAULTS_COLLECTION).aggregate(VAULT_GROUPS),
      this.nodeDb.collection(CID_REFS_COLLECTION).aggregate(REF_TOTALS),
      jobs.count({ result: 'running', kind: 'backup' }),
      jobs.count({ result: 'running', kind: 'restore' }),
    ]);
    const vaults: Record<VaultMetricState, number> = { running: 0, read_only: 0, frozen: 0, removed: 0 };
    let users = 0;
    let documentBytes = 0;
    let fileBytes = 0;
    for (const group of groups) {
      const key = group._id as { state?: unknown; over?: unknown } | null;
      // As the vault service reads a record: a stored state other than these is `running`.
      const state: VaultMetricState =
        key?.state === 'frozen' || key?.state === 'removed'
          ? key.state
          : key?.over === true
            ? 'read_only'
            : 'running';
      const count = num(group.count);
      vaults[state] += count;
      users += count;
      documentBytes += num(group.db);
      fileBytes += num(group.files);
    }
    const totals = refs[0];
    return {
      vaults,
      users,
      documentBytes,
      fileBytes,
      files: num(totals?.refs),
      pinnedCids: num(totals?.cids),
      runningJobs: { backup: backups, restore: restores },
      takenAt,
    };
  }
}
