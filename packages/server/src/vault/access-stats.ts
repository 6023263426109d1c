/**
 * Access statistics (the reference's `access_count`, `access_amount`, `access_last_time`, per
 * vault and per application, and the applications that used a vault): counted off the request
 * path. A request adds to an in-memory tally of its (user, application); the tally is written
 * every `flushMs` (default 5 s) as one `$inc`/`$max` upsert per key into the node database
 * (`access_stats`, `_id` = user and application), so several node processes sharing the store add
 * up, and a request never waits for a write. Reads add this process's unwritten tally to what is
 * stored (another process's tally shows once it flushed). A crash loses at most one interval.
 *
 * A request without an application (Cella's own SDK, a user's own presentation) counts for the
 * vault with no application entry.
 */
import type { Collection, Database } from '@cella/document-store';
import type { Logger } from '../logger.js';

export interface AccessFigures {
  /** The application DID; null: requests without one. */
  app: string | null;
  count: number;
  /** Bytes in + out. */
  amount: number;
  /** Epoch seconds of the latest request; -1 = never. */
  last: number;
}

interface Tally {
  userDid: string;
  app: string | null;
  count: number;
  amount: number;
  last: number;
}

const DEFAULT_FLUSH_MS = 5000;
/** A process keeps at most this many unwritten keys; past it, it writes at once. */
const MAX_PENDING_KEYS = 10_000;

const keyOf = (userDid: string, app: string | null) => `${userDid}\n${app ?? ''}`;

export class AccessStats {
  private readonly stats: Collection;
  private pending = new Map<string, Tally>();
  /** The batch being written (still counted by reads until written). */
  private inFlight = new Map<string, Tally>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;

  constructor(
    nodeDb: Database,
    private readonly clock: () => number,
    private readonly log: Logger,
    private readonly flushMs = DEFAULT_FLUSH_MS,
  ) {
    this.stats = nodeDb.collection('access_stats');
  }

  /** Counts one request of `userDid` through `app` (as it starts: the request sees itself counted). */
  record(userDid: string, app: string | null): void {
    const tally = this.tally(userDid, app);
    tally.count += 1;
    tally.last = Math.max(tally.last, Math.floor(this.clock() / 1000));
  }

  /** Adds the bytes a request of `userDid` through `app` moved (in + out), once it is answered. */
  addBytes(userDid: string, app: string | null, bytes: number): void {
    if (bytes > 0) this.tally(userDid, app).amount += Math.floor(bytes);
  }

  private tally(userDid: string, app: string | null): Tally {
    const key = keyOf(userDid, app);
    let tally = this.pending.get(key);
    if (!tally) {
      tally = { userDid, app, count: 0, amount: 0, last: -1 };
      this.pending.set(key, tally);
      if (this.pending.size >= MAX_PENDING_KEYS) void this.flush();
    }
    return tally;
  }

  /** Writes the tally (one upsert per key); what fails to write is kept for the next time. */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    const batch = this.pending;
    if (batch.size === 0) return Promise.resolve();
    this.pending = new Map();
    this.inFlight = batch;
    this.flushing = (async () => {
      for (const [key, t] of batch) {
        try {
          await this.stats.updateOne(
            { _id: key },
            {
              $inc: { count: t.count, amount: t.amount },
              $max: { last: t.last },
              $setOnInsert: { user: t.userDid, app: t.app },
            },
            { upsert: true },
          );
          batch.delete(key);
        } catch (error) {
          batch.delete(key);
          this.log.warn({ err: error }, 'access statistics: a write failed; retried with the next flush');
          const again = this.pending.get(key);
          this.pending.set(
            key,
            again
              ? {
                  ...again,
                  count: again.count + t.count,
                  amount: again.amount + t.amount,
                  last: Math.max(again.last, t.last),
                }
              : t,
          );
        }
      }
    })().finally(() => {
      this.inFlight = new Map();
      this.flushing = undefined;
    });
    return this.flushing;
  }

  /** Every (application) entry of a user: stored figures plus this process's unwritten tally. */
  async forUser(userDid: string): Promise<AccessFigures[]> {
    const byApp = new Map<string, AccessFigures>();
    for (const doc of await this.stats.find({ user: userDid })) {
      const app = typeof doc.app === 'string' ? doc.app : null;
      byApp.set(app ?? '', {
        app,
        count: Number(doc.count ?? 0),
        amount: Number(doc.amount ?? 0),
        last: Number(doc.last ?? -1),
      });
    }
    for (const t of [...this.inFlight.values(), ...this.pending.values()]) {
      if (t.userDid !== userDid) continue;
      const stored = byApp.get(t.app ?? '') ?? { app: t.app, count: 0, amount: 0, last: -1 };
      byApp.set(t.app ?? '', {
        app: t.app,
        count: stored.count + t.count,
        amount: stored.amount + t.amount,
        last: Math.max(stored.last, t.last),
      });
    }
    return [...byApp.values()];
  }

  /** The latest request of any user (epoch seconds; -1 = none yet). */
  async latest(): Promise<number> {
    const [doc] = await this.stats.find({}, { sort: { last: -1 }, limit: 1, projection: { last: 1 } });
    let last = doc ? Number(doc.last ?? -1) : -1;
    for (const t of [...this.inFlight.values(), ...this.pending.values()]) last = Math.max(last, t.last);
    return last;
  }

  /** Forgets a user's statistics (their vault was deleted). */
  async removeUser(userDid: string): Promise<void> {
    for (const [key, t] of this.pending) if (t.userDid === userDid) this.pending.delete(key);
    await this.stats.deleteMany({ user: userDid });
  }

  start(): void {
    if (this.flushMs <= 0 || this.timer) return;
    this.timer = setInterval(() => {
      void this.flush().catch((error: unknown) =>
        this.log.warn({ err: error }, 'access statistics: flush failed'),
      );
    }, this.flushMs);
    this.timer.unref();
  }

  /** Stops the timer and writes what is left. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush().catch(() => undefined);
  }
}

/** Totals over a user's entries (vault info): count, amount, latest, and the applications seen. */
export function totalsOf(entries: AccessFigures[]): {
  count: number;
  amount: number;
  last: number;
  apps: number;
} {
  return {
    count: entries.reduce((sum, e) => sum + e.count, 0),
    amount: entries.reduce((sum, e) => sum + e.amount, 0),
    last: entries.reduce((max, e) => Math.max(max, e.last), -1),
    apps: entries.filter((e) => e.app !== null).length,
  };
}
