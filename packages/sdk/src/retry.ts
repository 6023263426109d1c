/**
 * Retries of refused requests. A node answers 429 (a rate limit) or 503 (overloaded, a dependency
 * down) before it does the work, usually with `Retry-After`; the SDK waits and sends the request
 * again, a bounded number of times, so an app needs no retry loop of its own. Off with
 * `retry: false` (then the error's `retryable` and `retryAfterSeconds` are the caller's to use).
 */

export interface RetryOptions {
  /** Tries after the first. Default 3; 0 turns retries off. */
  retries?: number;
  /** The first wait without `Retry-After`, doubled each time (with jitter). Default 500 ms. */
  minDelayMs?: number;
  /**
   * The longest wait before a try. A `Retry-After` longer than this is not waited for: the error is
   * thrown at once (its `retryAfterSeconds` says when). Default 30 s.
   */
  maxDelayMs?: number;
}

export const DEFAULT_RETRY: Required<RetryOptions> = { retries: 3, minDelayMs: 500, maxDelayMs: 30_000 };

/** The statuses that mean "refused before doing anything, try again later". */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status === 503;
}

export class RetryPolicy {
  private readonly options: Required<RetryOptions>;

  constructor(options: RetryOptions | false | undefined) {
    this.options = options === false ? { ...DEFAULT_RETRY, retries: 0 } : { ...DEFAULT_RETRY, ...options };
    for (const [name, value] of Object.entries(this.options)) {
      if (!Number.isFinite(value) || value < 0) throw new RangeError(`retry.${name} must be a number ≥ 0`);
    }
  }

  /**
   * How long to wait before try number `retry` (0 = the first retry), or undefined to give up:
   * out of tries, or the node asked for a longer wait than `maxDelayMs`.
   */
  delay(retry: number, retryAfterSeconds: number | undefined): number | undefined {
    const { retries, minDelayMs, maxDelayMs } = this.options;
    if (retry >= retries) return undefined;
    if (retryAfterSeconds !== undefined) {
      const asked = retryAfterSeconds * 1000;
      return asked > maxDelayMs ? undefined : asked;
    }
    const backoff = Math.min(maxDelayMs, minDelayMs * 2 ** retry);
    return backoff / 2 + Math.random() * (backoff / 2);
  }
}

/** Waits `ms`, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
