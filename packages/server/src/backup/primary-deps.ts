import type { OutboundClient } from '../outbound/lazy-outbound.js';
import type { NodeIdentity } from '../auth/node-identity.js';
import type { PresentedDocumentStore } from '../auth/node-stores.js';
import type { BlockStore } from '@cella/block-store';
import type { Database, DocumentStore } from '@cella/document-store';
import type { Logger } from '../logger.js';
import type { VaultService } from '../vault/vaults.js';

/** The node-wide reference counts of the files service (src/files/cid-refs.ts). */
export interface FileRefs {
  acquire(cid: string): Promise<void>;
  release(cid: string): Promise<void>;
}

/** The node's index of public files (src/files/public-files.ts): a rebuilt vault's go back in. */
export interface PublicFileIndex {
  add(space: { userDid: string; prefix: string }, path: string, cid: string): Promise<void>;
}

/** What the primary's backup and restore runs use. */
export interface PrimaryDeps {
  documents: DocumentStore;
  /** The node database (vault records: the restore's switch). */
  nodeDb: Database;
  vaults: VaultService;
  blocks: BlockStore;
  refs: FileRefs;
  publicFiles: PublicFileIndex;
  identity: NodeIdentity;
  presented: PresentedDocumentStore;
  log: Logger;
  clock: () => number;
  /** Temporary files of running backups. */
  spoolDir: string;
  /** The outbound agent (src/outbound) for requests to the backup node the user names. */
  outbound: OutboundClient;
  /**
   * Where this node itself listens (a backup to this very node goes there, whatever URL the
   * credential names), and whether it keeps backups; undefined until it listens.
   */
  self: () => { url: string | undefined; keepsBackups: boolean };
}
