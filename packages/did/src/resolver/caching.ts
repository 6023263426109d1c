/**
 * TTL cache in front of another resolver, with in-flight de-duplication (concurrent sign-ins
 * of one user cause one chain request), a short TTL for "not found" (a DID published a moment
 * ago must become visible soon), and optional stale-if-error for chain outages.
 *
 * Cached documents are re-verified by every consumer (resolveDocument), so a tampered
 * persistent cache cannot forge a key.
 */
import { parseDid } from '../did-url.js';
import { DidError } from '../errors.js';
import type { CacheStore } from './cache-store.js';
import { MemoryCacheStore } from './cache-store.js';
import type { DidResolver, ResolveOptions, ResolveResult } from './types.js';

export interface CachingResolverOptions {
  store?: CacheStore<ResolveResult>;
  /** TTL of valid / deactivated results. Default 10 min (the official SDK's value). */
  ttlMs?: number;
  /** TTL of not_found results. Default 30 s. */
  notFoundTtlMs?: number;
  /**
   * Serve an expired entry for this long past its expiry when the inner resolver is
   * unavailable. Default 0 (off): a deactivation must not be hidden by an outage unless the
   * operator chooses so.
   */
  staleIfErrorMs?: number;
  /** Called when the store fails; the cache then behaves as a miss / skips the write. */
  onStoreError?: (error: unknown) => void;
  /** Clock (epoch ms), for tests. */
  now?: () => number;
}

export class CachingResolver implements DidResolver {
  readonly #inner: DidResolver;
  readonly #store: CacheStore<ResolveResult>;
  readonly #ttlMs: number;
  readonly #notFoundTtlMs: number;
  readonly #staleIfErrorMs: number;
  readonly #onStoreError: (error: unknown) => void;
  readonly #now: () => number;
  readonly #inFlight = new Map<string, Promise<ResolveResult>>();

  constructor(inner: DidResolver, options: CachingResolverOptions = {}) {
    if (inner === null || typeof inner !== 'object' || typeof inner.resolve !== 'function') {
      throw new DidError('MALFORMED', 'CachingResolver needs an inner resolver');
    }
    this.#inner = inner;
    this.#store = options.store ?? new MemoryCacheStore<ResolveResult>();
    this.#ttlMs = options.ttlMs ?? 10 * 60_000;
    this.#notFoundTtlMs = options.notFoundTtlMs ?? 30_000;
    this.#staleIfErrorMs = options.staleIfErrorMs ?? 0;
    this.#onStoreError = options.onStoreError ?? (() => undefined);
    this.#now = options.now ?? Date.now;
  }

  /**
   * `options.maxAgeMs`: a cached answer older than that is fetched again (entries of older stores,
   * which do not say when they were fetched, count as too old). A resolution under way is fresh
   * enough for every caller that joins it. When the source then cannot answer, an entry still
   * within its TTL is served, as it would have been without `maxAgeMs` (expired ones only with
   * `staleIfErrorMs`).
   */
  resolve(did: string, options?: ResolveOptions): Promise<ResolveResult> {
    let key: string;
    try {
      key = parseDid(did).did;
    } catch (err) {
      return Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
    const pending = this.#inFlight.get(key);
    if (pending) return pending;
    const p = this.#resolve(key, options?.maxAgeMs).finally(() => this.#inFlight.delete(key));
    this.#inFlight.set(key, p);
    return p;
  }

  /** Forget a DID (e.g. right after publishing an update). */
  async invalidate(did: string): Promise<void> {
    const key = parseDid(did).did;
    try {
      await this.#store.set(key, { status: 'not_found' }, 0);
    } catch (err) {
      this.#onStoreError(err);
    }
  }

  async #resolve(key: string, maxAgeMs: number | undefined): Promise<ResolveResult> {
    const now = this.#now();
    let cached: Awaited<ReturnType<CacheStore<ResolveResult>['get']>> = null;
    try {
      cached = await this.#store.get(key);
    } catch (err) {
      this.#onStoreError(err);
    }
    const youngEnough =
      maxAgeMs === undefined || (cached?.storedAt !== undefined && now - cached.storedAt <= maxAgeMs);
    if (cached && cached.expiresAt > now && youngEnough) return withSource(cached.value);
    let fresh: ResolveResult;
    try {
      fresh = await this.#inner.resolve(key);
    } catch (err) {
      const retryable = !(err instanceof DidError) || err.code === 'RESOLVER_UNAVAILABLE';
      if (retryable && cached && cached.expiresAt > 0 && now - cached.expiresAt <= this.#staleIfErrorMs) {
        return withSource(cached.value);
      }
      throw err;
    }
    const ttl = fresh.status === 'not_found' ? this.#notFoundTtlMs : this.#ttlMs;
    if (ttl > 0) {
      try {
        await this.#store.set(key, fresh, now + ttl, now);
      } catch (err) {
        this.#onStoreError(err);
      }
    }
    return fresh;
  }
}

function withSource(result: ResolveResult): ResolveResult {
  return { ...result, metadata: { ...result.metadata, cached: true } };
}
