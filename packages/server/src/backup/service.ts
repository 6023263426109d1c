/**
 * Backups as the rest of the node sees them. Every node is a primary for its own vaults (start a
 * backup or a restore, report their state); a node with `role: 'both'` (the default) or `'backup'`
 * also keeps backups — other nodes' and its own users' — in its backup store, apart from the vaults
 * (the internal API, node-to-node sign-in), and promotes them to live vaults.
 */
import type { OutboundClient } from '../outbound/lazy-outbound.js';
import path from 'node:path';
import type { DidResolver } from '@cella/did';
import { BackupAuthService } from '../auth/backup-auth.js';
import { BackupTokens } from '../auth/backup-tokens.js';
import type { NodeIdentity } from '../auth/node-identity.js';
import { NonceStore, type PresentedDocumentStore } from '../auth/node-stores.js';
import type { Config } from '../config.js';
import type { BlockStore } from '@cella/block-store';
import type { Database, DocumentStore } from '@cella/document-store';
import { schemas } from '@cella/openapi';
import type { z } from 'zod';
import { CellaError } from '../errors.js';
import type { Logger } from '../logger.js';
import type { PlansFile } from '../vault/plans.js';
import type { VaultRecord, VaultService } from '../vault/vaults.js';
import { BackupRecords, type BackupRecord, type CurrentBackup } from './backup-records.js';
import { notBackupNode, runBackup } from './backup-run.js';
import { BackupStore } from './backup-store.js';
import { checkOnPrimary, verifyBackupCredential, type BackupGrant } from './credential.js';
import { BackupJobs, type BackupJobsOptions, type BackupStateView, type JobKind } from './jobs.js';
import type { FileRefs, PrimaryDeps, PublicFileIndex } from './primary-deps.js';
import { emptyProgress } from './progress.js';
import { promote } from './promote.js';
import { BackupReceiver } from './receiver.js';
import { runRestore } from './restore-run.js';
import type { BackupSettings } from './settings.js';
import { Spool } from './spool.js';

export interface BackupServiceDeps {
  config: Config;
  log: Logger;
  clock: () => number;
  documents: DocumentStore;
  nodeDb: Database;
  identity: NodeIdentity;
  resolver: DidResolver;
  presented: PresentedDocumentStore;
  vaults: VaultService;
  plans: PlansFile;
  blocks: BlockStore;
  refs: FileRefs;
  publicFiles: PublicFileIndex;
  settings: BackupSettings;
  /** The backup store's own BlockStore (roles `both` and `backup`). */
  openBackupStore?: (dir: string) => Promise<BlockStore>;
  /** The outbound agent (src/outbound) for requests to backup nodes users name. */
  outbound: OutboundClient;
  /** Told when a job ends here (the metrics). */
  onJobEnded?: BackupJobsOptions['onJobEnded'];
  /** Told when a job starts or ends (the vault's change feed). */
  onState?: BackupJobsOptions['onState'];
}

export class BackupService {
  readonly tokens: BackupTokens;
  readonly auth: BackupAuthService;
  readonly jobs: BackupJobs;
  /** Backup-node side (undefined with `role: 'vault'`). */
  readonly receiver: BackupReceiver | undefined;
  readonly records: BackupRecords | undefined;
  readonly store: BackupStore | undefined;
  private timer: NodeJS.Timeout | undefined;
  private housekeepingRun: Promise<unknown> | undefined;
  private readonly primary: PrimaryDeps;
  /** Where this node listens, once it does (a backup to this very node goes there). */
  private selfUrl: string | undefined;

  private constructor(
    private readonly d: BackupServiceDeps,
    store: BackupStore | undefined,
  ) {
    this.tokens = new BackupTokens(d.identity, () => Math.floor(d.clock() / 1000));
    this.auth = new BackupAuthService({
      identity: d.identity,
      resolver: d.resolver,
      nonces: new NonceStore(d.nodeDb),
      presented: d.presented,
      tokens: this.tokens,
      tokenTtlSeconds: d.config.tokenTtlSeconds,
      acceptsBackups: store !== undefined,
      now: () => Math.floor(d.clock() / 1000),
    });
    this.primary = {
      documents: d.documents,
      nodeDb: d.nodeDb,
      vaults: d.vaults,
      blocks: d.blocks,
      refs: d.refs,
      publicFiles: d.publicFiles,
      identity: d.identity,
      presented: d.presented,
      log: d.log,
      clock: d.clock,
      spoolDir: spoolDir(d.config),
      outbound: d.outbound,
      self: () => ({ url: this.selfUrl, keepsBackups: store !== undefined }),
    };
    this.jobs = new BackupJobs({
      nodeDb: d.nodeDb,
      clock: d.clock,
      log: d.log,
      settings: d.settings,
      exclusiveStore: !d.config.mongodbUri,
      ...(d.onJobEnded ? { onJobEnded: d.onJobEnded } : {}),
      ...(d.onState ? { onState: d.onState } : {}),
      grantOf: async (userDid, credential) => {
        const grant = await verifyBackupCredential(credential, d.resolver, d.clock());
        checkOnPrimary(grant, userDid, d.identity.did);
        return grant;
      },
      run: (kind, userDid, grant, control) => {
        const input = {
          userDid,
          grant,
          signal: control.signal,
          progress: control.progress,
          onAttempt: control.onAttempt,
        };
        return kind === 'backup' ? runBackup(this.primary, input) : runRestore(this.primary, input);
      },
    });
    this.store = store;
    if (store) {
      this.records = new BackupRecords(d.nodeDb, d.plans, d.clock);
      this.receiver = new BackupReceiver({
        records: this.records,
        store,
        log: d.log,
        clock: d.clock,
        staleAttemptSeconds: d.settings.staleAttemptSeconds,
      });
    }
  }

  static async create(d: BackupServiceDeps): Promise<BackupService> {
    let store: BackupStore | undefined;
    if (d.config.role !== 'vault') {
      if (!d.openBackupStore) throw new Error('a backup node needs a backup store');
      store = new BackupStore(
        await d.openBackupStore(path.join(d.config.dataDir, 'backup-store')),
        d.nodeDb,
        d.log,
      );
    }
    await Spool.clear(spoolDir(d.config));
    return new BackupService(d, store);
  }

  /** Resumes jobs left running, and on a backup node cleans up and starts the store's sweep. */
  start(): void {
    this.jobs.startTimers();
    if (!this.receiver) return;
    this.housekeepInBackground();
    const every = this.d.settings.sweepIntervalMs;
    if (every > 0) {
      this.timer = setInterval(() => this.housekeepInBackground(), every);
      this.timer.unref();
    }
  }

  /** One housekeeping at a time; close() waits for it, so it never reads a store being closed. */
  private housekeepInBackground(): void {
    if (this.housekeepingRun) return;
    this.housekeepingRun = this.housekeeping()
      .catch((error: unknown) => this.d.log.error({ err: error }, 'backup store: housekeeping failed'))
      .finally(() => {
        this.housekeepingRun = undefined;
      });
  }

  /** Abandons stale attempts, releases unclaimed holds, and sweeps the store unless an attempt is receiving. */
  async housekeeping(): Promise<{ abandoned: number; released: number; swept: boolean }> {
    if (!this.receiver || !this.store) return { abandoned: 0, released: 0, swept: false };
    const { active, abandoned, released } = await this.receiver.housekeeping();
    if (active) return { abandoned, released, swept: false };
    const report = await this.store.sweep();
    this.d.log.info({ abandoned, released, ...report }, 'backup store: swept');
    return { abandoned, released, swept: true };
  }

  private async grantFor(userDid: string, credential: unknown): Promise<BackupGrant> {
    if (credential === undefined || credential === null || credential === '') {
      throw new CellaError(
        'INVALID_PARAMETER',
        'credential is required: a HiveBackupCredential you issued to this node naming the backup node',
      );
    }
    const check = (g: { userDid: string; sourceDid: string }) =>
      checkOnPrimary(g, userDid, this.d.identity.did);
    const grant = await verifyBackupCredential(credential, this.d.resolver, this.d.clock(), (c) =>
      check({ userDid: c.issuer, sourceDid: c.subject }),
    );
    check(grant);
    return grant;
  }

  /** The node listens at `url` (startNode): a backup to this very node connects there. */
  listening(url: string): void {
    const parsed = new URL(url);
    // A node listening on every interface is reached on loopback.
    if (parsed.hostname === '0.0.0.0') parsed.hostname = '127.0.0.1';
    if (parsed.hostname === '[::]') parsed.hostname = '[::1]';
    this.selfUrl = parsed.origin;
  }

  /**
   * `checkTarget`: the reference's checks before a job starts (the Hive dialect without
   * `is_force`): the backup node is reached and signed in to, the user has a backup service there,
   * and a restore has a complete backup to restore — each refused at once with 400 rather than
   * found out by a job that fails.
   */
  async startBackup(
    userDid: string,
    credential: unknown,
    options: { checkTarget?: boolean } = {},
  ): Promise<BackupStateView> {
    const grant = await this.grantFor(userDid, credential);
    if (!(await this.d.vaults.find(userDid)))
      throw new CellaError('VAULT_NOT_FOUND', 'there is no vault for you on this node: nothing to back up');
    if (grant.targetDid === this.d.identity.did && !this.store) throw notBackupNode();
    if (options.checkTarget) await this.checkTarget(userDid, grant, 'backup');
    return this.jobs.start(userDid, 'backup', grant);
  }

  async startRestore(
    userDid: string,
    credential: unknown,
    options: { checkTarget?: boolean } = {},
  ): Promise<BackupStateView> {
    const grant = await this.grantFor(userDid, credential);
    if (!(await this.d.vaults.find(userDid)))
      throw new CellaError(
        'VAULT_NOT_FOUND',
        'there is no vault for you on this node to restore into: subscribe first',
      );
    if (grant.targetDid === this.d.identity.did && !this.store) throw notBackupNode();
    if (options.checkTarget) await this.checkTarget(userDid, grant, 'restore');
    return this.jobs.start(userDid, 'restore', grant);
  }

  private async checkTarget(userDid: string, grant: BackupGrant, kind: JobKind): Promise<void> {
    const running = await this.jobs.state(userDid);
    if (running.result === 'running') return; // jobs.start refuses it with its own reason
    const { clientFor } = await import('./backup-run.js');
    const signal = AbortSignal.timeout(CHECK_TARGET_MS);
    const client = await clientFor(
      this.primary,
      { grant, signal, userDid },
      await this.d.presented.get(userDid),
    );
    let state: z.infer<typeof schemas.backup.backupNodeState>;
    try {
      await client.signIn();
      state = await client.json('GET', '/api/v2/vault-backup-service/state', schemas.backup.backupNodeState);
    } catch (error) {
      if (error instanceof CellaError) throw error;
      const reason = signal.aborted
        ? `no answer within ${CHECK_TARGET_MS / 1000} s`
        : (error as Error).message;
      throw new CellaError('BAD_REQUEST', `the backup node cannot be used: ${reason}`, { cause: error });
    }
    if (!state.subscribed)
      throw new CellaError(
        'BAD_REQUEST',
        'you have no backup service on the backup node: subscribe to it there first (PUT /api/v2/subscription/backup)',
      );
    if (state.pending && state.pending.source_did !== this.d.identity.did)
      throw new CellaError(
        'BAD_REQUEST',
        'the backup node is receiving a backup of your vault from another node',
      );
    if (kind === 'restore' && !state.current)
      throw new CellaError('BAD_REQUEST', 'there is no complete backup of your vault on the backup node');
  }

  /**
   * Stops the user's running job, here or in another process (a forced unsubscribe deletes the
   * vault it works on): the job ends `failed` with `reason`.
   */
  async cancelJob(userDid: string, reason: string): Promise<void> {
    await this.jobs.cancel(userDid, reason);
  }

  /** The latest job; on a backup node with no job of the user's own, the backup kept here. */
  async state(userDid: string): Promise<BackupStateView> {
    const view = await this.jobs.state(userDid);
    if (view.state !== 'idle' || !this.records) return view;
    const record = await this.records.find(userDid);
    if (!record) return view;
    const describe = (c: CurrentBackup) =>
      `a backup from ${c.sourceDid} of ${new Date(c.created * 1000).toISOString()}: ${c.documents} documents in ${c.collections} collections, ${c.files} files (${c.bytes} bytes)`;
    if (record.pending) {
      return {
        ...view,
        state: 'backup',
        result: 'running',
        message: `receiving a backup from ${record.pending.sourceDid}; ${record.current ? `the last good one stays until it is complete: ${describe(record.current)}` : 'no complete backup yet'}`,
        progress: {
          ...emptyProgress(),
          bytes_done: record.pending.bytesReceived,
          network_bytes: record.pending.bytesReceived,
        },
        started_at: record.pending.startedAt,
        last_success_at: record.current?.created ?? null,
      };
    }
    if (record.current) {
      const c = record.current;
      return {
        ...view,
        state: 'backup',
        result: 'success',
        message: `holding ${describe(c)}`,
        progress: { ...emptyProgress(), vault_bytes: c.bytes },
        finished_at: c.created,
        last_success_at: c.created,
      };
    }
    return view;
  }

  /** The backup records, or 403 on a node that keeps no backups. */
  private backupRecords(): BackupRecords {
    if (!this.records)
      throw new CellaError('FORBIDDEN', 'this node does not keep backups (it is not a backup node)');
    return this.records;
  }

  /** Subscribes the backup service on this backup node (free backup plan); 455 when subscribed. */
  async subscribeBackup(userDid: string): Promise<BackupRecord> {
    return this.backupRecords().subscribe(userDid);
  }

  /** The user's backup service on this backup node; 404 (internal_code 2) when none. */
  async backupSubscription(userDid: string): Promise<BackupRecord> {
    const record = await this.backupRecords().find(userDid);
    if (!record) throw new CellaError('BACKUP_NOT_FOUND', 'you have no backup service on this node');
    return record;
  }

  /**
   * Unsubscribes the backup service: the record goes, then the holds of the backup it named (the
   * store's sweep collects their blocks). Refused while a backup is being received.
   */
  async unsubscribeBackup(userDid: string): Promise<void> {
    const attempts = await this.backupRecords().remove(userDid, this.d.settings.staleAttemptSeconds);
    for (const attempt of attempts) await this.store?.release(attempt);
  }

  async promote(userDid: string): Promise<VaultRecord> {
    if (!this.receiver || !this.records || !this.store) {
      throw new CellaError(
        'BACKUP_NOT_FOUND',
        'this node keeps no backups (it is not a backup node): promote on the backup node',
      );
    }
    const running = await this.jobs.state(userDid);
    if (running.result === 'running')
      throw new CellaError('BACKUP_IN_PROGRESS', `a ${running.state} of your vault is running on this node`);
    return promote(
      {
        documents: this.d.documents,
        nodeDb: this.d.nodeDb,
        vaults: this.d.vaults,
        blocks: this.d.blocks,
        refs: this.d.refs,
        publicFiles: this.d.publicFiles,
        records: this.records,
        store: this.store,
        receiver: this.receiver,
        log: this.d.log,
        clock: this.d.clock,
        staleAttemptSeconds: this.d.settings.staleAttemptSeconds,
      },
      userDid,
    );
  }

  /** The receiver, or 403 on a node that does not keep backups. */
  backupNode(): BackupReceiver {
    if (!this.receiver)
      throw new CellaError('FORBIDDEN', 'this node does not accept backups (it is not a backup node)');
    return this.receiver;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.housekeepingRun;
    await this.jobs.close();
    await this.store?.blocks.close();
  }
}

/** How long the checks before a job may take (sign-in and state on the backup node). */
const CHECK_TARGET_MS = 30_000;

function spoolDir(config: Config): string {
  return path.join(config.dataDir, 'backup-spool');
}
