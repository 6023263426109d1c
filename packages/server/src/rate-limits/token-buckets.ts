/**
 * The general rate limits: one token bucket per key (a caller DID or a client IP), in the memory
 * of this process. A bucket holds up to `perMinute` tokens and refills at `perMinute` per minute,
 * so a key may burst up to a minute's budget and then goes on at its rate. Counting costs a map
 * lookup and a few arithmetic operations, nothing that shows in a request's time.
 *
 * Per process: several node processes behind one balancer would each count their own share, a
 * key's budget being `perMinute` per process; such deployments count in the store instead
 * (shared-windows.ts, chosen by `rateLimitStore`: buckets.ts), as the anonymous script runs always do.
 *
 * Memory is bounded: full buckets (keys idle for a minute) are dropped by a sweep at most once a
 * minute, and at most `maxKeys` keys are kept; past that the oldest key is forgotten (its next
 * request starts with a full bucket).
 */
import type { RateLimiter } from '../context.js';
import { CellaError } from '../errors.js';

interface Bucket {
  tokens: number;
  /** Epoch ms of the last refill. */
  at: number;
}

export interface TokenBucketOptions {
  /** Requests per minute per key; 0 = no limit. */
  perMinute: number;
  /** What the 429 says is limited, e.g. "requests of this user". */
  what: string;
  clock?: () => number;
  maxKeys?: number;
}

const SWEEP_MS = 60_000;

export class TokenBuckets implements RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;
  private readonly capacity: number;
  private readonly clock: () => number;
  private readonly maxKeys: number;
  private lastSweep: number;

  constructor(private readonly options: TokenBucketOptions) {
    this.capacity = options.perMinute;
    this.perMs = options.perMinute / 60_000;
    this.clock = options.clock ?? Date.now;
    this.maxKeys = options.maxKeys ?? 100_000;
    this.lastSweep = this.clock();
  }

  /** Takes one token of `key`'s bucket; throws RATE_LIMITED (429, Retry-After) when it is empty. */
  take(key: string): void {
    if (this.capacity === 0) return;
    const now = this.clock();
    let bucket = this.buckets.get(key);
    if (bucket) {
      // A clock set back (tests) refills nothing rather than draining the bucket.
      bucket.tokens = Math.min(this.capacity, bucket.tokens + Math.max(0, now - bucket.at) * this.perMs);
      bucket.at = now;
    } else {
      if (now - this.lastSweep >= SWEEP_MS || this.buckets.size >= this.maxKeys) this.sweep(now);
      bucket = { tokens: this.capacity, at: now };
      this.buckets.set(key, bucket);
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return;
    }
    const retryAfter = Math.max(1, Math.ceil((1 - bucket.tokens) / this.perMs / 1000));
    throw new CellaError(
      'RATE_LIMITED',
      `too many ${this.options.what} (at most ${this.capacity} per minute); retry in ${retryAfter} s`,
      { retryAfterSeconds: retryAfter },
    );
  }

  /** Keys tracked now (tests). */
  get size(): number {
    return this.buckets.size;
  }

  private sweep(now: number): void {
    this.lastSweep = now;
    for (const [key, bucket] of this.buckets)
      if (bucket.tokens + (now - bucket.at) * this.perMs >= this.capacity) this.buckets.delete(key);
    // Still full of active keys: forget the oldest (insertion order) down to nine tenths.
    if (this.buckets.size >= this.maxKeys) {
      let excess = this.buckets.size - Math.floor(this.maxKeys * 0.9);
      for (const key of this.buckets.keys()) {
        if (excess-- <= 0) break;
        this.buckets.delete(key);
      }
    }
  }
}
