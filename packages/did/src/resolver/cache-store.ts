/**
 * The small key-value port CachingResolver keeps results in. The node plugs its DocumentStore
 * in (shared by all node processes); MemoryCacheStore is the in-process default.
 */
export interface CacheEntry<V> {
  value: V;
  /** Epoch milliseconds after which the entry is stale. */
  expiresAt: number;
  /** Epoch milliseconds when the value was fetched (absent in entries of older stores). */
  storedAt?: number;
}

export interface CacheStore<V = unknown> {
  /** May return stale entries (expiresAt in the past); the caller decides. */
  get(key: string): Promise<CacheEntry<V> | null>;
  set(key: string, value: V, expiresAt: number, storedAt?: number): Promise<void>;
}

/** Bounded in-memory LRU store. */
export class MemoryCacheStore<V = unknown> implements CacheStore<V> {
  readonly #entries = new Map<string, CacheEntry<V>>();
  readonly #maxEntries: number;

  constructor(options: { maxEntries?: number } = {}) {
    this.#maxEntries = Math.max(1, options.maxEntries ?? 10_000);
  }

  async get(key: string): Promise<CacheEntry<V> | null> {
    const entry = this.#entries.get(key);
    if (!entry) return null;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry;
  }

  async set(key: string, value: V, expiresAt: number, storedAt?: number): Promise<void> {
    this.#entries.delete(key);
    this.#entries.set(key, storedAt === undefined ? { value, expiresAt } : { value, expiresAt, storedAt });
    while (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }

  get size(): number {
    return this.#entries.size;
  }
}
