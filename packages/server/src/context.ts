/**
 * The wiring of one node process, built once at start-up: configuration, logger, engines and
 * services. Handlers receive it through the request context; nothing else holds global state.
 * Only the wiring (node.ts) and the layers above the services (api/, http/) import this file.
 */
import type { ExportService } from './portability/export-service.js';
import type { ImportService } from './portability/import-service.js';
import type { DidResolver } from '@cella/did';
import type { OutboundClient } from './outbound/lazy-outbound.js';
import type { NodeIdentity } from './auth/node-identity.js';
import type { NodeOwnership } from './auth/node-ownership.js';
import type { AccessStats } from './vault/access-stats.js';
import type { BackupService } from './backup/service.js';
import type { EventService } from './events/event-service.js';
import type { SignInService } from './auth/sign-in.js';
import type { Config } from './config.js';
import type { Database, DocumentStore } from '@cella/document-store';
import type { BlockStore } from '@cella/block-store';
import type { FilesService } from './files/files-service.js';
import type { PaymentService } from './payment/payment-service.js';
import type { VaultDatabase } from './vault/database-service.js';
import type { PlansFile } from './vault/plans.js';
import type { ScriptService } from './scripts/service.js';
import type { VaultService } from './vault/vaults.js';
import type { Caller } from './auth/caller.js';
import type { Closable } from './closable.js';
import type { Logger } from './logger.js';
import type { Readiness } from './health/readiness.js';
import type { Metrics } from './metrics/node-metrics.js';

/**
 * Counts one request under `key`; throws RATE_LIMITED (429, with Retry-After) past the budget. An
 * in-memory limiter answers synchronously, a store-backed one with a promise.
 */
export interface RateLimiter {
  take(key: string): void | Promise<void>;
}

export interface AppContext {
  config: Config;
  log: Logger;
  startedAt: number;
  version: string;
  identity: NodeIdentity;
  /** The operator's ownership credential and the node's presentation of it (node info, provider endpoints). */
  ownership: NodeOwnership;
  /** DID resolution (identity chain with its cache, documents presented at sign-in). */
  resolver: DidResolver;
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
  /** Requests per user and application, counted off the request path. */
  access: AccessStats;
  /** Orders, on-chain settlement and receipts. */
  payment: PaymentService;
  database: VaultDatabase;
  /** Stored scripts, their runs and file transactions. */
  scripts: ScriptService;
  /** Backups: this node's jobs (backup, restore) and, on a backup node, the backups it keeps. */
  backup: BackupService;
  /** The portable vault: exports of a whole vault (src/portability, docs/portability.md). */
  portability: ExportService;
  /** Imports of a vault export, all or nothing (src/portability/import-service.ts). */
  vaultImport: ImportService;
  /** The vaults' change feed: event streams, scripts' live views, vault-level events (src/events). */
  events: EventService;
  /**
   * The HTTP client for every request made on a user's behalf (src/outbound): non-public
   * addresses refused unless `CELLA_OUTBOUND_ALLOW` lists them, bounded time.
   */
  outbound: OutboundClient;
  /** Reads and verifies the Authorization header (cached per token). */
  authenticator: { authenticate(header: string | undefined): Promise<Caller | null> };
  /** The rate-limit buckets endpoints name in their `rateLimit` (bucket → limiter). */
  rateLimits: Record<string, RateLimiter>;
  /** Prometheus metrics (src/metrics; a no-op when CELLA_METRICS=false). */
  metrics: Metrics;
  /** The bearer token `/metrics` requires, if the operator set one. */
  metricsToken: string | undefined;
  /** The readiness probe's checks (src/health). */
  readiness: Readiness;
  /** Closed in reverse order on shutdown. */
  closables: Closable[];
}
