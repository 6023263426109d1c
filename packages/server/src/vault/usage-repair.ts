/**
 * The repair job of usage accounting. Usage is kept incrementally (every write charges its byte
 * change); a crash between a charge and its commit, or a bug, can leave a counter off. This job
 * recounts each vault — document bytes from the collections, file bytes from the file metadata —
 * and sets a counter only if no write moved it while it was being recounted (else the next run
 * tries again), so it never races a live write.
 */
import type { DocumentStore } from '@cella/document-store';
import type { Logger } from '../logger.js';
import type { VaultDatabase } from './database-service.js';
import { filesCollectionsOf } from '../files/vault-refs.js';
import type { VaultRecord, VaultService } from './vaults.js';

export interface UsageRepairReport {
  vaults: number;
  corrected: number;
  skippedBusy: number;
}

export class UsageRepair {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly deps: {
      vaults: VaultService;
      database: VaultDatabase;
      documents: DocumentStore;
      log: Logger;
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

  async run(): Promise<UsageRepairReport> {
    const report: UsageRepairReport = { vaults: 0, corrected: 0, skippedBusy: 0 };
    for (const vault of await this.deps.vaults.all()) {
      report.vaults++;
      const counted = { db: await this.deps.database.recount(vault), files: await this.fileBytes(vault) };
      for (const kind of ['db', 'files'] as const) {
        const was = kind === 'db' ? vault.dbUsed : vault.filesUsed;
        if (was === counted[kind]) continue;
        const applied = await this.deps.vaults.setUsageIfUnchanged(vault.userDid, kind, was, counted[kind]);
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
    return report;
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
