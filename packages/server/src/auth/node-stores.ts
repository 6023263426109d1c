/**
 * The node-wide collections of sign-in state, in the DocumentStore (never in process memory, so
 * several node processes can share one store): one-time challenge nonces, the DID documents users
 * presented at sign-in, and the DID resolution cache.
 *
 * Anyone may start a sign-in, so what a sign-in leaves behind is bounded: a nonce and the
 * presented document of a sign-in that was never completed expire with its challenge and are
 * swept (sign-in-sweeper.ts), and at most `maxPending` challenges may be outstanding at once.
 */
import type { CacheEntry, CacheStore } from '@cella/did';
import type { Database } from '@cella/document-store';
import { CellaError } from '../errors.js';

/** Default cap on outstanding (unexpired, unused) challenges, node-wide. */
export const DEFAULT_MAX_PENDING_CHALLENGES = 100_000;

export const NODE_DATABASE = 'cella_node';

export interface NonceRecord {
  nonce: string;
  did: string;
  expiresAt: number;
}

export class NonceStore {
  constructor(
    private readonly db: Database,
    private readonly maxPending: number = DEFAULT_MAX_PENDING_CHALLENGES,
  ) {}

  /**
   * Stores a nonce. When `maxPending` nonces are stored, expired ones are swept first; if as many
   * are still live, the sign-in is refused with 429 and Retry-After = when the oldest expires
   * (live challenges of other users are never evicted). Concurrent sign-ins may pass the check
   * together, so the cap can be exceeded by the number of sign-ins in flight.
   */
  async put(record: NonceRecord, now: number): Promise<void> {
    const nonces = this.db.collection('auth_nonces');
    if ((await nonces.count({})) >= this.maxPending) {
      await this.sweep(now);
      if ((await nonces.count({})) >= this.maxPending) {
        const oldest = await nonces.findOne({}, { sort: { expiresAt: 1 } });
        const retryAfterSeconds = Math.max(1, Number(oldest?.expiresAt ?? now) - now + 1);
        throw new CellaError(
          'RATE_LIMITED',
          `too many sign-ins are pending on this node (${this.maxPending}): try again in ${retryAfterSeconds} s`,
          { retryAfterSeconds },
        );
      }
    }
    await nonces.insertMany([{ _id: record.nonce, did: record.did, expiresAt: record.expiresAt }]);
  }

  /** Atomically removes and returns the nonce: a second call for the same nonce gets null. */
  async take(nonce: string): Promise<NonceRecord | null> {
    const doc = await this.db.collection('auth_nonces').findOneAndDelete({ _id: nonce });
    if (!doc) return null;
    return { nonce, did: String(doc.did), expiresAt: Number(doc.expiresAt) };
  }

  /** Drops nonces expired before `now` (epoch seconds); sign-in-sweeper.ts runs it on a timer. */
  async sweep(now: number): Promise<number> {
    return (await this.db.collection('auth_nonces').deleteMany({ expiresAt: { $lt: now } })).deletedCount;
  }

  /** How many nonces are stored (expired ones included until swept). */
  async size(): Promise<number> {
    return this.db.collection('auth_nonces').count({});
  }
}

/** Documents presented at sign-in, for DIDs that certify themselves (no chain, or not published). */
export class PresentedDocumentStore {
  constructor(private readonly db: Database) {}

  /**
   * Remembers a document. `pendingUntil` (epoch seconds): the document of a sign-in in progress,
   * dropped by `sweep` after the last such time unless its DID completed a sign-in (`confirm`),
   * now or before.
   */
  async put(did: string, document: unknown, pendingUntil?: number): Promise<void> {
    await this.db.collection('auth_documents').updateOne(
      { _id: did },
      {
        $set: {
          document: JSON.stringify(document),
          updatedAt: Date.now(),
          ...(pendingUntil === undefined ? { confirmed: true } : {}),
        },
        ...(pendingUntil === undefined ? {} : { $max: { pendingUntil } }),
      },
      { upsert: true },
    );
  }

  /** Keeps the document of a DID that completed a sign-in. */
  async confirm(did: string): Promise<void> {
    await this.db.collection('auth_documents').updateOne({ _id: did }, { $set: { confirmed: true } });
  }

  /** Drops documents of DIDs that never completed a sign-in, once their last challenge expired. */
  async sweep(now: number): Promise<number> {
    return (
      await this.db
        .collection('auth_documents')
        .deleteMany({ pendingUntil: { $lt: now }, confirmed: { $ne: true } })
    ).deletedCount;
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
    const entry = { value: JSON.parse(String(doc.value)) as V, expiresAt: Number(doc.expiresAt) };
    return typeof doc.storedAt === 'number' ? { ...entry, storedAt: doc.storedAt } : entry;
  }

  async set(key: string, value: V, expiresAt: number, storedAt?: number): Promise<void> {
    await this.db.collection('did_cache').replaceOne(
      { _id: key },
      {
        _id: key,
        value: JSON.stringify(value),
        expiresAt,
        ...(storedAt === undefined ? {} : { storedAt }),
      },
      { upsert: true },
    );
  }
}
