/**
 * `vault.db`: the vault's document database. Documents are plain JSON; ObjectId and Date values
 * travel as Extended JSON (`{"$oid": …}`, `{"$date": …}`) both ways.
 */
import {
  loadCrypto,
  type CreateEncryptedOptions,
  type EncryptedFindOptions,
  type EncryptionHost,
  type OpenSharedOptions,
  type Recipient,
  type ShareOptions,
} from './encryption.js';
import { CellaCryptoError } from './errors.js';
import type { components } from './generated/openapi.js';
import type { Http } from './http.js';
import { allPages } from './pages.js';

export type JsonObject = Record<string, unknown>;
export type InsertResult = components['schemas']['InsertResult'];
export type UpdateResult = components['schemas']['UpdateResult'];
/** An index as `listIndexes` answers it: `{name, key: {path: 1 | -1}, unique, auto}`. */
export type IndexInfo = components['schemas']['Index'];
export type IndexKeys = components['schemas']['IndexKeys'];

export interface IndexOptions {
  /** Refuse a second document with the same key values (`CellaApiError` code `ALREADY_EXISTS`). */
  unique?: boolean;
  /** Default: `path_1_other_-1`. */
  name?: string;
}

export interface InsertOptions {
  /** Add integer `created`/`modified` (epoch seconds). Default true. */
  timestamp?: boolean;
}

export interface UpdateOptions {
  upsert?: boolean;
  /** Set `modified` (and `created` on upsert). Default true. */
  timestamp?: boolean;
  /** Update only the first match. Default false (all matches). */
  one?: boolean;
}

export interface FindOptions {
  skip?: number;
  /** At most 10,000 per call. */
  limit?: number;
  sort?: Record<string, 1 | -1>;
  projection?: Record<string, 0 | 1>;
}

export class CollectionApi {
  constructor(
    private readonly http: Http,
    readonly name: string,
  ) {}

  private get path() {
    return { collection: this.name };
  }

  /** Inserts one document or a list (all or nothing). */
  insert(documents: JsonObject | JsonObject[], options: InsertOptions = {}): Promise<InsertResult> {
    return this.http.call((headers) =>
      this.http.api.POST('/api/v2/vault/db/{collection}', {
        headers,
        params: { path: this.path },
        body: {
          document: documents,
          ...(options.timestamp !== undefined ? { options: { timestamp: options.timestamp } } : {}),
        },
      }),
    );
  }

  update(filter: JsonObject, update: JsonObject, options: UpdateOptions = {}): Promise<UpdateResult> {
    const { one, ...rest } = options;
    return this.http.call((headers) =>
      this.http.api.PUT('/api/v2/vault/db/{collection}', {
        headers,
        params: { path: this.path, query: one ? { updateone: true } : {} },
        body: { filter, update, options: rest },
      }),
    );
  }

  async delete(filter: JsonObject, options: { one?: boolean } = {}): Promise<void> {
    await this.http.call((headers) =>
      this.http.api.DELETE('/api/v2/vault/db/{collection}', {
        headers,
        params: { path: this.path, query: options.one ? { deleteone: true } : {} },
        body: { filter },
      }),
    );
  }

  /**
   * The matching documents. A node answers at most its answer size cap (16 MiB by default) per
   * request; the rest is fetched page by page here, so the result holds every match (up to
   * `limit`).
   */
  async find<T extends JsonObject = JsonObject>(
    filter: JsonObject = {},
    options: FindOptions = {},
  ): Promise<T[]> {
    const query: Record<string, string> = { filter: JSON.stringify(filter) };
    if (options.sort) query.sort = JSON.stringify(options.sort);
    if (options.projection) query.projection = JSON.stringify(options.projection);
    return allPages<T>(
      async (skip, limit) => {
        const page = await this.http.call((headers) =>
          this.http.api.GET('/api/v2/vault/db/{collection}', {
            headers,
            params: {
              path: this.path,
              query: { ...query, ...(skip ? { skip } : {}), ...(limit !== undefined ? { limit } : {}) },
            },
          }),
        );
        return { items: page.items as T[], nextSkip: page.next_skip };
      },
      options.skip ?? 0,
      options.limit,
    );
  }

  async count(filter: JsonObject = {}, options: { skip?: number; limit?: number } = {}): Promise<number> {
    const result = await this.http.call((headers) =>
      this.http.api.POST('/api/v2/vault/db/{collection}/count', {
        headers,
        params: { path: this.path },
        body: { filter, options },
      }),
    );
    return result.count;
  }

  /**
   * Creates an index (`{created: -1}`, `{owner: 1, created: -1}`, ...) and returns its name: finds,
   * counts and sorted pages on those paths then read only what they answer. Creating the same index
   * again is a no-op.
   */
  async createIndex(keys: IndexKeys, options: IndexOptions = {}): Promise<string> {
    const result = await this.http.call((headers) =>
      this.http.api.POST('/api/v2/vault/db/{collection}/indexes', {
        headers,
        params: { path: this.path },
        body: { keys, ...(Object.keys(options).length > 0 ? { options } : {}) },
      }),
    );
    return result.name;
  }

  /** The collection's indexes: `_id_`, then those created with `createIndex`, then automatic ones. */
  async listIndexes(): Promise<IndexInfo[]> {
    const result = await this.http.call((headers) =>
      this.http.api.GET('/api/v2/vault/db/{collection}/indexes', { headers, params: { path: this.path } }),
    );
    return result.indexes;
  }

  async dropIndex(name: string): Promise<void> {
    await this.http.call((headers) =>
      this.http.api.DELETE('/api/v2/vault/db/{collection}/indexes/{name}', {
        headers,
        params: { path: { ...this.path, name } },
      }),
    );
  }
}

export class DatabaseApi {
  constructor(
    private readonly http: Http,
    /** The signed-in connection (for encrypted collections). */
    private readonly host?: EncryptionHost,
  ) {}

  private get encryption(): EncryptionHost {
    if (!this.host)
      throw new CellaCryptoError('NO_KEY_MATERIAL', 'encryption needs a connection made by connect()');
    return this.host;
  }

  /** A collection; `{ encrypt: true }` for one created encrypted (its documents sealed and opened here). */
  collection(name: string): CollectionApi;
  collection<T extends JsonObject = JsonObject>(
    name: string,
    options: { encrypt: true },
  ): EncryptedCollection<T>;
  collection(name: string, options?: { encrypt: true }): CollectionApi | EncryptedCollection {
    return options?.encrypt
      ? new EncryptedCollection(this.encryption, name)
      : new CollectionApi(this.http, name);
  }

  /** A collection someone shared with the signed-in DID (`EncryptedCollection.share`). */
  shared(options: OpenSharedOptions): SharedCollection {
    return new SharedCollection(this.encryption, options);
  }

  /**
   * Creates a collection. With `{ encrypt: true }` its documents are end-to-end encrypted
   * (docs/encryption.md); `searchable` fields can then be filtered by equality on the node.
   */
  async createCollection(name: string): Promise<CollectionApi>;
  async createCollection<T extends JsonObject = JsonObject>(
    name: string,
    options: CreateEncryptedOptions,
  ): Promise<EncryptedCollection<T>>;
  async createCollection(
    name: string,
    options?: CreateEncryptedOptions,
  ): Promise<CollectionApi | EncryptedCollection> {
    if (options?.encrypt) {
      const crypto = await loadCrypto();
      const created = await crypto.EncryptedCollectionImpl.create(this.encryption, name, options);
      return new EncryptedCollection(this.encryption, name, created);
    }
    await this.http.call((headers) =>
      this.http.api.POST('/api/v2/vault/db/collections', { headers, body: { name } }),
    );
    return this.collection(name);
  }

  async deleteCollection(name: string): Promise<void> {
    await this.http.call((headers) =>
      this.http.api.DELETE('/api/v2/vault/db/collections/{name}', { headers, params: { path: { name } } }),
    );
  }

  async listCollections(): Promise<string[]> {
    return allPages(async (skip) => {
      const page = await this.http.call((headers) =>
        this.http.api.GET('/api/v2/vault/db/collections', {
          headers,
          params: { query: skip ? { skip } : {} },
        }),
      );
      return { items: page.collections.map((c) => c.name), nextSkip: page.next_skip };
    });
  }
}

type Doc = Record<string, unknown>;
type Crypto = Awaited<ReturnType<typeof loadCrypto>>;

/**
 * A collection whose documents are sealed and opened on the client (docs/encryption.md):
 * `vault.db.createCollection(name, { encrypt: true, searchable })`, then `vault.db.collection(name,
 * { encrypt: true })` wherever the same identity signs in. Each call loads the crypto on first use.
 */
export class EncryptedCollection<T extends Doc = Doc> {
  private impl: Promise<InstanceType<Crypto['EncryptedCollectionImpl']>> | undefined;

  constructor(
    private readonly host: EncryptionHost,
    readonly name: string,
    created?: InstanceType<Crypto['EncryptedCollectionImpl']>,
  ) {
    if (created) this.impl = Promise.resolve(created);
  }

  private get ready() {
    return (this.impl ??= loadCrypto().then((c) => new c.EncryptedCollectionImpl(this.host, this.name)));
  }

  /** Inserts one document or a list, sealed (all or nothing); `_id`s are made here when absent. */
  insert(documents: Doc | Doc[], options?: InsertOptions): Promise<InsertResult> {
    return this.ready.then((c) => c.insert(documents, options));
  }
  /** The matching documents, opened; filters, sorts and projections the node cannot see run here. */
  find<U extends Doc = T>(filter?: Doc, options?: EncryptedFindOptions): Promise<U[]> {
    return this.ready.then((c) => c.find<U>(filter, options));
  }
  findOne<U extends Doc = T>(filter?: Doc, options?: Omit<EncryptedFindOptions, 'limit'>): Promise<U | null> {
    return this.ready.then((c) => c.findOne<U>(filter, options));
  }
  count(filter?: Doc): Promise<number> {
    return this.ready.then((c) => c.count(filter));
  }
  /** Update operators, applied here to each match and sealed again. */
  update(filter: Doc, update: Doc, options?: UpdateOptions): Promise<UpdateResult> {
    return this.ready.then((c) => c.update(filter, update, options));
  }
  delete(filter: Doc, options?: { one?: boolean }): Promise<void> {
    return this.ready.then((c) => c.delete(filter, options));
  }
  /** `cella-v1` or `user_did` (the official Hive SDK's scheme). */
  method(): Promise<string> {
    return this.ready.then((c) => c.method());
  }
  /** Wraps the collection's key for `recipient` and registers the script they read it through. */
  async share(recipient: Recipient, options?: ShareOptions): Promise<{ script: string }> {
    const [crypto, impl] = await Promise.all([loadCrypto(), this.ready]);
    return crypto.shareCollection(this.host, impl, recipient, options);
  }
  /** Seals every document again under a new key, shared again with everyone but `did`. */
  async revoke(did: string): Promise<void> {
    const [crypto, impl] = await Promise.all([loadCrypto(), this.ready]);
    return crypto.revokeCollection(this.host, impl, did);
  }
}

/** A collection someone shared with the signed-in DID: `vault.db.shared({ owner, script })`. */
export class SharedCollection {
  constructor(
    private readonly host: EncryptionHost,
    private readonly options: OpenSharedOptions,
  ) {}

  /** Every shared document, opened, then `filter`, `sort`, `skip`, `limit`, `projection` applied here. */
  async find<U extends Doc = Doc>(filter?: Doc, options?: EncryptedFindOptions): Promise<U[]> {
    const crypto = await loadCrypto();
    return new crypto.SharedCollection(this.host, this.options).find<U>(filter, options);
  }
}
