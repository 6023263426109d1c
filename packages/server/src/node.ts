/**
 * Starts one node process: builds the context (engines, services), the HTTP app, and listens.
 * `close()` stops accepting requests, lets in-flight ones finish, then closes the engines.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { vaultChainDefaults } from '@cella/chain';
import type { FastifyInstance } from 'fastify';
import { cellaRoutes } from './api/index.js';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { AccessTokens } from './auth/access-tokens.js';
import { Authenticator } from './auth/authenticator.js';
import { loadOrCreateNodeIdentity } from './auth/node-identity.js';
import { createNodeResolver } from './auth/node-resolver.js';
import { NODE_DATABASE, NonceStore, PresentedDocumentStore } from './auth/node-stores.js';
import { publishNodeDocument } from './auth/publish-node-document.js';
import { SignInService } from './auth/sign-in.js';
import { SignInSweeper } from './auth/sign-in-sweeper.js';
import { TokenDispatcher } from './auth/token-verifier.js';
import { BackupService } from './backup/service.js';
import { backupSettingsFromConfig, type BackupSettings } from './backup/settings.js';
import { openBlockStore, openDocumentStore } from './engines/open.js';
import { FilesService } from './files/files-service.js';
import { createOutboundAgent, OutboundPolicy } from './outbound/index.js';
import { UsageRepair } from './vault/usage-repair.js';
import { filesSettingsFromConfig, type FilesSettings } from './files/settings.js';
import { paymentSettings } from './payment/settings.js';
import { startPayments } from './payment/wiring.js';
import { VaultDatabase } from './vault/database-service.js';
import { FilesForScripts } from './scripts/files-adapter.js';
import { AnonymousRateLimiter } from './scripts/rate-limit.js';
import { TokenBuckets } from './rate-limits/token-buckets.js';
import { ScriptService } from './scripts/service.js';
import { loadPlans } from './vault/plans.js';
import { VaultService } from './vault/vaults.js';
import { createHttpApp } from './http/app.js';
import { createLogger, type Logger } from './logger.js';

export const serverVersion: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export interface CellaNode {
  ctx: AppContext;
  app: FastifyInstance;
  /** Base URL the node listens on, e.g. http://127.0.0.1:5000 */
  url: string;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Backup settings (default: from the CELLA_BACKUP_* environment variables). */
  backup?: Partial<BackupSettings>;
  /** Files sweep settings (default: from CELLA_FILES_SWEEP_INTERVAL / CELLA_FILES_SWEEP_GRACE). */
  files?: Partial<FilesSettings>;
  logger?: Logger;
  /** Epoch milliseconds (tests move it to expire plans). */
  clock?: () => number;
  /** Where the dev chain's banner goes (default: stdout unless the log level is silent). */
  announce?: (text: string) => void;
}

/** Fills chain URLs from @cella/chain's network table when only `chainType` is given. */
export function withChainDefaults(config: Config): Config {
  if (!config.chainType) return config;
  const defaults = vaultChainDefaults(config.chainType);
  return {
    ...config,
    eidRpcUrl: config.eidRpcUrl ?? defaults.eidRpcUrl,
    escRpcUrl: config.escRpcUrl ?? defaults.escRpcUrl,
    escChainId: config.escChainId ?? defaults.escChainId,
  };
}

export async function buildContext(input: Config, options: StartOptions = {}): Promise<AppContext> {
  let config = withChainDefaults(input);
  // Files and settings first: a configuration mistake stops the node before anything is created.
  const plans = loadPlans(config.plansFile);
  if (!config.devChain) paymentSettings(config);
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const log = options.logger ?? createLogger(config.logLevel);
  const closables: AppContext['closables'] = [];
  const documents = await openDocumentStore(config, log);
  closables.push(documents);
  const blocks = await openBlockStore(config, log);
  closables.push(blocks);
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
  const tokens = new AccessTokens(identity);
  const clock = options.clock ?? Date.now;
  const nonces = new NonceStore(nodeDb, config.maxPendingChallenges);
  const signIn = new SignInService({
    identity,
    resolver,
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
  if (!config.quotaEnforcement)
    log.warn('CELLA_QUOTA_ENFORCEMENT=false: storage usage is neither counted nor limited (benchmarks only)');
  const payments = await startPayments(
    config,
    { nodeDb, identity, vaults, plans, clock, log },
    options.announce,
  );
  config = payments.config;
  closables.push(...payments.closables);
  const database = new VaultDatabase(documents, vaults, clock);
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
  });
  files.start();
  // Usage counters are recounted on the same schedule as the files sweep.
  const usageRepair = new UsageRepair({ vaults, database, documents, log });
  usageRepair.start(config.filesSweepIntervalSeconds * 1000);
  closables.push(usageRepair);
  scripts.useFiles(new FilesForScripts(files));
  closables.push(files);
  const outbound = createOutboundAgent(OutboundPolicy.parse(config.outboundAllow));
  closables.push({ close: () => outbound.close() });
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
    settings: { ...backupSettingsFromConfig(config), ...options.backup },
    openBackupStore: async (dir) => (await import('@cella/block-store/helia')).createHeliaBlockStore({ dir }),
    outbound,
  });
  backup.start();
  closables.push(backup);
  return {
    config,
    log,
    startedAt: Date.now(),
    version: serverVersion,
    identity,
    documents,
    blocks,
    files,
    nodeDb,
    signIn,
    clock,
    plans,
    vaults,
    payment: payments.payment,
    database,
    scripts,
    backup,
    outbound,
    authenticator: new Authenticator(new TokenDispatcher(tokens, backup.tokens)),
    // The buckets the endpoint table's rate limits name (MODE_RATE_LIMITS and the entries' own).
    rateLimits: {
      // Real time, not the injectable clock: tests that move the clock move plans, not rates.
      user: new TokenBuckets({ perMinute: config.rateLimitUserPerMinute, what: 'requests of this user' }),
      anonymous: new TokenBuckets({
        perMinute: config.rateLimitAnonymousPerMinute,
        what: 'requests without a token from this address',
      }),
      node: new TokenBuckets({ perMinute: config.rateLimitNodePerMinute, what: 'requests of this node' }),
      'sign-in': new TokenBuckets({
        perMinute: config.rateLimitSignInPerMinute,
        what: 'sign-in requests from this address',
      }),
      'anonymous-script-runs': new AnonymousRateLimiter(nodeDb, config.anonymousRunsPerMinute, clock),
    },
    closables,
  };
}

export async function startNode(config: Config, options: StartOptions = {}): Promise<CellaNode> {
  const ctx = await buildContext(config, options);
  const app = await createHttpApp(ctx, { tables: [cellaRoutes] });
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
  return {
    ctx,
    app,
    url: `http://${host}:${port}`,
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
