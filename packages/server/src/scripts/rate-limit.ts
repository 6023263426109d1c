/**
 * Rate limit of anonymous script runs, per client IP: at most `perMinute` runs in each fixed
 * one-minute window, counted in the node database (`script_rate_limits`) with an atomic upsert, so
 * every node process sharing the DocumentStore shares the budget. Fixed windows allow a burst of up
 * to twice the rate across a window boundary; that is accepted for its one-write cost.
 *
 * Only anonymous runs are limited here: signed-in callers are identified and accountable.
 */
import type { Collection, Database } from '@cella/document-store';
import { CellaError } from '../errors.js';

const WINDOW_MS = 60_000;

export class AnonymousRateLimiter {
  private readonly counters: Collection;
  private lastSweep = 0;

  constructor(
    nodeDb: Database,
    private readonly perMinute: number,
    private readonly clock: () => number,
  ) {
    this.counters = nodeDb.collection('script_rate_limits');
  }

  /** Counts one run from `ip`; throws RATE_LIMITED (429) past the budget of the current window. */
  async take(ip: string): Promise<void> {
    const now = this.clock();
    const window = Math.floor(now / WINDOW_MS);
    const doc = await this.counters.findOneAndUpdate(
      { _id: `${window}|${ip}` },
      { $inc: { count: 1 }, $setOnInsert: { expiresAt: (window + 1) * WINDOW_MS } },
      { upsert: true },
    );
    if (now - this.lastSweep > WINDOW_MS) {
      this.lastSweep = now;
      await this.counters.deleteMany({ expiresAt: { $lte: now } });
    }
    if (Number(doc?.count ?? 1) > this.perMinute) {
      const retryAfter = Math.max(1, Math.ceil(((window + 1) * WINDOW_MS - now) / 1000));
      throw new CellaError(
        'RATE_LIMITED',
        `too many anonymous script runs from this address; retry in ${retryAfter} s`,
        { retryAfterSeconds: retryAfter },
      );
    }
  }
}
