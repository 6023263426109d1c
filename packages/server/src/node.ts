/**
 * Starts one node process: builds the context (engines, services), the HTTP app, and listens.
 * `close()` stops accepting requests, lets in-flight ones finish, then closes the engines.
 */
import { ExportService } from './portability/export-service.js';
import { ImportService } from './portability/import-service.js';
import { Spool } from './backup/spool.js';
import { portabilitySettingsFromConfig, type PortabilitySettings } from './portability/settings.js';
import { mkdirSync, readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { cellaRoutes } from './api/index.js';
import { hiveRoutes } from './api/hive/index.js';
import { ConfigError, type Config } from './config.js';
import type { AppContext } from './context.js';
import { AccessTokens } from './auth/access-tokens.js';
import { Authenticator } from './auth/authenticator.js';
import { DidStatusWatch } from './auth/did-status.js';
import { loadOrCreateNodeIdentity } from './auth/node-identity.js';
import { loadNodeOwnership } from './auth/node-ownership.js';
import { AccessStats } from './vault/access-stats.js';
import { createNodeResolver } from './auth/node-resolver.js';
import { NODE_DATABASE, NonceStore, PresentedDocumentStore } from './auth/node-stores.js';
import { publishNodeDocument } from './auth/publish-node-document.js';
import { SignInService } from './auth/sign-in.js';
import { SignInSweeper } from './auth/sign-in-sweeper.js';
import { TokenDispatcher } from './auth/token-verifier.js';
import { BackupService } from './backup/service.js';
import { eventDescriber } from './events/describe.js';
import { EventService } from './events/event-service.js';
import { eventsSettingsFromConfig } from './events/settings.js';
import { backupSettingsFromConfig, type BackupSettings } from './backup/settings.js';
import { localStoragePaths, openBlockStore, openDocumentStore, openHeliaBlockStore } from './engines/open.js';
import { FilesService } from './files/files-service.js';
// Not through outbound/index.ts, which brings undici: the agent is made on first use.
import { OutboundPolicy } from './outbound/address-policy.js';
import { LazyOutbound } from './outbound/lazy-outbound.js';
import { DEFAULT_OUTBOUND_LIMITS } from './outbound/limits.js';
import { readTrustedCa, TrustedCaError } from './outbound/trusted-ca.js';
import { UsageRepair } from './vault/usage-repair.js';
import { NodeLease } from './node-lease.js';
import { filesSettingsFromConfig, type FilesSettings } from './files/settings.js';
import { paymentSettings } from './payment/settings.js';
import { startPayments } from './payment/wiring.js';
import { VaultDatabase } from './vault/database-service.js';
import { QueryGate } from './vault/query-gate.js';
import { FilesForScripts } from './scripts/files-adapter.js';
import { rateLimitBuckets } from './rate-limits/buckets.js';
import { ScriptService } from './scripts/service.js';
import { loadPlans } from './vault/plans.js';
import { VaultService } from './vault/vaults.js';
import { createHttpApp } from './http/app.js';
import { serverOptions } from './http/server-options.js';
import { readinessParts } from './health/parts.js';
import { Readiness } from './health/readiness.js';
import {
  countRefusals,
  disabledMetrics,
  metricsToken,
  NodeMetrics,
  timedBlockStore,
  timedDocumentStore,
} from './metrics/index.js';
import { createLogger, type Logger } from './logger.js';
import { StorageMonitor } from './storage/free-space.js';
import { guardedBlockStore, guardedDocumentStore } from './storage/storage-guard.js';

export const serverVersion: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export interface CellaNode {
  ctx: AppContext;
  app: FastifyInstance;
  /** Base URL the node listens on, e.g. http://127.0.0.1:5000 (https:// with TLS) */
  url: string;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Backup settings (default: from the CELLA_BACKUP_* environment variables). */
  backup?: Partial<BackupSettings>;
  /** Overrides of the export and import settings (tests). */
  portability?: Partial<PortabilitySettings>;
  /** Files sweep settings (default: from CELLA_FILES_SWEEP_INTERVAL / CELLA_FILES_SWEEP_GRACE). */
  files?: Partial<FilesSettings>;
  logger?: Logger;
  /** Epoch milliseconds (tests move it to expire plans). */
  clock?: () => number;
  /** Where the dev chain's banner goes (default: stdout unless the log level is silent). */
  announce?: (text: string) => void;
}

/** How long each readiness check may take. */
const READY_TIMEOUT_MS = 2000;

/**
 * Fills chain URLs from @cella/chain's network table when only `chainType` is given (loaded only
 * then: the chain package brings ethers).
 */
export async function withChainDefaults(config: Config): Promise<Config> {
  if (!config.chainType) return config;
  const { vaultChainDefaults } = await import('@cella/chain');
  const defaults = vaultChainDefaults(config.chainType);
  return {
    ...config,
    eidRpcUrl: config.eidRpcUrl ?? defaults.eidRpcUrl,
    escRpcUrl: config.escRpcUrl ?? defaults.escRpcUrl,
    escChainId: config.escChainId ?? defaults.escChainId,
  };
}

/** The operator's extra certificate authorities for outbound HTTPS, read and checked at start. */
function outboundCa(config: Config): { extraCa?: string } {
  if (config.outboundCa === undefined) return {};
  try {
    return { extraCa: readTrustedCa(config.outboundCa) };
  } catch (error) {
    if (error instanceof TrustedCaError) throw new ConfigError(error.message);
    throw error;
  }
}

export async function buildContext(input: Config, options: StartOptions = {}): Promise<AppContext> {
  let config = await withChainDefaults(input);
  // Files and settings first: a configuration mistake stops the node before anything is created.
  const plans = loadPlans(config.plansFile);
  if (!config.devChain) await paymentSettings(config);
  const outboundLimits = { ...DEFAULT_OUTBOUND_LIMITS, ...outboundCa(config) };
  const scrapeToken = config.metrics ? metricsToken(config) : undefined;
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const log = options.logger ?? createLogger(config.logLevel);
  const closables: AppContext['closables'] = [];
  const clock = options.clock ?? Date.now;
  // The vaults' change feed: every logged write appends its events in its own transaction; the
  // events service (built once the services are) hears of each commit of this process.
  const eventsSettings = eventsSettingsFromConfig(config);
  let appended: (database: string, head: number) => void = () => undefined;
  const { store: engine, readPool } = await openDocumentStore(config, log, {
    describe: eventDescriber(eventsSettings.maxDocumentBytes),
    appended: (database, head) => appended(database, head),
    clock,
  });
  closables.push(engine);
  const blockEngine = await openBlockStore(config, log);
  closables.push(blockEngine);
  // The node's disk: free space read before the first write, a reserve kept (storage/free-space.ts).
  const storage = new StorageMonitor({
    paths: localStoragePaths(config),
    minFreeBytes: config.minFreeBytes,
    log,
  });
  await storage.sample();
  // Metrics count node-wide figures on the engine itself (a scrape's counting is not an operation
  // of the node) and time every operation the node makes through the ports.
  const metrics = config.metrics
    ? new NodeMetrics({
        nodeDb: engine.database(NODE_DATABASE),
        scanIntervalMs: config.metricsScanIntervalSeconds * 1000,
        engine: engine.engine,
        readPool,
        freeSpace: () => storage.current(),
        log,
      })
    : disabledMetrics;
  // Outermost, the reserve: a write refused for it reaches neither the engine nor its timing.
  const documents = guardedDocumentStore(
    metrics.enabled
      ? timedDocumentStore(engine, metrics.observeDocumentStore, (operation) =>
          metrics.documentStoreTimedOut(operation),
        )
      : engine,
    storage,
  );
  const blocks = guardedBlockStore(
    metrics.enabled ? timedBlockStore(blockEngine, metrics.observeBlockStore) : blockEngine,
    storage,
  );
  const nodeDb = documents.database(NODE_DATABASE);
  const identity = await loadOrCreateNodeIdentity(config.dataDir, log);
  const presented = new PresentedDocumentStore(nodeDb);
  const resolver = createNodeResolver({
    eidRpcUrl: config.eidRpcUrl,
    cacheTtlSeconds: config.didCacheTtlSeconds,
    nodeDb,
    presented,
    log,
  });
  if (config.eidRpcUrl) await publishNodeDocument(identity, config.eidRpcUrl, config.dataDir, log);
  // Issued and checked on the node's clock, like every other time of the sign-in.
  const tokens = new AccessTokens(identity, () => Math.floor(clock() / 1000));
  let ownership;
  try {
    ownership = await loadNodeOwnership(config.nodeCredential, identity, resolver, clock);
  } catch (error) {
    for (const closable of [...closables].reverse()) await closable.close().catch(() => undefined);
    throw error;
  }
  const nonces = new NonceStore(nodeDb, config.maxPendingChallenges);
  // Deactivated DIDs lose their access within CELLA_DID_STATUS_TTL (only with an identity chain).
  const didStatus = new DidStatusWatch({
    resolver,
    ttlMs: config.didStatusTtlSeconds * 1000,
    enabled: config.eidRpcUrl !== undefined,
    log,
  });
  didStatus.start();
  closables.push(didStatus);
  const signIn = new SignInService({
    identity,
    resolver,
    statusTtlSeconds: config.didStatusTtlSeconds,
    status: didStatus,
    nonces,
    presented,
    tokens,
    challengeTtlSeconds: config.challengeTtlSeconds,
    tokenTtlSeconds: config.tokenTtlSeconds,
    now: () => Math.floor(clock() / 1000),
  });
  // Expired challenges linger at most one TTL (at most a minute) before a sweep drops them.
  const signInSweeper = new SignInSweeper({
    nonces,
    presented,
    clock,
    intervalMs: Math.min(config.challengeTtlSeconds, 60) * 1000,
    log,
  });
  signInSweeper.start();
  closables.push(signInSweeper);
  const vaults = new VaultService(nodeDb, plans, clock, 'vaults', { enforceQuota: config.quotaEnforcement });
  const access = new AccessStats(nodeDb, clock, log);
  access.start();
  closables.push(access);
  const payments = await startPayments(
    config,
    { nodeDb, identity, vaults, plans, clock, log },
    options.announce,
  );
  config = payments.config;
  closables.push(...payments.closables);
  const queryGate = new QueryGate(
    {
      perCaller: config.queriesPerCaller,
      queue: config.queryQueuePerCaller,
      defaultMs: config.queryTimeoutSeconds * 1000,
      maxMs: config.queryTimeoutMaxSeconds * 1000,
    },
    { refused: () => metrics.rateLimitRefused('database-queries') },
  );
  metrics.watchQueryGate(queryGate);
  const database = new VaultDatabase(documents, vaults, clock, queryGate);
  const scripts = new ScriptService({
    store: documents,
    nodeDb,
    vaults,
    database,
    clock,
    fileTransactionTtlSeconds: config.fileTransactionTtlSeconds,
    maxAnswerBytes: config.maxAnswerBytes,
  });
  const files = new FilesService({
    documents,
    nodeDb,
    blocks,
    vaults,
    clock,
    log,
    settings: { ...filesSettingsFromConfig(config), ...options.files },
    enforceQuota: config.quotaEnforcement,
    storage,
  });
  files.start();
  // Usage counters are recounted on the same schedule as the files sweep.
  const usageRepair = new UsageRepair({
    vaults,
    database,
    documents,
    log,
    lease: new NodeLease(nodeDb.collection('node_leases'), 'usage-repair', clock, log),
  });
  usageRepair.start(config.filesSweepIntervalSeconds * 1000);
  closables.push(usageRepair);
  scripts.useFiles(new FilesForScripts(files));
  closables.push(files);
  const outbound = new LazyOutbound(OutboundPolicy.parse(config.outboundAllow), outboundLimits);
  closables.push(outbound);
  const backup = await BackupService.create({
    config,
    log,
    clock,
    documents,
    nodeDb,
    identity,
    resolver,
    presented,
    vaults,
    plans,
    blocks,
    refs: files.refs,
    publicFiles: files.publicFiles,
    settings: { ...backupSettingsFromConfig(config), ...options.backup },
    openBackupStore: async (dir) => guardedBlockStore(await openHeliaBlockStore(config, dir), storage),
    outbound,
    onJobEnded: (kind, result, networkBytes) => metrics.backupJobEnded(kind, result, networkBytes),
    onState: (userDid, kind, result, message) =>
      events.record(userDid, { type: 'backup.state', kind, result, message }),
  });
  const events = new EventService({
    documents,
    vaults,
    scripts,
    settings: eventsSettings,
    clock,
    log,
    observer: {
      streamOpened: (kind) => metrics.eventStreamOpened(kind),
      streamClosed: (kind, reason) => metrics.eventStreamClosed(kind, reason),
      eventsSent: (count) => metrics.eventsSent(count),
    },
  });
  appended = (database, head) => events.appended(database, head);
  vaults.useEvents((userDid, event) => events.record(userDid, event));
  closables.push(events);
  backup.start();
  closables.push(backup);
  // What exports and imports killed mid-way left in their spool (kill -9, a crash) goes now.
  const portability = { ...portabilitySettingsFromConfig(config), ...options.portability };
  await Spool.clear(portability.spoolDir);
  if (backup.records) payments.payment.useBackups(backup.records);
  return {
    config,
    log,
    startedAt: Date.now(),
    version: serverVersion,
    identity,
    ownership,
    resolver,
    documents,
    blocks,
    files,
    nodeDb,
    signIn,
    clock,
    plans,
    vaults,
    access,
    payment: payments.payment,
    database,
    scripts,
    backup,
    portability: new ExportService({
      documents,
      blocks,
      identity,
      vaults,
      access,
      clock,
      settings: portability,
      nodeDb,
      log,
    }),
    vaultImport: new ImportService({
      documents,
      blocks,
      vaults,
      refs: files.refs,
      publicFiles: files.publicFiles,
      log,
      settings: portability,
      enforceQuota: config.quotaEnforcement,
      onEnded: (result, bytes) => metrics.vaultImportEnded(result, bytes),
    }),
    events,
    outbound,
    authenticator: new Authenticator(new TokenDispatcher(tokens, backup.tokens), undefined, didStatus),
    // The buckets the endpoint table's rate limits name (MODE_RATE_LIMITS and the entries' own).
    rateLimits: countRefusals(rateLimitBuckets(config, nodeDb, log, clock), metrics),
    metrics,
    metricsToken: scrapeToken,
    readiness: new Readiness(
      readinessParts({
        documents: engine,
        nodeDb: engine.database(NODE_DATABASE),
        blocks: blockEngine,
        eidRpcUrl: config.eidRpcUrl,
        nodeDid: identity.did,
        payment: payments.payment.settings,
        storage,
        timeoutMs: READY_TIMEOUT_MS,
      }),
      { timeoutMs: READY_TIMEOUT_MS, log },
    ),
    closables,
  };
}

export async function startNode(config: Config, options: StartOptions = {}): Promise<CellaNode> {
  // TLS files are read before anything is created: a missing or exposed key stops the node here.
  const warnings: string[] = [];
  const server = serverOptions(config, (message) => warnings.push(message));
  const ctx = await buildContext(config, options);
  for (const message of warnings) ctx.log.warn(message);
  const app = await createHttpApp(ctx, { tables: [cellaRoutes, hiveRoutes], server });
  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    for (const closable of [...ctx.closables].reverse()) await closable.close().catch(() => undefined);
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  let closing: Promise<void> | undefined;
  const url = `${server.https ? 'https' : 'http'}://${host}:${port}`;
  ctx.backup.listening(url);
  return {
    ctx,
    app,
    url,
    close: () =>
      (closing ??= (async () => {
        await app.close();
        for (const closable of [...ctx.closables].reverse()) {
          try {
            await closable.close();
          } catch (error) {
            ctx.log.error({ err: error }, 'error while closing');
          }
        }
      })()),
  };
}
