/**
 * Node configuration: defaults < optional JSON file (CELLA_CONFIG) < environment variables,
 * validated with zod into one typed object. Every setting has a default, so `npm start` needs none.
 */
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { OutboundPolicy } from './outbound/address-policy.js';

const bool = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'),
]);
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const replicationFactor = int(-1, 1000).refine((n) => n !== 0, 'must be -1 (every peer) or 1 and more');

export const configSchema = z
  .object({
    /**
     * `both` (the default, as the reference Hive Node): serves vaults and keeps backups (its own
     * users' too, in the backup store apart from their vaults); `vault`: serves vaults and keeps no
     * backups; `backup`: a node dedicated to keeping backups (apps/backup-node), which serves the
     * same routes as `both`.
     */
    role: z.enum(['vault', 'backup', 'both']).default('both'),
    host: z.string().default('127.0.0.1'),
    port: int(0, 65535).default(5000),
    /** Public base URL other nodes and clients use to reach this node. */
    publicUrl: z.string().url().optional(),
    dataDir: z.string().default('.cella-data'),
    /**
     * Free space the node keeps on its disk (the data dir and the embedded stores): below it, writes
     * that add a vault's data get 507 STORAGE_FULL and readiness says `storage full`; deletes work.
     */
    minFreeBytes: int(0, Number.MAX_SAFE_INTEGER).default(128 * 1024 * 1024),
    logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    corsOrigins: z.string().default('*'),
    /** PEM certificate chain; with `tlsKey` the node speaks HTTPS, HTTP/2 by ALPN with HTTP/1.1 fallback. */
    tlsCert: z.string().optional(),
    /** PEM private key of `tlsCert` (a file readable by its owner only). */
    tlsKey: z.string().optional(),
    /**
     * Reverse proxies whose `X-Forwarded-For` / `-Proto` / `-Host` are believed (client IP for the
     * per-IP limits): `false`, `true` (any hop), a number of hops, or addresses / CIDRs, comma-separated.
     */
    trustProxy: z
      .union([z.boolean(), z.number(), z.string()])
      .default(false)
      .transform((value, issue) => {
        const parsed = parseTrustProxy(value);
        if (parsed === undefined) {
          issue.addIssue({
            code: 'custom',
            message: 'expected true, false, a number of hops, or IP addresses / CIDRs separated by commas',
          });
          return z.NEVER;
        }
        return parsed;
      }),
    /** MongoDB switches the DocumentStore from embedded SQLite to MongoDB. */
    mongodbUri: z.string().optional(),
    /** An IPFS (kubo) RPC API URL switches the BlockStore from embedded helia to the daemon. */
    ipfsApiUrl: z.string().url().optional(),
    /**
     * An IPFS Cluster peer's REST API URL: pins go through the cluster (content still through
     * `ipfsApiUrl`, which must be that peer's daemon).
     */
    ipfsClusterUrl: z.string().url().optional(),
    /** Peers each cluster pin must reach (-1 = every peer); absent: the cluster's own default. */
    ipfsClusterReplicationMin: replicationFactor.optional(),
    /** Peers each cluster pin is allocated to at most (-1 = every peer); absent: the cluster's default. */
    ipfsClusterReplicationMax: replicationFactor.optional(),
    /** Seconds a pin or unpin may take to reach its peers before the call fails. */
    ipfsClusterPinTimeoutSeconds: int(1, 86400).default(600),
    /**
     * Worker threads that hash and write uploaded blocks (embedded helia store), started on
     * demand. Absent: one per core but one, at least one.
     */
    fileWorkers: int(1, 256).optional(),
    /**
     * The block workers write full blocks with O_DIRECT, past the page cache (embedded helia store;
     * docs/block-store.md "Direct writes"). Off by default: recent files are then read from the disk.
     */
    fileDirectWrites: bool.default(false),
    /**
     * The block workers' scheduling niceness (Linux, the worker threads alone; 0: the process's
     * own): an upload's hashing gives way to the node's thread (docs/block-store.md).
     */
    fileWorkerNice: int(0, 19).default(10),
    /**
     * libuv's thread pool's niceness (Linux, those threads alone; 0: the process's own), set when
     * the first block worker starts: the block files' writes give way to the node's thread too
     * (docs/block-store.md "Where the work runs").
     */
    fileIoNice: int(0, 19).default(10),
    /** `mainnet` / `testnet` fill the chain URLs below from @cella/chain's network table. */
    chainType: z.enum(['mainnet', 'testnet']).optional(),
    /** Identity chain JSON-RPC (did_resolveDID). Absent: self-certifying DIDs only. */
    eidRpcUrl: z.string().url().optional(),
    didCacheTtlSeconds: int(0, 30 * 86400).default(86400),
    /**
     * Seconds the node trusts what it knows of a DID's status on the identity chain: a sign-in
     * resolves afresh past it, and the DIDs of active sessions are re-resolved in the background at
     * this interval, so a deactivated DID's tokens are refused within it (auth/did-status.ts).
     */
    didStatusTtlSeconds: int(1, 86400).default(300),
    /** Access token lifetime (never beyond the presented credential's expiry). */
    tokenTtlSeconds: int(60, 365 * 86400).default(7 * 86400),
    challengeTtlSeconds: int(1, 3600).default(180),
    /** Sign-in challenges that may be outstanding at once, node-wide; past it new sign-ins get 429. */
    maxPendingChallenges: int(1, 10_000_000).default(100_000),
    /** Smart-contract chain (payments). */
    escRpcUrl: z.string().url().optional(),
    escChainId: int(1, 2 ** 31).optional(),
    paymentContractAddress: z.string().optional(),
    paymentReceivingAddress: z.string().optional(),
    paymentConfirmations: int(0, 1000).default(1),
    /** Plans file (JSON); absent: the built-in plans. */
    plansFile: z.string().optional(),
    /** Start a local anvil chain with the payment contract (development). */
    devChain: bool.default(false),
    /** false: usage is neither counted nor limited. Benchmarks only (the cost of the quota check). */
    quotaEnforcement: bool.default(true),
    fileTransactionTtlSeconds: int(60, 30 * 86400).default(3600),
    anonymousRunsPerMinute: int(1, 1_000_000).default(120),
    nodeName: z.string().default('Cella node'),
    /** Contact address shown in node info. */
    nodeEmail: z.string().max(256).default(''),
    /** A description shown in node info. */
    nodeDescription: z.string().max(4096).default(''),
    /**
     * The operator's HiveNodeOwnerCredential for this node (issued by the owner to the node DID):
     * its JSON text or base58 of it, as the reference's NODE_CREDENTIAL. Checked at start.
     */
    nodeCredential: z.string().max(65_536).optional(),
    /** The git commit of this build (`/node/commit_id`); absent: the package version. */
    commitId: z.string().max(128).optional(),
    /** Prometheus metrics at `/metrics` (docs/operations.md); false: no route, no instrumentation. */
    metrics: bool.default(true),
    /** Bearer token `/metrics` requires (absent, like `metricsTokenFile`: no token needed). */
    metricsToken: z.string().min(16).optional(),
    /** A file holding that token (mode 600; read once at start). */
    metricsTokenFile: z.string().optional(),
    /** Node-wide figures (vaults, users, storage, files) are recounted at most this often, on a scrape. */
    metricsScanIntervalSeconds: int(0, 86400).default(60),
    /** Seconds between sweeps of file reference counts, usage and orphan pins; 0 = never. */
    filesSweepIntervalSeconds: int(0, 30 * 86400).default(3600),
    /** Seconds a mismatched count or an orphan pin is left alone before a sweep repairs it. */
    filesSweepGraceSeconds: int(0, 30 * 86400).default(900),
    /** Seconds a backup or restore keeps retrying transient failures. */
    backupRetryWindowSeconds: int(0, 30 * 86400).default(600),
    /** Seconds a backup job's lease lasts without a heartbeat. */
    backupLeaseSeconds: int(2, 30 * 86400).default(30),
    /** Backup node: seconds after which an idle, unfinished backup attempt is abandoned. */
    backupStaleAttemptSeconds: int(1, 30 * 86400).default(3600),
    /** Backup node: seconds between clean-ups of the backup store (0 = only at start). */
    backupSweepIntervalSeconds: int(0, 30 * 86400).default(3600),
    /** Vault exports running at once in a node process, and as many imports (503 past it). */
    transfersMaxConcurrent: int(1, 1000).default(4),
    /** The largest vault export an import reads (bytes); the vault's quota bounds it too. */
    importMaxBytes: int(1024 * 1024, Number.MAX_SAFE_INTEGER).default(64 * 1024 * 1024 * 1024),
    /**
     * Read worker threads of the embedded SQLite engine (docs/document-store.md, "Threads");
     * absent: the cores less one, at least 1. 0 runs reads on the node's thread (comparison only).
     */
    dbWorkers: int(0, 256).optional(),
    /** Seconds a database query a caller makes may run when it names no `maxTimeMS`. */
    queryTimeoutSeconds: int(1, 3600).default(5),
    /**
     * The most seconds a query may ask for with `maxTimeMS` (more counts as this), and the bound of
     * the node's own reads.
     */
    queryTimeoutMaxSeconds: int(1, 3600).default(60),
    /** Database queries one caller (a DID, or an address for anonymous script runs) runs at once. */
    queriesPerCaller: int(1, 1000).default(2),
    /** Queries of one caller waiting for their turn; past it 429 with Retry-After. */
    queryQueuePerCaller: int(0, 100_000).default(32),
    /** Most bytes one answer carries; a list cut there says `next_skip` (docs/api-decisions.md). */
    maxAnswerBytes: int(64 * 1024, 1024 * 1024 * 1024).default(16 * 1024 * 1024),
    /** Seconds a client has to send a request's line and headers (408 past it). */
    headersTimeoutSeconds: int(1, 3600).default(20),
    /** Seconds a request body may go without a byte (408 past it); also the minimum rate's window. */
    bodyIdleTimeoutSeconds: int(1, 3600).default(20),
    /** Bytes per second a request body must average over each such window (0: no minimum). */
    bodyMinBytesPerSecond: int(0, 1_000_000_000).default(1024),
    /** Seconds an idle keep-alive connection stays open. */
    keepAliveTimeoutSeconds: int(1, 3600).default(72),
    /** Requests one connection may carry; the last is answered with `Connection: close` (0: no cap). */
    maxRequestsPerConnection: int(0, 1_000_000_000).default(10_000),
    /** Open connections one client IP may hold (0: no cap); more are refused with 503. */
    maxConnectionsPerIp: int(0, 1_000_000).default(100),
    /** Open connections in all (0: no cap); more are refused with 503. */
    maxConnections: int(0, 1_000_000).default(10_000),
    /** Requests per minute per signed-in user (DID), every endpoint together (0: no limit). */
    rateLimitUserPerMinute: int(0, 1_000_000_000).default(3000),
    /** Requests per minute per client IP without a token, every endpoint together (0: no limit). */
    rateLimitAnonymousPerMinute: int(0, 1_000_000_000).default(3000),
    /** Sign-in requests (signin, auth, backup_auth) per minute per client IP (0: no limit). */
    rateLimitSignInPerMinute: int(0, 1_000_000_000).default(30),
    /** Requests per minute per calling node on the internal backup API (0: no limit). */
    rateLimitNodePerMinute: int(0, 1_000_000_000).default(12_000),
    /**
     * Where the four budgets above are counted: `memory` (token buckets in each process: N
     * processes admit N budgets), `store` (counters in the DocumentStore that every process
     * shares, claimed in chunks: src/rate-limits/shared-windows.ts), `auto` (`store` with
     * MongoDB, the engine several processes can share; `memory` with the embedded SQLite).
     */
    rateLimitStore: z.enum(['auto', 'memory', 'store']).default('auto'),
    /**
     * Addresses the node may call on a user's behalf although they are not public (src/outbound):
     * IPs, CIDR ranges and host names, comma-separated. Empty: public addresses only.
     */
    outboundAllow: z
      .string()
      .default('')
      .superRefine((value, ctx) => {
        try {
          OutboundPolicy.parse(value);
        } catch (error) {
          ctx.addIssue({ code: 'custom', message: (error as Error).message });
        }
      }),
    /**
     * PEM file of certificate authorities trusted, beside the public roots, when the node calls a
     * user-named address over HTTPS (a backup node with a private or self-signed certificate).
     */
    outboundCa: z.string().optional(),
    /** Seconds a vault keeps its events (older ones may be dropped; a cursor before them is 410). */
    eventsRetentionSeconds: int(1, 366 * 86400).default(7 * 86400),
    /** Events a vault keeps at most (older ones are dropped first). */
    eventsMaxPerVault: int(100, 100_000_000).default(100_000),
    /** Open event streams per caller DID (per client address without a token), per process. */
    eventsMaxStreamsPerDid: int(1, 100_000).default(16),
    /** Documents larger than this (bytes of Extended JSON) are flagged in events, not carried. */
    eventsMaxDocumentBytes: int(0, 16 * 1024 * 1024).default(16 * 1024),
    /** Bytes a stream holds for a client that does not read, before it is cut (`consumer_too_slow`). */
    eventsBufferBytes: int(64 * 1024, 1024 * 1024 * 1024).default(1024 * 1024),
    /** Seconds between heartbeats (`: ping`) on an open stream. */
    eventsHeartbeatSeconds: int(1, 15).default(15),
    /** Milliseconds between reads of the logs of vaults with streams open (events of other processes). */
    eventsTailMs: int(10, 60_000).default(500),
  })
  .superRefine((c, ctx) => {
    if (c.queryTimeoutMaxSeconds < c.queryTimeoutSeconds) {
      ctx.addIssue({
        code: 'custom',
        path: ['queryTimeoutMaxSeconds'],
        message: 'is below CELLA_QUERY_TIMEOUT, the bound of a query that names none',
      });
    }
    if (c.ipfsClusterUrl !== undefined && c.ipfsApiUrl === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['ipfsClusterUrl'],
        message: "needs CELLA_IPFS_API_URL too: the cluster peer's IPFS daemon, where content is stored",
      });
    }
    const { ipfsClusterReplicationMin: min, ipfsClusterReplicationMax: max } = c;
    if (min !== undefined && max !== undefined) {
      if ((min === -1) !== (max === -1)) {
        ctx.addIssue({
          code: 'custom',
          path: ['ipfsClusterReplicationMax'],
          message: '-1 (every peer) must be set for both the minimum and the maximum, or for neither',
        });
      } else if (min > max) {
        ctx.addIssue({
          code: 'custom',
          path: ['ipfsClusterReplicationMax'],
          message: 'is below the minimum',
        });
      }
    }
  });

export type Config = z.infer<typeof configSchema>;

/** `CELLA_TRUST_PROXY` as fastify's `trustProxy` takes it; undefined when malformed. */
function parseTrustProxy(value: boolean | number | string): boolean | number | string | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
  const text = value.trim();
  if (text === 'true' || text === 'false') return text === 'true';
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  const valid = entries.every((entry) => {
    const [address = '', bits, ...rest] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return false;
    return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
  });
  return valid ? entries.join(',') : undefined;
}

/** Environment variable → config key. */
const envNames: Record<string, keyof Config> = {
  CELLA_ROLE: 'role',
  CELLA_HOST: 'host',
  CELLA_PORT: 'port',
  CELLA_PUBLIC_URL: 'publicUrl',
  CELLA_DATA_DIR: 'dataDir',
  CELLA_MIN_FREE_BYTES: 'minFreeBytes',
  CELLA_LOG_LEVEL: 'logLevel',
  CELLA_CORS_ORIGINS: 'corsOrigins',
  CELLA_TLS_CERT: 'tlsCert',
  CELLA_TLS_KEY: 'tlsKey',
  CELLA_TRUST_PROXY: 'trustProxy',
  MONGODB_URI: 'mongodbUri',
  CELLA_IPFS_API_URL: 'ipfsApiUrl',
  CELLA_IPFS_CLUSTER_URL: 'ipfsClusterUrl',
  CELLA_IPFS_CLUSTER_REPLICATION_MIN: 'ipfsClusterReplicationMin',
  CELLA_IPFS_CLUSTER_REPLICATION_MAX: 'ipfsClusterReplicationMax',
  CELLA_IPFS_CLUSTER_PIN_TIMEOUT: 'ipfsClusterPinTimeoutSeconds',
  CELLA_FILE_WORKERS: 'fileWorkers',
  CELLA_FILE_DIRECT_WRITES: 'fileDirectWrites',
  CELLA_FILE_WORKER_NICE: 'fileWorkerNice',
  CELLA_FILE_IO_NICE: 'fileIoNice',
  CELLA_CHAIN_TYPE: 'chainType',
  CELLA_EID_RPC_URL: 'eidRpcUrl',
  CELLA_DID_CACHE_TTL: 'didCacheTtlSeconds',
  CELLA_DID_STATUS_TTL: 'didStatusTtlSeconds',
  CELLA_TOKEN_TTL: 'tokenTtlSeconds',
  CELLA_CHALLENGE_TTL: 'challengeTtlSeconds',
  CELLA_MAX_PENDING_CHALLENGES: 'maxPendingChallenges',
  CELLA_ESC_RPC_URL: 'escRpcUrl',
  CELLA_ESC_CHAIN_ID: 'escChainId',
  CELLA_PAYMENT_CONTRACT: 'paymentContractAddress',
  CELLA_PAYMENT_RECEIVING_ADDRESS: 'paymentReceivingAddress',
  CELLA_PAYMENT_CONFIRMATIONS: 'paymentConfirmations',
  CELLA_PLANS_FILE: 'plansFile',
  CELLA_DEV_CHAIN: 'devChain',
  CELLA_QUOTA_ENFORCEMENT: 'quotaEnforcement',
  CELLA_FILE_TRANSACTION_TTL: 'fileTransactionTtlSeconds',
  CELLA_ANONYMOUS_RUNS_PER_MINUTE: 'anonymousRunsPerMinute',
  CELLA_NODE_NAME: 'nodeName',
  CELLA_NODE_EMAIL: 'nodeEmail',
  CELLA_NODE_DESCRIPTION: 'nodeDescription',
  CELLA_NODE_CREDENTIAL: 'nodeCredential',
  CELLA_COMMIT_ID: 'commitId',
  CELLA_METRICS: 'metrics',
  CELLA_METRICS_TOKEN: 'metricsToken',
  CELLA_METRICS_TOKEN_FILE: 'metricsTokenFile',
  CELLA_METRICS_SCAN_INTERVAL: 'metricsScanIntervalSeconds',
  CELLA_FILES_SWEEP_INTERVAL: 'filesSweepIntervalSeconds',
  CELLA_FILES_SWEEP_GRACE: 'filesSweepGraceSeconds',
  CELLA_BACKUP_RETRY_WINDOW: 'backupRetryWindowSeconds',
  CELLA_BACKUP_LEASE: 'backupLeaseSeconds',
  CELLA_BACKUP_STALE_ATTEMPT: 'backupStaleAttemptSeconds',
  CELLA_BACKUP_SWEEP_INTERVAL: 'backupSweepIntervalSeconds',
  CELLA_TRANSFERS_MAX_CONCURRENT: 'transfersMaxConcurrent',
  CELLA_IMPORT_MAX_BYTES: 'importMaxBytes',
  CELLA_OUTBOUND_ALLOW: 'outboundAllow',
  CELLA_OUTBOUND_CA: 'outboundCa',
  CELLA_DB_WORKERS: 'dbWorkers',
  CELLA_QUERY_TIMEOUT: 'queryTimeoutSeconds',
  CELLA_QUERY_TIMEOUT_MAX: 'queryTimeoutMaxSeconds',
  CELLA_QUERIES_PER_CALLER: 'queriesPerCaller',
  CELLA_QUERY_QUEUE: 'queryQueuePerCaller',
  CELLA_MAX_ANSWER_BYTES: 'maxAnswerBytes',
  CELLA_HEADERS_TIMEOUT: 'headersTimeoutSeconds',
  CELLA_BODY_IDLE_TIMEOUT: 'bodyIdleTimeoutSeconds',
  CELLA_BODY_MIN_RATE: 'bodyMinBytesPerSecond',
  CELLA_KEEP_ALIVE_TIMEOUT: 'keepAliveTimeoutSeconds',
  CELLA_MAX_REQUESTS_PER_CONNECTION: 'maxRequestsPerConnection',
  CELLA_MAX_CONNECTIONS_PER_IP: 'maxConnectionsPerIp',
  CELLA_MAX_CONNECTIONS: 'maxConnections',
  CELLA_RATE_LIMIT_USER: 'rateLimitUserPerMinute',
  CELLA_RATE_LIMIT_ANONYMOUS: 'rateLimitAnonymousPerMinute',
  CELLA_RATE_LIMIT_SIGNIN: 'rateLimitSignInPerMinute',
  CELLA_RATE_LIMIT_NODE: 'rateLimitNodePerMinute',
  CELLA_RATE_LIMIT_STORE: 'rateLimitStore',
  CELLA_EVENTS_RETENTION: 'eventsRetentionSeconds',
  CELLA_EVENTS_MAX_PER_VAULT: 'eventsMaxPerVault',
  CELLA_EVENTS_MAX_STREAMS_PER_DID: 'eventsMaxStreamsPerDid',
  CELLA_EVENTS_MAX_DOCUMENT_BYTES: 'eventsMaxDocumentBytes',
  CELLA_EVENTS_BUFFER_BYTES: 'eventsBufferBytes',
  CELLA_EVENTS_HEARTBEAT: 'eventsHeartbeatSeconds',
  CELLA_EVENTS_TAIL_MS: 'eventsTailMs',
};

export const configEnvironment = Object.entries(envNames).map(([env, key]) => ({ env, key }));

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  let fromFile: Record<string, unknown> = {};
  const file = env.CELLA_CONFIG;
  if (file) {
    try {
      fromFile = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    } catch (error) {
      throw new ConfigError(`cannot read CELLA_CONFIG ${file}: ${(error as Error).message}`);
    }
  }
  const fromEnv: Record<string, unknown> = {};
  for (const [name, key] of Object.entries(envNames)) {
    const value = env[name];
    if (value !== undefined && value !== '') fromEnv[key] = value;
  }
  const parsed = configSchema
    .refine((c) => (c.tlsCert === undefined) === (c.tlsKey === undefined), {
      message: 'set both CELLA_TLS_CERT and CELLA_TLS_KEY, or neither',
      path: ['tlsKey'],
    })
    .refine((c) => c.metricsToken === undefined || c.metricsTokenFile === undefined, {
      message: 'set CELLA_METRICS_TOKEN or CELLA_METRICS_TOKEN_FILE, not both',
      path: ['metricsTokenFile'],
    })
    .safeParse({ ...fromFile, ...fromEnv, ...overrides });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const key = issue.path.join('.');
      const env = Object.entries(envNames).find(([, k]) => k === key)?.[0];
      return `${key}${env ? ` (${env})` : ''}: ${issue.message}`;
    });
    throw new ConfigError(`invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const { dataDir, tlsCert, tlsKey, outboundCa } = parsed.data;
  return {
    ...parsed.data,
    dataDir: path.resolve(dataDir),
    ...(outboundCa !== undefined ? { outboundCa: path.resolve(outboundCa) } : {}),
    ...(tlsCert !== undefined && tlsKey !== undefined
      ? { tlsCert: path.resolve(tlsCert), tlsKey: path.resolve(tlsKey) }
      : {}),
  };
}
