/**
 * Node-wide figures for the metrics: vaults by state, users, storage charged, file entries, pinned
 * contents, running backup jobs. They are read from the node database, which every process of a
 * node shares, so every process reports the same values (a dashboard takes max, not sum).
 *
 * Their cost is bounded in time, not by the node's size: they are counted only when scraped, at
 * most once per `intervalMs` (the answer is reused until then, and concurrent scrapes share one
 * count). On MongoDB the server does the work (two aggregations, two counts). The embedded SQLite
 * engine would run an aggregation in the node process in one go (seconds for 100,000 vaults, the
 * event loop blocked throughout), so there the records are read in pages of `PAGE` with the event
 * loop free between pages (measured in bench/metrics.ts). Records written during a paged count may
 * be missed or counted twice: the figures are exact only when the node is quiet. A failed count
 * keeps the last figures; their age says so.
 */
import type { Collection, Database, Document } from '@cella/document-store';
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

// Larger pages cost a longer pause each; smaller ones more in all (each page is found by its offset).
const PAGE = 5000;

/** Every document of a collection (projected), a page at a time, yielding to the event loop between pages. */
async function* pages(collection: Collection, projection: Record<string, 1>): AsyncGenerator<Document[]> {
  for (let skip = 0; ; skip += PAGE) {
    const page = await collection.find({}, { projection, skip, limit: PAGE });
    yield page;
    if (page.length < PAGE) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

type VaultTotals = Pick<NodeWideSnapshot, 'vaults' | 'users' | 'documentBytes' | 'fileBytes'>;

/** Adds `count` vaults with this stored state and these usage sums. */
function addVaults(
  totals: VaultTotals,
  stored: unknown,
  overQuota: boolean,
  count: number,
  dbUsed: number,
  filesUsed: number,
): void {
  // As the vault service reads a record: a stored state other than these is `running`.
  const state: VaultMetricState =
    stored === 'frozen' || stored === 'removed' ? stored : overQuota ? 'read_only' : 'running';
  totals.vaults[state] += count;
  totals.users += count;
  totals.documentBytes += dbUsed;
  totals.fileBytes += filesUsed;
}

export class NodeWideFigures {
  private last: NodeWideSnapshot | undefined;
  private pending: Promise<NodeWideSnapshot | undefined> | undefined;

  /** `serverSide`: the engine aggregates on its server (MongoDB); otherwise records are read in pages. */
  constructor(
    private readonly nodeDb: Database,
    private readonly intervalMs: number,
    private readonly clock: () => number,
    private readonly log: Logger,
    private readonly serverSide: boolean,
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
    const [vaults, refs, backups, restores] = await Promise.all([
      this.serverSide ? this.vaultsOnServer() : this.vaultsInPages(),
      this.serverSide ? this.refsOnServer() : this.refsInPages(),
      jobs.count({ result: 'running', kind: 'backup' }),
      jobs.count({ result: 'running', kind: 'restore' }),
    ]);
    return { ...vaults, ...refs, runningJobs: { backup: backups, restore: restores }, takenAt };
  }

  private async vaultsOnServer(): Promise<VaultTotals> {
    const totals = emptyTotals();
    for (const group of await this.nodeDb.collection(VAULTS_COLLECTION).aggregate(VAULT_GROUPS)) {
      const key = group._id as { state?: unknown; over?: unknown } | null;
      addVaults(totals, key?.state, key?.over === true, num(group.count), num(group.db), num(group.files));
    }
    return totals;
  }

  private async vaultsInPages(): Promise<VaultTotals> {
    const totals = emptyTotals();
    const vaults = this.nodeDb.collection(VAULTS_COLLECTION);
    for await (const page of pages(vaults, { state: 1, dbUsed: 1, filesUsed: 1, quota: 1 })) {
      for (const vault of page) {
        const dbUsed = num(vault.dbUsed);
        const filesUsed = num(vault.filesUsed);
        addVaults(totals, vault.state, dbUsed + filesUsed > num(vault.quota), 1, dbUsed, filesUsed);
      }
    }
    return totals;
  }

  private async refsOnServer(): Promise<{ files: number; pinnedCids: number }> {
    const totals = (await this.nodeDb.collection(CID_REFS_COLLECTION).aggregate(REF_TOTALS))[0];
    return { files: num(totals?.refs), pinnedCids: num(totals?.cids) };
  }

  private async refsInPages(): Promise<{ files: number; pinnedCids: number }> {
    let files = 0;
    let pinnedCids = 0;
    for await (const page of pages(this.nodeDb.collection(CID_REFS_COLLECTION), { count: 1 })) {
      for (const ref of page) {
        const count = num(ref.count);
        if (count <= 0) continue;
        files += count;
        pinnedCids++;
      }
    }
    return { files, pinnedCids };
  }
}

function emptyTotals(): VaultTotals {
  return {
    vaults: { running: 0, read_only: 0, frozen: 0, removed: 0 },
    users: 0,
    documentBytes: 0,
    fileBytes: 0,
  };
}
