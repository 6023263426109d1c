/**
 * Vault exports (issue 24, docs/portability.md): builds the caller's export (export-builder.ts)
 * and hands it to the route to stream. At most `maxConcurrent` exports run in a node process at
 * once (each reads a whole vault and holds a spool file); past it the caller is told to come back
 * (503), rather than every export slowing every user.
 *
 * `since` makes the export incremental: its base is an export the node recorded (export-records.ts)
 * and the CAR leaves out what that base held. An export streamed to its end is recorded in turn.
 */
import type { BlockStore } from '@cella/block-store';
import type { Database, DocumentStore } from '@cella/document-store';
import type { Logger } from '../logger.js';
import type { NodeIdentity } from '../auth/node-identity.js';
import { CellaError } from '../errors.js';
import type { AccessStats } from '../vault/access-stats.js';
import type { VaultRecord, VaultService } from '../vault/vaults.js';
import { buildExport, type BuiltExport, type ExportBase } from './export-builder.js';
import { ExportRecords } from './export-records.js';
import type { PortabilitySettings } from './settings.js';

export interface ExportServiceDeps {
  documents: DocumentStore;
  blocks: BlockStore;
  identity: NodeIdentity;
  vaults: VaultService;
  access: AccessStats;
  clock: () => number;
  settings: PortabilitySettings;
  /** The node's database: where the exports' states are recorded. */
  nodeDb: Database;
  log: Logger;
}

export class ExportService {
  private running = 0;
  private readonly records: ExportRecords;

  constructor(private readonly d: ExportServiceDeps) {
    this.records = new ExportRecords(d.nodeDb, d.clock);
  }

  /**
   * The user's export, built and measured (its size and root known), not yet streamed. The
   * caller must `close()` it (after streaming it, or at once for a HEAD): that frees its slot.
   * `since`: an export id or an event cursor (already checked for its form by the contract).
   */
  async exportVault(userDid: string, since?: string): Promise<BuiltExport> {
    const record = await this.d.vaults.find(userDid);
    if (!record) throw new CellaError('VAULT_NOT_FOUND', 'there is no vault to export');
    let base: ExportBase | null = null;
    if (since !== undefined) {
      const bounds = await this.d.documents.database(record.database).changeLog().bounds();
      base = await this.records.base(record, since, bounds);
    }
    if (this.running >= this.d.settings.maxConcurrent)
      throw new CellaError(
        'UNAVAILABLE',
        'the node is running as many vault exports as it allows; try again shortly',
        {
          retryAfterSeconds: 5,
        },
      );
    this.running++;
    let built: BuiltExport;
    try {
      built = await buildExport(
        {
          documents: this.d.documents,
          blocks: this.d.blocks,
          identity: this.d.identity,
          appsOf: async (did) => (await this.d.access.forUser(did)).map((figures) => figures.app),
          clock: this.d.clock,
        },
        record,
        base,
        this.d.settings.spoolDir,
      );
    } catch (error) {
      this.running--;
      throw error;
    }
    let closed = false;
    const records = this.records;
    const log = this.d.log;
    return {
      ...built,
      // Recorded once every byte but the last chunk was handed on, and before that chunk: a client
      // that has read the whole answer can build on it at once (`since`, marking the vault moved).
      // A failure to record costs only a later incremental export: logged, not thrown.
      async *stream(buffers) {
        let held: Uint8Array | undefined;
        for await (const chunk of built.stream(buffers)) {
          if (held) yield held;
          held = chunk;
        }
        try {
          await records.record(record, built);
        } catch (error) {
          log.warn({ err: error, export: built.id }, 'the state of a vault export could not be recorded');
        }
        if (held) yield held;
      },
      close: async () => {
        if (closed) return;
        closed = true;
        this.running--;
        await built.close();
      },
    };
  }

  /**
   * Marks the vault moved to `url` once another node imported `exportId` (docs/portability.md,
   * "The moved state"): the export must be one this node made of the vault and still knows, and
   * the vault must not have changed since (its change feed's head is the export's cursor), so the
   * other node holds every write this one acknowledged.
   */
  async markMoved(userDid: string, url: string, exportId: string): Promise<VaultRecord> {
    const record = await this.d.vaults.find(userDid);
    if (!record) throw new CellaError('VAULT_NOT_FOUND', 'there is no vault to mark moved');
    const bounds = await this.d.documents.database(record.database).changeLog().bounds();
    const header = await this.records.header(record, exportId, bounds);
    if (bounds.head !== header.seq)
      throw new CellaError(
        'VAULT_CHANGED',
        `the vault changed after export ${exportId} (cursor ${header.seq}, now ${bounds.head}): export again since it, import that, then mark the vault moved`,
      );
    const moved = await this.d.vaults.setMoved(userDid, url);
    if (!moved) throw new CellaError('VAULT_NOT_FOUND', 'there is no vault to mark moved');
    return moved;
  }
}
