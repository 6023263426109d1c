/**
 * The main entry's side of end-to-end encryption: the handles apps hold (`EncryptedCollection`,
 * `SharedCollection`), each loading `@cella/sdk/crypto` on first use — the package itself, so the
 * code is a chunk of its own that an app's bundler loads only if the app encrypts.
 */
import type { Signer } from '@cella/did';
import type {
  CreateEncryptedOptions,
  CryptoHost,
  EncryptedCollectionImpl,
  EncryptedFindOptions,
  OpenSharedOptions,
  Recipient,
  ShareOptions,
} from '@cella/sdk/crypto';
import type { InsertOptions, InsertResult, UpdateOptions, UpdateResult } from './database-api.js';

export type { CreateEncryptedOptions, EncryptedFindOptions, OpenSharedOptions, Recipient, ShareOptions };

/** The key material of a connection: its signer, and the application the keys are for. */
export interface EncryptionSettings {
  signer: Signer | undefined;
  appId: string;
}

export const loadCrypto = () => import('@cella/sdk/crypto');

type Doc = Record<string, unknown>;

/**
 * A collection whose documents are sealed and opened on the client (docs/encryption.md):
 * `vault.db.createCollection(name, { encrypt: true, searchable })`, then `vault.db.collection(name,
 * { encrypt: true })` anywhere the same identity signs in.
 */
export class EncryptedCollection<T extends Doc = Doc> {
  private impl: Promise<EncryptedCollectionImpl> | undefined;

  constructor(
    private readonly host: CryptoHost,
    readonly name: string,
    created?: EncryptedCollectionImpl,
  ) {
    if (created) this.impl = Promise.resolve(created);
  }

  private get ready(): Promise<EncryptedCollectionImpl> {
    return (this.impl ??= loadCrypto().then((c) => new c.EncryptedCollectionImpl(this.host, this.name)));
  }

  insert(documents: Doc | Doc[], options?: InsertOptions): Promise<InsertResult> {
    return this.ready.then((c) => c.insert(documents, options));
  }
  find<U extends Doc = T>(filter?: Doc, options?: EncryptedFindOptions): Promise<U[]> {
    return this.ready.then((c) => c.find<U>(filter, options));
  }
  findOne<U extends Doc = T>(filter?: Doc, options?: Omit<EncryptedFindOptions, 'limit'>): Promise<U | null> {
    return this.ready.then((c) => c.findOne<U>(filter, options));
  }
  count(filter?: Doc): Promise<number> {
    return this.ready.then((c) => c.count(filter));
  }
  update(filter: Doc, update: Doc, options?: UpdateOptions): Promise<UpdateResult> {
    return this.ready.then((c) => c.update(filter, update, options));
  }
  delete(filter: Doc, options?: { one?: boolean }): Promise<void> {
    return this.ready.then((c) => c.delete(filter, options));
  }
  /** `cella-v1` or `user_did` (the official Hive SDK's). */
  method(): Promise<string> {
    return this.ready.then((c) => c.method());
  }
  /** Wraps the collection's key for `recipient` and registers the script they read it through. */
  async share(recipient: Recipient, options?: ShareOptions): Promise<{ script: string }> {
    const [crypto, impl] = await Promise.all([loadCrypto(), this.ready]);
    return crypto.shareCollection(this.host, impl, recipient, options);
  }
  /** Seals everything again under a new key, shared again with everyone but `did`. */
  async revoke(did: string): Promise<void> {
    const [crypto, impl] = await Promise.all([loadCrypto(), this.ready]);
    return crypto.revokeCollection(this.host, impl, did);
  }
}

/** A collection someone shared with this DID: `vault.db.shared({ owner, script })`. */
export class SharedCollection {
  constructor(
    private readonly host: CryptoHost,
    private readonly options: OpenSharedOptions,
  ) {}

  async find<U extends Doc = Doc>(filter?: Doc, options?: EncryptedFindOptions): Promise<U[]> {
    const crypto = await loadCrypto();
    return new crypto.SharedCollection(this.host, this.options).find<U>(filter, options);
  }
}

export async function createEncryptedCollection<T extends Doc>(
  host: CryptoHost,
  name: string,
  options: CreateEncryptedOptions,
): Promise<EncryptedCollection<T>> {
  const crypto = await loadCrypto();
  return new EncryptedCollection<T>(
    host,
    name,
    await crypto.EncryptedCollectionImpl.create(host, name, options),
  );
}
