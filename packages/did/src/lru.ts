/**
 * A tiny bounded LRU map. Used to memoise pure, costly steps on the server's hot path (key
 * decoding, document checks, positive signature results) so repeated sign-ins by the same
 * DIDs cost one ECDSA verify instead of several.
 */
export class Lru<K, V> {
  readonly #map = new Map<K, V>();
  constructor(readonly maxEntries: number) {}

  get(key: K): V | undefined {
    const value = this.#map.get(key);
    if (value !== undefined) {
      // Map keeps insertion order: re-inserting marks the entry as most recently used.
      this.#map.delete(key);
      this.#map.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.#map.delete(key);
    this.#map.set(key, value);
    if (this.#map.size > this.maxEntries) {
      const oldest = this.#map.keys().next().value;
      if (oldest !== undefined) this.#map.delete(oldest);
    }
  }

  delete(key: K): void {
    this.#map.delete(key);
  }

  clear(): void {
    this.#map.clear();
  }

  get size(): number {
    return this.#map.size;
  }
}
