/**
 * The wiring of one node process, built once at start-up: configuration, logger, engines and
 * services. Handlers receive it through the request context; nothing else holds global state.
 */
import type { NodeIdentity } from './auth/node-identity.js';
import type { BackupService } from './backup/service.js';
import type { SignInService } from './auth/sign-in.js';
import type { Config } from './config.js';
import type { Database, DocumentStore } from './engines/document-store.js';
import type { Dispatcher } from 'undici';
import type { BlockStore } from './engines/block-store.js';
import type { FilesService } from './files/files-service.js';
import type { PaymentService } from './payment/payment-service.js';
import type { VaultDatabase } from './vault/database-service.js';
import type { PlansFile } from './vault/plans.js';
import type { ScriptService } from './scripts/service.js';
import type { VaultService } from './vault/vaults.js';
import type { Logger, RequestLog } from './logger.js';

/** Who is calling, as proven by the access token. */
export interface Caller {
  /** `user`: a user access token; `node`: a node-to-node backup token. */
  kind: 'user' | 'node';
  /** The user the call acts for (for `node`, the user whose backup is moved). */
  userDid: string;
  /** The application DID from the reference's AppIdCredential flow, when signed in that way. */
  appDid?: string;
  /** For `node` tokens: the calling node's DID. */
  nodeDid?: string;
  /** Token expiry, seconds since the epoch. */
  exp: number;
}

export interface TokenVerifier {
  /** Verifies an access token (signature, issuer, audience, expiry) or throws CellaError UNAUTHORIZED. */
  verify(token: string): Promise<Caller>;
}

export interface Closable {
  close(): Promise<void>;
}

export interface AppContext {
  config: Config;
  log: Logger;
  startedAt: number;
  version: string;
  identity: NodeIdentity;
  documents: DocumentStore;
  /** File content (helia embedded, or a kubo daemon). */
  blocks: BlockStore;
  /** Vault files: metadata, reference counts, the sweep. */
  files: FilesService;
  /** The node-wide database (sign-in state, reference counts, vault records, orders). */
  nodeDb: Database;
  signIn: SignInService;
  /** Epoch milliseconds; injectable so tests can move time (plan expiry). */
  clock: () => number;
  plans: PlansFile;
  vaults: VaultService;
  /** Orders, on-chain settlement and receipts. */
  payment: PaymentService;
  database: VaultDatabase;
  /** Stored scripts, their runs and file transactions. */
  scripts: ScriptService;
  /** Backups: this node's jobs (backup, restore) and, on a backup node, the backups it keeps. */
  backup: BackupService;
  /**
   * The HTTP client for every request made on a user's behalf (src/outbound): non-public
   * addresses refused unless `CELLA_OUTBOUND_ALLOW` lists them, bounded time.
   */
  outbound: Dispatcher;
  /** Reads and verifies the Authorization header (cached per token). */
  authenticator: { authenticate(header: string | undefined): Promise<Caller | null> };
  /** Closed in reverse order on shutdown. */
  closables: Closable[];
}

export interface RequestContext {
  app: AppContext;
  /** null when the request carries no (valid) token. */
  caller: Caller | null;
  /** Why a presented token was refused (for `optional` endpoints that decide later). */
  authError: Error | null;
  requestId: string;
  ip: string;
  log: RequestLog;
}
