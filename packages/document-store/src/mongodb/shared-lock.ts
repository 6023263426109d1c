/**
 * Write locks shared by every process that uses one server in emulation mode (emulation.ts).
 *
 * Emulation mode computes an update in the node process and writes the result back by `_id`, so
 * two processes updating one document must not interleave. FerretDB v1 offers no atomic
 * read-modify-write: measured (`test/ferretdb-atomicity.test.ts`), eight concurrent
 * `updateOne({_id, v: 0}, {$set: {v: …}})` report eight modified documents in 20 rounds out of 20,
 * because its update reads the matching documents and then writes them by `_id` unconditionally
 * (`internal/handler/common/update.go`). What it does execute atomically is an insert whose `_id`
 * exists (its SQLite backend's unique index on `_id` refuses it): in the same measurement exactly
 * one of eight concurrent inserts of one `_id` succeeded, every round. The lock is built on that.
 *
 * One lock per (database, collection), as a chain of generation documents in the database
 * `<prefix>cella-locks` (hidden from `listDatabases`: not a port name), collection = the locked
 * database's name: `{_id: "<collection>#<g>", c, g, owner, until, free}`. Whoever inserts
 * generation g+1 holds the lock; that insert is only tried when generation g is free (released) or
 * its lease ran out, and only one insert of an `_id` can succeed. Ids are never reused (a process
 * never acts on what it read of a lock more than three seconds ago, and old generations are
 * deleted only fifteen seconds after they were freed). The newest generation is found by sorting on `g` (rarely: each
 * process remembers the last generation it saw of each lock).
 *
 * A holder renews its lease while it holds the lock, so a long write keeps it; a process that dies
 * (SIGKILL) holding it blocks that collection for at most `leaseMs`, then another process takes it
 * over. A holder whose renewal failed until its lease was nearly over stops before writing
 * (`assertHeld`). This is a lease, so its safety assumes the processes' clocks agree to well
 * within the lease and no process stalls longer than the lease between `assertHeld` and its
 * write; FerretDB is a test stand-in, and MongoDB itself needs none of this.
 */
import { randomUUID } from 'node:crypto';
import type { Collection as DriverCollection, MongoClient } from 'mongodb';
import { MongoServerError } from 'mongodb';

export const LOCKS_DATABASE = 'cella-locks';

export interface SharedLockOptions {
  /** How long a lock stays held without renewal (a dead holder's lock is taken over after it). */
  leaseMs: number;
  /** How long a write waits for a lock before it fails. */
  waitMs: number;
}

export const DEFAULT_SHARED_LOCK_OPTIONS: SharedLockOptions = { leaseMs: 10_000, waitMs: 60_000 };

interface LockDoc {
  _id: string;
  c: string;
  g: number;
  owner: string;
  until: number;
  free: boolean;
  at: number;
}

/** What the holder of a lock can ask. */
export interface HeldLock {
  /** Throws when the lease may have run out (another process may have taken the lock over). */
  assertHeld(): void;
}

const HINT_MS = 3000;
/** Hints kept at most (one per lock this process used lately); beyond it they are forgotten. */
const MAX_HINTS = 10_000;
const CLEAN_EVERY = 32;
const CLEAN_AFTER_MS = 15_000;

/** Callers served per taking of a lock, and the pause before taking it again for the rest. */
const BATCH = 16;
const YIELD_MS = 3;

interface Job {
  run: (lock: HeldLock) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

interface Queue {
  jobs: Job[];
  draining: boolean;
}

interface Known {
  doc: LockDoc | null;
  /** When it was read (Date.now()). */
  seen: number;
}

const isDuplicate = (err: unknown): boolean =>
  err instanceof MongoServerError && (err.code === 11000 || err.code === 11001);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class LockWaitTimeout extends Error {
  override name = 'LockWaitTimeout';
}

export class SharedLocks {
  private readonly owner = randomUUID();
  /** Per lock: the newest generation this process saw, and when (a hint, re-checked by the insert). */
  private readonly hints = new Map<string, Known>();
  /** Per lock: this process's callers waiting for it, in order. */
  private readonly queues = new Map<string, Queue>();

  constructor(
    private readonly client: MongoClient,
    private readonly locksDatabase: string,
    private readonly options: SharedLockOptions = DEFAULT_SHARED_LOCK_OPTIONS,
  ) {}

  private docs(database: string): DriverCollection<LockDoc> {
    return this.client.db(this.locksDatabase).collection<LockDoc>(database);
  }

  /**
   * Runs `fn` holding the lock of `database`.`collection` across every process on this server.
   * The callers of this process queue in order; one taking of the shared lock serves up to
   * `BATCH` of them back to back (a handful of round trips fewer each), then the lock is freed
   * and, when more callers wait, taken again after a short pause that lets a waiting process in.
   */
  hold<T>(database: string, collection: string, fn: (lock: HeldLock) => Promise<T>): Promise<T> {
    const key = `${database}\u0000${collection}`;
    let queue = this.queues.get(key);
    if (!queue) this.queues.set(key, (queue = { jobs: [], draining: false }));
    const job = new Promise<T>((resolve, reject) =>
      queue.jobs.push({
        run: fn,
        resolve: resolve as (v: unknown) => void,
        reject,
      }),
    );
    if (!queue.draining) void this.drain(database, collection, key, queue);
    return job;
  }

  private async drain(database: string, collection: string, key: string, queue: Queue): Promise<void> {
    queue.draining = true;
    const docs = this.docs(database);
    try {
      while (queue.jobs.length > 0) {
        let mine: LockDoc;
        try {
          mine = await this.acquire(docs, key, collection);
        } catch (error) {
          // Every caller waiting now gets the failure (a timeout or the server unreachable).
          for (const job of queue.jobs.splice(0)) job.reject(error);
          break;
        }
        let until = mine.until;
        let renewing: Promise<unknown> = Promise.resolve();
        const timer = setInterval(
          () => {
            const next = Date.now() + this.options.leaseMs;
            renewing = docs.updateOne({ _id: mine._id, owner: this.owner }, { $set: { until: next } }).then(
              () => (until = next),
              () => undefined,
            );
          },
          Math.max(50, Math.floor(this.options.leaseMs / 4)),
        );
        timer.unref();
        const lock: HeldLock = {
          assertHeld: () => {
            // Keep a margin of a fifth of the lease for the write that follows.
            if (Date.now() > until - this.options.leaseMs / 5)
              throw new Error(
                `the write lock of ${database}.${collection} could not be renewed in time; nothing was written`,
              );
          },
        };
        const taken = Date.now();
        try {
          for (let served = 0; served < BATCH && queue.jobs.length > 0; served++) {
            if (served > 0 && Date.now() - taken > this.options.leaseMs / 2) break;
            const job = queue.jobs.shift()!;
            try {
              job.resolve(await job.run(lock));
            } catch (error) {
              job.reject(error);
            }
          }
        } finally {
          clearInterval(timer);
          await renewing;
          await this.release(docs, key, mine);
        }
        if (queue.jobs.length > 0) await sleep(YIELD_MS);
      }
    } finally {
      queue.draining = false;
      if (queue.jobs.length > 0) void this.drain(database, collection, key, queue);
      else if (this.queues.get(key) === queue) this.queues.delete(key);
    }
  }

  private async acquire(docs: DriverCollection<LockDoc>, key: string, collection: string): Promise<LockDoc> {
    const deadline = Date.now() + this.options.waitMs;
    // The newest generation known, and when it was read: a read older than HINT_MS is read again
    // before acting on it (old generations are deleted only CLEAN_AFTER_MS after they were freed).
    let known = this.hints.get(key);
    let pause = 1;
    for (;;) {
      if (!known || Date.now() - known.seen > HINT_MS) known = await this.newest(docs, collection);
      const latest = known.doc;
      const now = Date.now();
      if (latest === null || latest.free || latest.until < now) {
        const g = (latest?.g ?? 0) + 1;
        const doc: LockDoc = {
          _id: `${collection}#${g}`,
          c: collection,
          g,
          owner: this.owner,
          until: now + this.options.leaseMs,
          free: false,
          at: now,
        };
        try {
          await docs.insertOne(doc);
          if (g % CLEAN_EVERY === 0) void this.clean(docs, collection, g);
          return doc;
        } catch (err) {
          if (!isDuplicate(err)) throw err;
          // Someone else took generation g: look at it (it may be gone already: then ask again).
          known = await this.read(docs, doc._id);
          continue;
        }
      }
      if (Date.now() > deadline)
        throw new LockWaitTimeout(`timed out waiting for the write lock of ${collection}`);
      await sleep(pause);
      pause = Math.min(pause * 2, 4);
      // Held: watch that generation (its holder frees it, or its lease runs out).
      known = await this.read(docs, latest._id);
    }
  }

  private async read(docs: DriverCollection<LockDoc>, id: string): Promise<Known | undefined> {
    const seen = Date.now();
    const doc = await docs.findOne({ _id: id });
    return doc ? { doc, seen } : undefined;
  }

  /** The newest generation on the server (null when the lock was never taken). */
  private async newest(docs: DriverCollection<LockDoc>, collection: string): Promise<Known> {
    const seen = Date.now();
    const [doc] = await docs.find({ c: collection }).sort({ g: -1 }).limit(1).toArray();
    return { doc: doc ?? null, seen };
  }

  private async release(docs: DriverCollection<LockDoc>, key: string, mine: LockDoc): Promise<void> {
    const freed: LockDoc = { ...mine, free: true, until: 0, at: Date.now() };
    try {
      await docs.updateOne(
        { _id: mine._id, owner: this.owner },
        { $set: { free: true, until: 0, at: freed.at } },
      );
      if (this.hints.size >= MAX_HINTS) this.hints.clear();
      this.hints.set(key, { doc: freed, seen: freed.at });
    } catch {
      // The lease runs out and another process takes the lock over.
      this.hints.delete(key);
    }
  }

  /** Deletes generations older than the previous one that were freed more than a minute ago. */
  private async clean(docs: DriverCollection<LockDoc>, collection: string, g: number): Promise<void> {
    await docs
      .deleteMany({ c: collection, g: { $lt: g - 1 }, at: { $lt: Date.now() - CLEAN_AFTER_MS } })
      .catch(() => undefined);
  }
}
