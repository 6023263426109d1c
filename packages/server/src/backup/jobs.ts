/**
 * Backup and restore jobs on the primary node: one per user at a time, in the node database
 * (`backup_jobs`), run in the background. `POST /vault/backup` (or `/restore`) records the job and
 * answers at once; the state endpoint reads the record.
 *
 * A job survives its process: the record keeps the credential and a lease (owner + expiry, renewed
 * by a heartbeat). A node that starts, and every node periodically, takes over running jobs whose
 * lease expired and runs them again — which resumes, since a run only moves what the other side
 * lacks. With an embedded store (one process per data directory) a restarted node takes its jobs
 * back at once. A run that fails for good leaves the job `failed` with the reason; transient
 * failures (backup node unreachable or restarting, 5xx, the vault changing under the run) are
 * retried with backoff for `retryWindowMs` after the last progress.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Collection, Database, Document } from '@cella/document-store';
import { StoreError } from '@cella/document-store';
import { isBlockStoreError } from '@cella/block-store';
import { CellaError } from '../errors.js';
import type { Logger } from '../logger.js';
import type { BackupGrant } from './credential.js';
import { emptyProgress, TransientError, type JobProgress, type ProgressSink } from './progress.js';
import type { BackupNodeClient } from './remote.js';
import { RemoteError } from './remote-error.js';
import type { BackupSettings } from './settings.js';

export type JobKind = 'backup' | 'restore';
export type JobResult = 'running' | 'success' | 'failed';

export interface BackupStateView {
  state: 'idle' | JobKind;
  result: JobResult;
  message: string;
  progress: JobProgress;
  started_at: number | null;
  finished_at: number | null;
  last_success_at: number | null;
}

export interface RunControl {
  signal: AbortSignal;
  progress: ProgressSink;
  onAttempt: (client: BackupNodeClient, attemptId: string) => void;
}

export type JobRunner = (
  kind: JobKind,
  userDid: string,
  grant: BackupGrant,
  control: RunControl,
) => Promise<string>;

export interface BackupJobsOptions {
  nodeDb: Database;
  clock: () => number;
  log: Logger;
  settings: BackupSettings;
  /** Re-reads (and re-verifies) the stored credential when a job is taken over. */
  grantOf: (userDid: string, credential: string) => Promise<BackupGrant>;
  run: JobRunner;
  /** True when no other process shares this node's stores (embedded engines): take jobs back at once. */
  exclusiveStore: boolean;
  /** A job ended in this process; `networkBytes`: what its runs moved to or from the backup node. */
  onJobEnded?: (kind: JobKind, result: 'success' | 'failed', networkBytes: number) => void;
  /**
   * A job started or ended (committed to its record), before that is answered: the vault's change
   * feed (a `backup.state` event).
   */
  onState?: (userDid: string, kind: JobKind, result: JobResult, message: string) => Promise<void>;
}

export const JOBS_COLLECTION = 'backup_jobs';
const SAVE_EVERY_MS = 500;

function viewOf(doc: Document | null): BackupStateView {
  if (!doc)
    return {
      state: 'idle',
      result: 'success',
      message: '',
      progress: emptyProgress(),
      started_at: null,
      finished_at: null,
      last_success_at: null,
    };
  const num = (v: unknown) => (typeof v === 'number' ? v : null);
  return {
    state: doc.kind === 'restore' ? 'restore' : 'backup',
    result: doc.result === 'running' || doc.result === 'failed' ? doc.result : 'success',
    message: typeof doc.message === 'string' ? doc.message : '',
    progress: { ...emptyProgress(), ...(doc.progress as Partial<JobProgress> | undefined) },
    started_at: num(doc.startedAt),
    finished_at: num(doc.finishedAt),
    last_success_at: num(doc.lastBackupAt),
  };
}

function isTransient(error: unknown): boolean {
  if (error instanceof RemoteError) return error.retryable;
  if (error instanceof TransientError) return true;
  if (isBlockStoreError(error, 'NOT_FOUND')) return true;
  return false;
}

function messageOf(error: unknown): string {
  if (error instanceof CellaError || error instanceof RemoteError || error instanceof TransientError)
    return error.message;
  return `internal error: ${(error as Error)?.message ?? String(error)}`;
}

export class BackupJobs {
  readonly jobs: Collection;
  private readonly owner = randomUUID();
  private readonly running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly o: BackupJobsOptions) {
    this.jobs = o.nodeDb.collection(JOBS_COLLECTION);
  }

  private now(): number {
    return Math.floor(this.o.clock() / 1000);
  }

  async state(userDid: string): Promise<BackupStateView> {
    return viewOf(await this.jobs.findOne({ _id: userDid }));
  }

  /** Records a new job and starts it; refused while one of this user's jobs is running. */
  async start(userDid: string, kind: JobKind, grant: BackupGrant): Promise<BackupStateView> {
    const now = this.now();
    const previous = await this.jobs.findOne({ _id: userDid });
    if (previous?.result === 'running') throw inProgress(previous.kind === 'restore' ? 'restore' : 'backup');
    const doc = {
      _id: userDid,
      kind,
      result: 'running',
      message: 'starting',
      progress: emptyProgress(),
      startedAt: now,
      finishedAt: null,
      lastBackupAt: previous?.lastBackupAt ?? null,
      credential: JSON.stringify(grant.credential),
      owner: this.owner,
      leaseUntil: this.o.clock() + this.o.settings.leaseMs,
    };
    try {
      const replaced = await this.jobs.replaceOne({ _id: userDid, result: { $ne: 'running' } }, doc, {
        upsert: true,
      });
      if (replaced.matchedCount === 0 && replaced.upsertedId === null) throw inProgress(kind);
    } catch (error) {
      if (error instanceof StoreError && error.code === 'DUPLICATE_KEY') throw inProgress(kind);
      throw error;
    }
    await this.told(userDid, kind, 'running', doc.message);
    this.launch(userDid, kind, grant);
    return viewOf(doc);
  }

  /**
   * Ends the user's running job as `failed` with `reason`. The record changes first: a process that
   * runs the job elsewhere loses its lease at its next heartbeat (a third of the lease) and stops;
   * here it is stopped at once, and this returns once it has.
   */
  async cancel(userDid: string, reason: string): Promise<void> {
    await this.jobs.updateOne(
      { _id: userDid, result: 'running' },
      {
        $set: {
          result: 'failed',
          message: reason,
          finishedAt: this.now(),
          owner: null,
          leaseUntil: 0,
          credential: null,
        },
      },
    );
    const job = this.running.get(userDid);
    if (!job) return;
    job.controller.abort(new Error(reason));
    await job.done;
  }

  /** Starts the heartbeat and takes over jobs left running by a stopped process. */
  startTimers(): void {
    if (this.timer) return;
    const every = Math.max(1000, Math.floor(this.o.settings.leaseMs / 3));
    this.timer = setInterval(() => {
      void this.heartbeat().catch((error: unknown) =>
        this.o.log.error({ err: error }, 'backup jobs: heartbeat failed'),
      );
      void this.takeOver(false).catch((error: unknown) =>
        this.o.log.error({ err: error }, 'backup jobs: take-over failed'),
      );
    }, every);
    this.timer.unref();
    void this.takeOver(this.o.exclusiveStore).catch((error: unknown) =>
      this.o.log.error({ err: error }, 'backup jobs: resume failed'),
    );
  }

  private async heartbeat(): Promise<void> {
    for (const userDid of this.running.keys()) {
      const renewed = await this.jobs.findOneAndUpdate(
        { _id: userDid, owner: this.owner, result: 'running' },
        { $set: { leaseUntil: this.o.clock() + this.o.settings.leaseMs } },
      );
      if (!renewed) {
        this.o.log.warn({ userDid }, 'backup jobs: lost the lease of a job; stopping it here');
        this.running.get(userDid)?.controller.abort(new Error('lease lost'));
      }
    }
  }

  /** Runs again the jobs whose owner is gone. `all`: also those whose lease has not expired yet. */
  async takeOver(all: boolean): Promise<number> {
    if (this.closed) return 0;
    let taken = 0;
    const filter = all ? { result: 'running' } : { result: 'running', leaseUntil: { $lt: this.o.clock() } };
    for (const doc of await this.jobs.find(filter)) {
      const userDid = String(doc._id);
      if (this.running.has(userDid)) continue;
      const mine = await this.jobs.findOneAndUpdate(
        { _id: userDid, result: 'running', owner: doc.owner ?? null, leaseUntil: doc.leaseUntil },
        {
          $set: {
            owner: this.owner,
            leaseUntil: this.o.clock() + this.o.settings.leaseMs,
            message: 'resuming after a restart',
          },
        },
      );
      if (!mine) continue;
      const kind: JobKind = doc.kind === 'restore' ? 'restore' : 'backup';
      let grant: BackupGrant;
      try {
        grant = await this.o.grantOf(userDid, typeof doc.credential === 'string' ? doc.credential : '');
      } catch (error) {
        await this.finish(userDid, kind, 'failed', `${kind} could not resume: ${messageOf(error)}`);
        continue;
      }
      this.o.log.info({ userDid, kind }, 'backup jobs: resuming a job');
      this.launch(userDid, kind, grant);
      taken++;
    }
    return taken;
  }

  private launch(userDid: string, kind: JobKind, grant: BackupGrant): void {
    const controller = new AbortController();
    const done = this.execute(userDid, kind, grant, controller.signal)
      .catch((error: unknown) => this.o.log.error({ err: error, userDid }, 'backup jobs: a job crashed'))
      .finally(() => this.running.delete(userDid));
    this.running.set(userDid, { controller, done });
  }

  private async execute(
    userDid: string,
    kind: JobKind,
    grant: BackupGrant,
    signal: AbortSignal,
  ): Promise<void> {
    const progress = emptyProgress();
    let message = 'starting';
    let lastSave = 0;
    let dirty = false;
    // Saves go one after the other, so an older snapshot never lands after a newer one (or after
    // the final record).
    let saving: Promise<void> = Promise.resolve();
    const save = (force = false): Promise<void> => {
      if (!dirty && !force) return saving;
      const now = Date.now();
      if (!force && now - lastSave < SAVE_EVERY_MS) return saving;
      lastSave = now;
      dirty = false;
      const snapshot = { progress: { ...progress }, message };
      saving = saving.then(() =>
        this.jobs.updateOne({ _id: userDid, owner: this.owner }, { $set: snapshot }).then(
          () => undefined,
          () => undefined,
        ),
      );
      return saving;
    };
    const sink: ProgressSink = {
      set: (values) => {
        Object.assign(progress, values);
        dirty = true;
        void save();
      },
      add: (values) => {
        for (const [k, v] of Object.entries(values) as [keyof JobProgress, number][]) progress[k] += v;
        dirty = true;
        void save();
      },
      note: (text) => {
        message = text;
        dirty = true;
        void save(true);
      },
    };
    let remote: { client: BackupNodeClient; attempt: string } | undefined;
    const control: RunControl = {
      signal,
      progress: sink,
      onAttempt: (client, attempt) => (remote = { client, attempt }),
    };
    let failingSince: number | null = null;
    // Bytes moved by earlier attempts of this job (each attempt starts its figures at 0).
    let movedBefore = 0;
    for (let attempt = 1; ; attempt++) {
      try {
        movedBefore += progress.network_bytes;
        Object.assign(progress, { ...emptyProgress(), network_bytes: 0 });
        const result = await this.o.run(kind, userDid, grant, control);
        await save(true);
        await this.finish(userDid, kind, 'success', result);
        this.o.onJobEnded?.(kind, 'success', movedBefore + progress.network_bytes);
        return;
      } catch (error) {
        if (signal.aborted) {
          // Stopping (node shutdown, lease lost): the job stays `running` and is resumed later.
          await save(true);
          return;
        }
        // The retry window counts from the last run that moved something.
        if (failingSince === null || progress.items_done + progress.bytes_done > 0)
          failingSince = this.o.clock();
        const transient = isTransient(error);
        if (transient && this.o.clock() - failingSince < this.o.settings.retryWindowMs) {
          const delay = Math.min(30_000, 1000 * 2 ** Math.min(attempt - 1, 5));
          message = `retrying in ${Math.round(delay / 1000)} s: ${messageOf(error)}`;
          this.o.log.warn({ userDid, kind, attempt, err: error }, 'backup jobs: transient failure, retrying');
          await save(true);
          const aborted = await sleep(delay, signal);
          if (aborted) return;
          continue;
        }
        this.o.log.warn({ userDid, kind, err: error }, 'backup jobs: the job failed');
        if (remote && kind === 'backup') {
          const { client, attempt: id } = remote;
          await client
            .json(
              'DELETE',
              `/api/v2/vault-backup-service/pending?attempt_id=${encodeURIComponent(id)}`,
              z.unknown(),
            )
            .catch(() => undefined);
        }
        await save(true);
        await this.finish(userDid, kind, 'failed', `${kind} failed: ${messageOf(error)}`);
        this.o.onJobEnded?.(kind, 'failed', movedBefore + progress.network_bytes);
        return;
      }
    }
  }

  private async finish(
    userDid: string,
    kind: JobKind,
    result: 'success' | 'failed',
    message: string,
  ): Promise<void> {
    const now = this.now();
    await this.jobs.updateOne(
      { _id: userDid, owner: this.owner },
      {
        $set: {
          result,
          message,
          finishedAt: now,
          owner: null,
          leaseUntil: 0,
          credential: null,
          ...(result === 'success' && kind === 'backup' ? { lastBackupAt: now } : {}),
        },
      },
    );
    await this.told(userDid, kind, result, message);
  }

  /** Tells `onState` (a failure to is logged: the job itself goes on). */
  private async told(userDid: string, kind: JobKind, result: JobResult, message: string): Promise<void> {
    await this.o
      .onState?.(userDid, kind, result, message)
      .catch((error: unknown) =>
        this.o.log.warn({ err: error, userDid }, 'backup jobs: could not append the backup.state event'),
      );
  }

  /** Stops running jobs (they stay `running` and resume at the next start) and the timers. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    const stopping = [...this.running.entries()];
    for (const [, job] of stopping) job.controller.abort(new Error('the node is shutting down'));
    await Promise.all(stopping.map(([, job]) => job.done));
    for (const [userDid] of stopping) {
      await this.jobs
        .updateOne({ _id: userDid, owner: this.owner, result: 'running' }, { $set: { leaseUntil: 0 } })
        .catch(() => undefined);
    }
  }
}

function inProgress(kind: JobKind): CellaError {
  return new CellaError(
    'BACKUP_IN_PROGRESS',
    `a ${kind} of this vault is running: wait for it to finish (see GET /api/v2/vault/backup/state)`,
  );
}

function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(true);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(false);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(true);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
