/**
 * Rate limits shared by every node process on one DocumentStore (several processes behind a
 * balancer on one MongoDB): per key, one counter per one-minute window in the node database
 * (`rate_limits`, `{_id: "<bucket>|<window>|<key>", count, expiresAt}`), from which each process
 * claims tokens in chunks.
 *
 * A process claims `chunk` tokens for a key with one atomic `$inc` upsert: the counter then says how
 * many the key's processes have claimed this window, and the claim gets what was left of the
 * budget, up to the chunk. So the processes together never admit more than the budget in a window.
 * The first request of a key in a window waits for its claim; after that the next chunk is claimed
 * in the background when a quarter of the one held is left, so a steady key's requests take their
 * token from memory and never wait for the store. What a process claimed and did not use by the
 * window's end is lost (at most a chunk and a quarter per process and key): a key spread over N
 * processes may be admitted up to N × 1.25 × chunk fewer times than its budget. The chunk is a
 * fiftieth of the budget (1 below 50: exact, no claim ahead), so a busy key costs one store write
 * per chunk of requests in each process instead of one per request; measured in
 * `bench/rate-limits.ts`. A key found spent is refused from memory until its window ends.
 *
 * Fixed windows (unlike the in-memory token buckets, token-buckets.ts): a key may spend its budget
 * at the end of one window and again at the start of the next, twice the rate across a boundary at
 * most; that is accepted for the few writes it costs.
 *
 * If the store does not answer a claim, the process admits the key's next chunk of requests on its
 * own (as per-process limits would) and says so in the log once per window: a limiter must not turn
 * a store outage into refusals of requests, health checks included, that do not need the store.
 */
import type { Collection, Database } from '@cella/document-store';
import type { RateLimiter } from '../context.js';
import { CellaError } from '../errors.js';
import type { RequestLog } from '../logger.js';

const WINDOW_MS = 60_000;
/** The chunk a process claims is the budget over this (at least 1). */
const CHUNK_DIVISOR = 50;

export const RATE_LIMITS_COLLECTION = 'rate_limits';

export interface SharedWindowOptions {
  /** The bucket's name: part of each counter's id. */
  bucket: string;
  /** Requests per minute per key; 0 = no limit. */
  perMinute: number;
  /** What the 429 says is limited, e.g. "requests of this user". */
  what: string;
  /** Tokens claimed at once (default: a fiftieth of the budget, at least 1). */
  chunk?: number;
  clock?: () => number;
  /** Keys held in memory per window, at most; past it the oldest are forgotten (tokens lost). */
  maxKeys?: number;
  log?: Pick<RequestLog, 'warn'>;
}

interface Allotment {
  /** Tokens claimed and not used yet. */
  left: number;
  /** The window's budget is gone across all processes: refuse without asking the store. */
  spent: boolean;
  /** A claim in flight, which concurrent requests of the key wait for. */
  claiming: Promise<void> | undefined;
}

export class SharedWindows implements RateLimiter {
  private readonly counters: Collection;
  private readonly chunk: number;
  /** Tokens left when the next chunk is claimed ahead (0: never, with chunks of 1). */
  private readonly ahead: number;
  private readonly clock: () => number;
  private readonly maxKeys: number;
  private window = -1;
  private allotments = new Map<string, Allotment>();
  private warned = false;

  constructor(
    nodeDb: Database,
    private readonly options: SharedWindowOptions,
  ) {
    this.counters = nodeDb.collection(RATE_LIMITS_COLLECTION);
    this.chunk = Math.max(1, options.chunk ?? Math.floor(options.perMinute / CHUNK_DIVISOR));
    this.ahead = this.chunk > 1 ? Math.ceil(this.chunk / 4) : 0;
    this.clock = options.clock ?? Date.now;
    this.maxKeys = options.maxKeys ?? 100_000;
  }

  /** Takes one token of `key`; synchronous while the process holds some, else one claim. */
  take(key: string): void | Promise<void> {
    if (this.options.perMinute === 0) return;
    const allotment = this.allotmentOf(key);
    if (allotment.left > 0) {
      allotment.left--;
      if (allotment.left < this.ahead && !allotment.spent) this.claimAhead(key, allotment);
      return;
    }
    if (allotment.spent) throw this.refusal();
    return this.claimThenTake(key, allotment);
  }

  /** Keys held in memory now (tests). */
  get size(): number {
    return this.allotments.size;
  }

  private allotmentOf(key: string): Allotment {
    const window = Math.floor(this.clock() / WINDOW_MS);
    if (window !== this.window) this.newWindow(window);
    let allotment = this.allotments.get(key);
    if (!allotment) {
      if (this.allotments.size >= this.maxKeys) {
        // Forget the oldest tenth (insertion order): their unused tokens are lost, never granted twice.
        let excess = Math.ceil(this.maxKeys / 10);
        for (const old of this.allotments.keys()) {
          if (excess-- <= 0) break;
          this.allotments.delete(old);
        }
      }
      allotment = { left: 0, spent: false, claiming: undefined };
      this.allotments.set(key, allotment);
    }
    return allotment;
  }

  private async claimThenTake(key: string, allotment: Allotment): Promise<void> {
    const window = this.window;
    for (;;) {
      allotment.claiming ??= this.claim(key, allotment, window).finally(
        () => (allotment.claiming = undefined),
      );
      await allotment.claiming;
      // The window turned while waiting: start over in the new one.
      if (this.window !== window) return this.take(key);
      if (allotment.left > 0) {
        allotment.left--;
        return;
      }
      if (allotment.spent) throw this.refusal();
      // Others waiting on the same claim took its tokens: claim again.
    }
  }

  /** Claims the key's next chunk in the background (nothing waits for it; a failure is a claim's). */
  private claimAhead(key: string, allotment: Allotment): void {
    allotment.claiming ??= this.claim(key, allotment, this.window).finally(
      () => (allotment.claiming = undefined),
    );
  }

  private async claim(key: string, allotment: Allotment, window: number): Promise<void> {
    let after: number;
    try {
      const counter = await this.counters.findOneAndUpdate(
        { _id: `${this.options.bucket}|${window}|${key}` },
        { $inc: { count: this.chunk }, $setOnInsert: { expiresAt: (window + 1) * WINDOW_MS } },
        { upsert: true },
      );
      after = Number(counter?.count ?? this.chunk);
    } catch (error) {
      if (!this.warned) {
        this.warned = true;
        this.options.log?.warn(
          { bucket: this.options.bucket, err: error },
          'rate limits: the store did not answer a claim; this process counts on its own until it does',
        );
      }
      allotment.left += this.chunk;
      return;
    }
    const granted = Math.max(0, Math.min(this.chunk, this.options.perMinute - (after - this.chunk)));
    allotment.left += granted;
    if (granted < this.chunk) allotment.spent = true;
  }

  private newWindow(window: number): void {
    this.window = window;
    this.allotments = new Map();
    this.warned = false;
    // Counters of past windows: each process deletes them once per window (idempotent).
    const now = this.clock();
    void this.counters.deleteMany({ expiresAt: { $lte: now } }).catch(() => undefined);
  }

  private refusal(): CellaError {
    const now = this.clock();
    const retryAfter = Math.max(1, Math.ceil(((this.window + 1) * WINDOW_MS - now) / 1000));
    return new CellaError(
      'RATE_LIMITED',
      `too many ${this.options.what} (at most ${this.options.perMinute} per minute); retry in ${retryAfter} s`,
      { retryAfterSeconds: retryAfter },
    );
  }
}
