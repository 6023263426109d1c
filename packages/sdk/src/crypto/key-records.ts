/**
 * The records beside encrypted data, in the collection `cella_keys` of the same space: one per
 * Cella-scheme collection (its current generation, searchable fields and a key commitment — no
 * key), and one per share (a key wrapped for a friend's DID). Nothing in them opens anything
 * without the owner's or the friend's private key.
 */
import { CellaApiError } from '@cella/sdk';
import type { CryptoHost } from './host.js';
import { findAll } from './host.js';
import type { WrappedKey } from './wrap.js';

export const KEYS_COLLECTION = 'cella_keys';

export interface CollectionRecord {
  _id: string;
  kind: 'collection';
  name: string;
  generation: number;
  searchable: string[];
  /** Commitment to the generation's keys: a wrong identity is told apart from damaged data. */
  check: string;
}

export interface ShareRecord extends WrappedKey {
  _id: string;
  kind: 'share';
  /** `collection:<name>` or `file:<key id hex>`. */
  target: string;
  recipient: string;
  /** base64url of the recipient's public key (to wrap again at a revocation of someone else). */
  recipientKey: string;
  owner: string;
  generation: number;
  /** Files: the path the share's script downloads. */
  path?: string;
}

export const collectionTarget = (name: string) => `collection:${name}`;
export const fileTarget = (keyIdHex: string) => `file:${keyIdHex}`;
export const shareId = (target: string, recipient: string) => `share:${target}:${recipient}`;

type Doc = Record<string, unknown>;

export class KeyRecords {
  private ensured: Promise<void> | undefined;
  constructor(private readonly host: CryptoHost) {}

  private get collection() {
    return this.host.db.collection(KEYS_COLLECTION);
  }

  /**
   * Creates `cella_keys` once; an existing one is fine, decided by the node in the same request (a
   * refusal would be a failed request in a browser's console on every device but the first).
   */
  ensure(): Promise<void> {
    return (this.ensured ??= this.host.db.createCollection(KEYS_COLLECTION, { ifNotExists: true }).then(
      () => undefined,
      (error: unknown) => {
        this.ensured = undefined;
        throw error;
      },
    ));
  }

  async get<T>(id: string): Promise<T | undefined> {
    try {
      const [found] = await findAll(this.collection, { _id: id }, { limit: 1 });
      return found as T | undefined;
    } catch (error) {
      if (error instanceof CellaApiError && error.code === 'COLLECTION_NOT_FOUND') return undefined;
      throw error;
    }
  }

  async list<T>(filter: Doc): Promise<T[]> {
    try {
      return (await findAll(this.collection, filter)) as T[];
    } catch (error) {
      if (error instanceof CellaApiError && error.code === 'COLLECTION_NOT_FOUND') return [];
      throw error;
    }
  }

  async put(record: Doc & { _id: string }): Promise<void> {
    await this.ensure();
    const { _id, ...fields } = record;
    await this.collection.update({ _id }, { $set: fields }, { upsert: true, timestamp: false });
  }

  async remove(filter: Doc): Promise<void> {
    try {
      await this.collection.delete(filter);
    } catch (error) {
      if (!(error instanceof CellaApiError && error.code === 'COLLECTION_NOT_FOUND')) throw error;
    }
  }
}
