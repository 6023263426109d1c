/**
 * Vault exports (issue 24, docs/portability.md): builds the caller's export (export-builder.ts)
 * and hands it to the route to stream. At most `maxConcurrent` exports run in a node process at
 * once (each reads a whole vault and holds a spool file); past it the caller is told to come back
 * (503), rather than every export slowing every user.
 */
import type { BlockStore } from '@cella/block-store';
import type { DocumentStore } from '@cella/document-store';
import type { NodeIdentity } from '../auth/node-identity.js';
import { CellaError } from '../errors.js';
import type { AccessStats } from '../vault/access-stats.js';
import type { VaultService } from '../vault/vaults.js';
import { buildExport, type BuiltExport } from './export-builder.js';
import type { PortabilitySettings } from './settings.js';

export interface ExportServiceDeps {
  documents: DocumentStore;
  blocks: BlockStore;
  identity: NodeIdentity;
  vaults: VaultService;
  access: AccessStats;
  clock: () => number;
  settings: PortabilitySettings;
}

export class ExportService {
  private running = 0;

  constructor(private readonly d: ExportServiceDeps) {}

  /**
   * The user's export, built and measured (its size and root known), not yet streamed. The
   * caller must `close()` it (after streaming it, or at once for a HEAD): that frees its slot.
   */
  async exportVault(userDid: string): Promise<BuiltExport> {
    const record = await this.d.vaults.find(userDid);
    if (!record) throw new CellaError('VAULT_NOT_FOUND', 'there is no vault to export');
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
        null,
        this.d.settings.spoolDir,
      );
    } catch (error) {
      this.running--;
      throw error;
    }
    let closed = false;
    return {
      ...built,
      close: async () => {
        if (closed) return;
        closed = true;
        this.running--;
        await built.close();
      },
    };
  }
}
