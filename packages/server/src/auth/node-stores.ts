/**
 * The node-wide collections of sign-in state, in the DocumentStore (never in process memory, so
 * several node processes can share one store): one-time challenge nonces, the DID documents users
 * presented at sign-in, and the DID resolution cache.
 */
import type { CacheEntry, CacheStore } from '@cella/did';
import type { Database } from '@cella/document-store';

export const NODE_DATABASE = 'cella_node';

export interface NonceRecord {
  nonce: string;
  did: string;
  expiresAt: number;
}

export class NonceStore {
  constructor(private readonly db: Database) {}

  async put(record: NonceRecord): Promise<void> {
    await this.db
      .collection('auth_nonces')
      .insertMany([{ _id: record.nonce, did: record.did, expiresAt: record.expiresAt }]);
  }

  /** Atomically removes and returns the nonce: a second call for the same nonce gets null. */
  async take(nonce: string): Promise<NonceRecord | null> {
    const doc = await this.db.collection('auth_nonces').findOneAndDelete({ _id: nonce });
    if (!doc) return null;
    return { nonce, did: String(doc.did), expiresAt: Number(doc.expiresAt) };
  }

  /** Drops expired nonces (housekeeping). */
  async sweep(now: number): Promise<number> {
    return (await this.db.collection('auth_nonces').deleteMany({ expiresAt: { $lt: now } })).deletedCount;
  }
}

/** Documents presented at sign-in, for DIDs that certify themselves (no chain, or not published). */
export class PresentedDocumentStore {
  constructor(private readonly db: Database) {}

  async put(did: string, document: unknown): Promise<void> {
    await this.db
      .collection('auth_documents')
      .replaceOne(
        { _id: did },
        { _id: did, document: JSON.stringify(document), updatedAt: Date.now() },
        { upsert: true },
      );
  }

  async get(did: string): Promise<unknown> {
    const doc = await this.db.collection('auth_documents').findOne({ _id: did });
    return doc ? (JSON.parse(String(doc.document)) as unknown) : undefined;
  }
}

/** The CachingResolver's store (JSON text, so engine-specific value types never leak in). */
export class DidCacheStore<V> implements CacheStore<V> {
  constructor(private readonly db: Database) {}

  async get(key: string): Promise<CacheEntry<V> | null> {
    const doc = await this.db.collection('did_cache').findOne({ _id: key });
    if (!doc) return null;
    return { value: JSON.parse(String(doc.value)) as V, expiresAt: Number(doc.expiresAt) };
  }

  async set(key: string, value: V, expiresAt: number): Promise<void> {
    await this.db
      .collection('did_cache')
      .replaceOne({ _id: key }, { _id: key, value: JSON.stringify(value), expiresAt }, { upsert: true });
  }
}
