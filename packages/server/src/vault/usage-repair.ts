/**
 * The repair job of usage accounting. Usage is kept incrementally (every write charges its byte
 * change); a crash between a charge and its commit, or a bug, can leave a counter off. This job
 * recounts each vault — document bytes from the collections, file bytes from the file metadata —
 * and corrects a counter only when nothing can be in flight:
 *
 * - a write charges its vault before it commits, so a recount can miss a write whose charge is
 *   already in the counter. Each vault that looks off is therefore counted twice, `settleMs`
 *   apart (longer than any charge takes to commit), and corrected only if both counts agree;
 * - the counter is set only if it still holds the value read before the first count (no write
 *   moved it meanwhile), else the next run tries again.
 *
 * So it never races a live write, in this process or another one sharing the stores. With a
 * `lease` (node-lease.ts) one run at a time node-wide: N processes do not recount N times.
 */
import type { DocumentStore } from '@cella/document-store';
import type { Logger } from '../logger.js';
import type { NodeLease } from '../node-lease.js';
import type { VaultDatabase } from './database-service.js';
import { filesCollectionsOf } from '../files/vault-refs.js';
import type { UsageKind, VaultRecord, VaultService } from './vaults.js';

export interface UsageRepairReport {
  /** False when another process held the lease (nothing was done). */
  ran: boolean;
  vaults: number;
  corrected: number;
  skippedBusy: number;
}

/** Default wait between the two counts of a vault that looks off. */
const SETTLE_MS = 2000;

export class UsageRepair {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly deps: {
      vaults: VaultService;
      database: VaultDatabase;
      documents: DocumentStore;
      log: Logger;
      settleMs?: number;
      lease?: NodeLease;
    },
  ) {}

  /** Logical file bytes of every space of the vault. */
  private async fileBytes(vault: VaultRecord): Promise<number> {
    const db = this.deps.documents.database(vault.database);
    let total = 0;
    for (const name of await filesCollectionsOf(db)) {
      const docs = await db.collection(name).find({}, { projection: { size: 1 } });
      total += docs.reduce((sum, doc) => sum + (Number(doc.size) || 0), 0);
    }
    return total;
  }

  private async count(vault: VaultRecord): Promise<Record<UsageKind, number>> {
    return { db: await this.deps.database.recount(vault), files: await this.fileBytes(vault) };
  }

  async run(): Promise<UsageRepairReport> {
    const report: UsageRepairReport = { ran: false, vaults: 0, corrected: 0, skippedBusy: 0 };
    const { lease } = this.deps;
    if (lease) report.ran = await lease.run(() => this.repair(report));
    else {
      await this.repair(report);
      report.ran = true;
    }
    return report;
  }

  private async repair(report: UsageRepairReport): Promise<void> {
    const suspects: { vault: VaultRecord; counted: Record<UsageKind, number> }[] = [];
    for (const vault of await this.deps.vaults.all()) {
      report.vaults++;
      const counted = await this.count(vault);
      if (counted.db !== vault.dbUsed || counted.files !== vault.filesUsed) suspects.push({ vault, counted });
    }
    if (suspects.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, this.deps.settleMs ?? SETTLE_MS));
    for (const { vault, counted } of suspects) {
      const again = await this.count(vault);
      for (const kind of ['db', 'files'] as const) {
        const was = kind === 'db' ? vault.dbUsed : vault.filesUsed;
        if (was === counted[kind]) continue;
        const applied =
          again[kind] === counted[kind] &&
          (await this.deps.vaults.setUsageIfUnchanged(vault.userDid, kind, was, counted[kind]));
        if (applied) {
          report.corrected++;
          this.deps.log.warn(
            { user: vault.userDid, kind, was, now: counted[kind] },
            'corrected a usage counter',
          );
        } else {
          report.skippedBusy++;
        }
      }
    }
  }

  start(intervalMs: number): void {
    if (intervalMs <= 0) return;
    this.timer = setInterval(() => {
      this.run().catch((error: unknown) => this.deps.log.error({ err: error }, 'usage repair failed'));
    }, intervalMs);
    this.timer.unref();
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
  }
}
