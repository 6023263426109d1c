/**
 * The read pool of the SQLite engine: worker threads that run reads (reads.ts) on their own
 * read-only connections, so a scan, a count or a sort a caller asks for never holds the node's
 * thread (which does HTTP and the writes' group commit). SQLite in WAL mode lets them read while the
 * node's thread writes; each read sees the last committed state when it starts.
 *
 * - **Size.** `size` threads (default: the cores less one, at least one), started on first need,
 *   each running one read at a time. A thread beyond `size` (up to twice as many) is started only
 *   for a database that has no read running while every thread is taken, so one vault whose reads
 *   fill the pool does not keep another's first read waiting; such a thread stops after 10 s idle.
 * - **Fairness.** Reads wait in one queue per database (one database per vault) and are taken in
 *   turn from each queue (round robin); a database never has more than `size` reads running.
 * - **Time.** Every read has a bound (deadline.ts): the worker stops reading past it and answers
 *   StoreError 'TIMEOUT'; a read still queued at its bound fails with 'TIMEOUT' without running. A
 *   worker that does not answer 5 s past the bound (a long step neither check reaches) is retired:
 *   the read fails with 'TIMEOUT', a replacement takes the worker's place, and the retired thread is
 *   stopped once it comes back from that step. It is never stopped in the middle of a read:
 *   `Worker.terminate()` while better-sqlite3 is in a call (iterating rows, or in the deadline's SQL
 *   function) aborts the whole process ("FATAL ERROR: v8::FromJust Maybe value is Nothing";
 *   WiseLibs/better-sqlite3#1507), which would trade one slow read for every user's requests.
 * - **Crashes.** A worker that dies (an error, out of memory, terminated) fails only the read it was
 *   running; the pool starts a replacement and the other reads go on. A cursor holds no state in a
 *   worker (each batch is a read of its own), so a crash fails no cursor but the one whose batch
 *   was being read.
 * - Threads are unreferenced while idle, so an idle pool keeps no process alive.
 */
import type { Worker } from 'node:worker_threads';
import type { StoreLimits } from '../query-guard.js';
import { timeoutError } from './deadline.js';
import { decodeError, encodeRequest, untagObjectIds } from './read-protocol.js';
import type { FromWorker, ToWorker } from './read-protocol.js';
import type { ReadWorkerData } from './read-worker.js';
import type { ReadAnswer, ReadRequest } from './reads.js';
import { startWorker } from './worker-start.js';

/** How long past its bound a read may go before its worker is stopped. */
const GRACE_MS = 5000;
/** How long a thread beyond `size` stays idle before it stops. */
const EXTRA_IDLE_MS = 10_000;

export interface ReadPoolOptions {
  /** Threads kept (started on first need); up to twice as many for databases left waiting. */
  size: number;
  limits: StoreLimits;
  busyTimeoutMs: number;
  /** Database files each worker keeps open at most. */
  maxOpenFiles: number;
  /** How long past its bound a read may go before its worker is retired (default 5 s; tests). */
  graceMs?: number;
}

export interface ReadPoolStats {
  threads: number;
  /** Threads running a read. */
  busy: number;
  /** Reads waiting for a thread. */
  queued: number;
  /** Workers that died or were stopped and replaced, since the pool began. */
  replaced: number;
}

interface Job {
  id: number;
  key: string;
  message: Extract<ToWorker, { kind: 'read' }>;
  /** `performance.now()` at which the read's bound runs out. */
  deadline: number;
  /** The read's whole bound (for the message). */
  budgetMs: number;
  timer: NodeJS.Timeout | null;
  thread: Thread | null;
  resolve: (answer: unknown) => void;
  reject: (error: unknown) => void;
}

interface Thread {
  worker: Worker;
  extra: boolean;
  job: Job | null;
  /** Out of the pool: it died, or was retired (then it is stopped once it answers). */
  gone: boolean;
  idleTimer: NodeJS.Timeout | null;
}

export class ReadPool {
  private readonly threads: Thread[] = [];
  /** Retired threads still in a long step (stopped when they answer, or on close). */
  private readonly retired = new Set<Thread>();
  private readonly queues = new Map<string, Job[]>();
  private readonly running = new Map<string, number>();
  private readonly workerData: ReadWorkerData;
  private nextId = 1;
  private replaced = 0;
  private closed = false;

  constructor(private readonly options: ReadPoolOptions) {
    this.workerData = {
      limits: options.limits,
      busyTimeoutMs: options.busyTimeoutMs,
      maxOpenFiles: options.maxOpenFiles,
    };
  }

  /**
   * Runs `request` on the database file `path` (its queue: `key`, the database's name) within
   * `budgetMs` (what is left of a bound of `boundMs`); resolves with its answer.
   */
  run<R extends ReadRequest>(
    key: string,
    path: string,
    request: R,
    budgetMs: number,
    boundMs = budgetMs,
  ): Promise<ReadAnswer<R>> {
    if (this.closed) return Promise.reject(new Error('DocumentStore is closed'));
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      const job: Job = {
        id,
        key,
        message: { kind: 'read', id, path, budgetMs, boundMs, request: encodeRequest(request) },
        deadline: performance.now() + budgetMs,
        budgetMs: boundMs,
        timer: null,
        thread: null,
        resolve: resolve as (answer: unknown) => void,
        reject,
      };
      job.timer = setTimeout(() => this.expired(job), budgetMs);
      let queue = this.queues.get(key);
      if (!queue) this.queues.set(key, (queue = []));
      queue.push(job);
      this.pump();
    });
  }

  /** Every worker closes its connection to `path` (the database was dropped). */
  forget(path: string): void {
    const message: ToWorker = { kind: 'forget', path };
    for (const thread of this.threads) thread.worker.postMessage(message);
  }

  /**
   * Whether a read of database `key` queued now would start no thread: a thread is idle, or the
   * pool is at its size and the database has a read running (the new one waits its turn: pump).
   * Otherwise it would start the pool's first thread, a thread towards its size, or one beyond it,
   * which a read that finds nothing to read need not cost (store.ts).
   */
  startsNoThread(key: string): boolean {
    if (this.threads.some((t) => !t.job)) return true;
    return (this.running.get(key) ?? 0) > 0 && this.threads.length >= this.options.size;
  }

  stats(): ReadPoolStats {
    let queued = 0;
    for (const queue of this.queues.values()) queued += queue.length;
    return {
      threads: this.threads.length,
      busy: this.threads.filter((t) => t.job).length,
      queued,
      replaced: this.replaced,
    };
  }

  /**
   * Stops the worker running a read of `key` as a crash would (tests); false when none runs.
   * Resolves once the worker has stopped.
   */
  async crashWorkerOf(key: string): Promise<boolean> {
    const thread = this.threads.find((t) => t.job?.key === key);
    if (!thread) return false;
    await thread.worker.terminate();
    return true;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const queue of this.queues.values())
      for (const job of queue) this.settle(job, new Error('DocumentStore is closed'));
    this.queues.clear();
    await Promise.all([...this.threads, ...this.retired].map((thread) => thread.worker.terminate()));
  }

  private pump(): void {
    if (this.closed) return;
    for (;;) {
      const idle = this.threads.find((t) => !t.job);
      const canGrow = this.threads.length < this.options.size;
      const canAddExtra = this.threads.length < this.options.size * 2;
      const job = this.take((key) => {
        const running = this.running.get(key) ?? 0;
        if (idle || canGrow) return running < this.options.size;
        return canAddExtra && running === 0;
      });
      if (!job) return;
      this.assign(idle ?? this.spawn(!canGrow), job);
    }
  }

  /** The next job of the first queue (in turn) whose database may run one now. */
  private take(eligible: (key: string) => boolean): Job | undefined {
    for (const [key, queue] of this.queues) {
      if (!eligible(key)) continue;
      const job = queue.shift() as Job;
      // Round robin: the queue served goes to the back of the line.
      this.queues.delete(key);
      if (queue.length > 0) this.queues.set(key, queue);
      return job;
    }
    return undefined;
  }

  private spawn(extra: boolean): Thread {
    const worker = startWorker('read-worker', this.workerData);
    const thread: Thread = { worker, extra, job: null, gone: false, idleTimer: null };
    worker.unref();
    worker.on('message', (message: FromWorker) => this.answered(thread, message));
    worker.on('error', (error) => this.lost(thread, error));
    worker.on('exit', (code) => this.lost(thread, new Error(`the worker exited with code ${code}`)));
    this.threads.push(thread);
    return thread;
  }

  private assign(thread: Thread, job: Job): void {
    if (thread.idleTimer) clearTimeout(thread.idleTimer);
    thread.idleTimer = null;
    thread.job = job;
    job.thread = thread;
    this.running.set(job.key, (this.running.get(job.key) ?? 0) + 1);
    // The bound left after waiting in the queue.
    job.message.budgetMs = Math.max(1, Math.ceil(job.deadline - performance.now()));
    thread.worker.ref();
    thread.worker.postMessage(job.message);
  }

  /** The thread is done with its job (answered, crashed or stopped). */
  private release(thread: Thread): Job | null {
    const job = thread.job;
    if (!job) return null;
    thread.job = null;
    job.thread = null;
    const running = (this.running.get(job.key) ?? 1) - 1;
    if (running > 0) this.running.set(job.key, running);
    else this.running.delete(job.key);
    if (!thread.gone) thread.worker.unref();
    return job;
  }

  private answered(thread: Thread, message: FromWorker): void {
    if (this.retired.delete(thread)) {
      // Back from the step it was retired in, and idle: stopping it now interrupts no call.
      void thread.worker.terminate();
      return;
    }
    if (thread.job?.id !== message.id) return;
    const job = this.release(thread) as Job;
    if ('error' in message) this.settle(job, decodeError(message.error));
    else {
      const answer = message.answer as { docs?: unknown };
      if (job.message.request.op === 'aggregate') answer.docs = untagObjectIds(answer.docs);
      this.settle(job, null, answer);
    }
    if (thread.extra && !this.closed) {
      thread.idleTimer = setTimeout(() => {
        if (!thread.job) void thread.worker.terminate();
      }, EXTRA_IDLE_MS);
      thread.idleTimer.unref();
    }
    this.pump();
  }

  /** A worker died or was stopped: its read fails, a replacement takes its place. */
  private lost(thread: Thread, error: Error): void {
    this.retired.delete(thread);
    if (thread.gone) return;
    thread.gone = true;
    if (thread.idleTimer) clearTimeout(thread.idleTimer);
    this.threads.splice(this.threads.indexOf(thread), 1);
    const job = this.release(thread);
    if (this.closed) {
      if (job) this.settle(job, new Error('DocumentStore is closed'));
      return;
    }
    if (job) this.settle(job, new Error(`a database read worker stopped during this read: ${error.message}`));
    // A planned stop of an idle extra thread is no loss.
    if (thread.extra && !job) return;
    this.replaced++;
    // The replacement starts now, as the lost worker had started before (it is kept ready).
    if (!thread.extra && this.threads.filter((t) => !t.extra).length < this.options.size) this.spawn(false);
    this.pump();
  }

  /** The read's bound ran out: a queued read fails now; a running one gets its grace. */
  private expired(job: Job): void {
    job.timer = null;
    if (!job.thread) {
      const queue = this.queues.get(job.key);
      const at = queue?.indexOf(job) ?? -1;
      if (queue && at >= 0) {
        queue.splice(at, 1);
        if (queue.length === 0) this.queues.delete(job.key);
        this.settle(job, timeoutError(job.budgetMs));
      }
      return;
    }
    job.timer = setTimeout(() => {
      job.timer = null;
      const thread = job.thread;
      if (!thread || thread.job !== job) return;
      // Past the bound and the grace: the read fails with TIMEOUT (not a crash) and the worker is
      // retired, not terminated mid-call (see the header).
      this.release(thread);
      this.settle(job, timeoutError(job.budgetMs));
      this.retire(thread);
    }, this.options.graceMs ?? GRACE_MS);
  }

  /** Takes a busy thread out of the pool and starts its replacement; it stops when it answers. */
  private retire(thread: Thread): void {
    thread.gone = true;
    if (thread.idleTimer) clearTimeout(thread.idleTimer);
    this.threads.splice(this.threads.indexOf(thread), 1);
    this.retired.add(thread);
    thread.worker.unref();
    this.replaced++;
    if (!thread.extra && this.threads.filter((t) => !t.extra).length < this.options.size) this.spawn(false);
    this.pump();
  }

  private settle(job: Job, error: unknown, answer?: unknown): void {
    if (job.timer) clearTimeout(job.timer);
    job.timer = null;
    if (error) job.reject(error);
    else job.resolve(answer);
  }
}
