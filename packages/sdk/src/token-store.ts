/** Where a signed-in client keeps its access token. Pluggable: memory, browser storage, files, custom. */
export interface TokenStore {
  get(key: string): Promise<string | null>;
  set(key: string, token: string): Promise<void>;
  delete(key: string): Promise<void>;
}

/** Keeps tokens for the life of the process (the default). */
export function memoryTokenStore(): TokenStore {
  const tokens = new Map<string, string>();
  return {
    get: async (key) => tokens.get(key) ?? null,
    set: async (key, token) => void tokens.set(key, token),
    delete: async (key) => void tokens.delete(key),
  };
}

interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Browser storage (`localStorage` by default, or `sessionStorage`). */
export function browserTokenStore(storage?: StorageLike, prefix = 'cella.token.'): TokenStore {
  const s = storage ?? (globalThis as { localStorage?: StorageLike }).localStorage;
  if (!s)
    throw new TypeError('browserTokenStore: no localStorage in this environment; pass a storage object');
  return {
    get: async (key) => s.getItem(prefix + key),
    set: async (key, token) => s.setItem(prefix + key, token),
    delete: async (key) => s.removeItem(prefix + key),
  };
}
