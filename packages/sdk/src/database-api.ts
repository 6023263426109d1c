/**
 * `vault.db`: the vault's document database, shaped like the MongoDB driver: collections typed by
 * the app's own document interfaces, `find` as a cursor, `findOne`/`findById`, counts from every
 * write. Documents are plain JSON; `_id` is a string in both directions (document-ids.ts), other
 * ObjectId and Date values travel as Extended JSON (`{"$oid": …}`, `{"$date": …}`).
 */
import { Cursor } from './cursor.js';
import { documentFromWire, filterToWire } from './document-ids.js';
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
import {
  subscription,
  type DocumentEvent,
  type EventSubscription,
  type StreamOptions,
} from './events-api.js';
import type { components } from './generated/openapi.js';
import type { Http } from './http.js';
import { allPages, type Page } from './pages.js';

/**
 * Any document. Collections and calls take the app's own types (`interface Note {…}` works: the
 * type parameters are constrained by `object`, not by an index signature); this is the default.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- MongoDB's `Document`: any field, any value
export type Document = { [key: string]: any };
/** @deprecated Use `Document` (or your own document type). */
export type JsonObject = Record<string, unknown>;
/** A document as the SDK answers it: your type, with `_id` as a string. */
export type WithId<T> = Omit<T, '_id'> & { _id: string };
/** A document to insert: `_id` may be left out (the node then assigns an ObjectId). */
export type OptionalId<T> = Omit<T, '_id'> & { _id?: unknown };
/** A MongoDB query filter (`{done: false}`, `{tags: {$in: ['a']}}`); `_id` may be the id string. */
export type Filter = Document;
/** Update operators (`{$set: {done: true}}`, `{$inc: {n: 1}}`); a replacement document is refused. */
export type UpdateFilter = Document;

export type InsertResult = components['schemas']['InsertResult'];
/** `matched_count`, `modified_count`, `upserted_id` (the node's answer). */
export type UpdateResult = components['schemas']['UpdateResult'];
/** `deleted_count` (the node's answer). */
export type DeleteResult = components['schemas']['DeleteResult'];
/** An index as `listIndexes` answers it: `{name, key: {path: 1 | -1}, unique, auto}`. */
export type IndexInfo = components['schemas']['Index'];
export type IndexKeys = components['schemas']['IndexKeys'];

/** The most documents the node answers per request (and the default `batchSize`). */
export const MAX_FIND_BATCH = 10_000;

export interface IndexOptions {
  /** Refuse a second document with the same key values (`CellaApiError` code `ALREADY_EXISTS`). */
  unique?: boolean;
  /** Default: `path_1_other_-1`. */
  name?: string;
}

export interface CreateCollectionOptions {
  /**
   * An existing collection is not an error (decided by the node in the same request, so nothing
   * fails, in the browser console either): what an app calls at every start. Default false: a
   * `CellaApiError` 455 `ALREADY_EXISTS` when it exists.
   */
  ifNotExists?: boolean;
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

export interface DeleteOptions {
  /** Delete only the first match. Default false (all matches). */
  one?: boolean;
}

export interface FindOneOptions {
  skip?: number;
  sort?: Record<string, 1 | -1>;
  projection?: Record<string, 0 | 1>;
  /**
   * How long the query may run on the node, in milliseconds (MongoDB's `maxTimeMS`; absent: the
   * node's default, 5 s unless configured; the node caps it). Past it the call fails with
   * `CellaApiError` code `QUERY_TIMEOUT`. For a find, each page's request has this bound.
   */
  maxTimeMS?: number;
}

export interface CountOptions {
  skip?: number;
  limit?: number;
  /** As in FindOptions. */
  maxTimeMS?: number;
}

export interface FindOptions extends FindOneOptions {
  /** Most documents in all; 0 or absent: every match. */
  limit?: number;
  /** Most documents per request (1–10,000; default 10,000). The node may answer fewer (16 MiB cap). */
  batchSize?: number;
}

export class CollectionApi<T extends object = Document> {
  constructor(
    private readonly http: Http,
    readonly name: string,
  ) {}

  private get path() {
    return { collection: this.name };
  }

  /**
   * Inserts one document or a list (all or nothing). `inserted_ids` are the `_id`s as strings, in
   * order.
   */
  insert(documents: OptionalId<T> | OptionalId<T>[], options: InsertOptions = {}): Promise<InsertResult> {
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

  /** Applies update operators to every match (or the first, `one`); answers the node's counts. */
  update(filter: Filter, update: UpdateFilter, options: UpdateOptions = {}): Promise<UpdateResult> {
    const { one, ...rest } = options;
    return this.http.call((headers) =>
      this.http.api.PUT('/api/v2/vault/db/{collection}', {
        headers,
        params: { path: this.path, query: one ? { updateone: true } : {} },
        body: { filter: filterToWire(filter), update, options: rest },
      }),
    );
  }

  /** Deletes every match (or the first, `one`; `{}` matches all); answers `deleted_count`. */
  delete(filter: Filter, options: DeleteOptions = {}): Promise<DeleteResult> {
    return this.http.call((headers) =>
      this.http.api.DELETE('/api/v2/vault/db/{collection}', {
        headers,
        params: { path: this.path, query: options.one ? { deleteone: true } : {} },
        body: { filter: filterToWire(filter) },
      }),
    );
  }

  /**
   * The matching documents as a cursor (cursor.ts): `for await (const note of notes.find(…))`, or
   * `await notes.find(…).toArray()`. Pages of `batchSize` are fetched as the loop needs them.
   */
  find<U extends object = T>(filter: Filter = {}, options: FindOptions = {}): Cursor<WithId<U>> {
    const query: Record<string, string> = { filter: JSON.stringify(filterToWire(filter)) };
    if (options.sort) query.sort = JSON.stringify(options.sort);
    if (options.projection) query.projection = JSON.stringify(options.projection);
    const bound = options.maxTimeMS !== undefined ? { maxTimeMS: options.maxTimeMS } : {};
    const batchSize = options.batchSize ?? MAX_FIND_BATCH;
    if (batchSize > MAX_FIND_BATCH) throw new RangeError(`batchSize must be at most ${MAX_FIND_BATCH}`);
    return findCursor<WithId<U>>(
      async (skip, limit) => {
        const page = await this.http.call((headers) =>
          this.http.api.GET('/api/v2/vault/db/{collection}', {
            headers,
            params: { path: this.path, query: { ...query, ...bound, ...(skip ? { skip } : {}), limit } },
          }),
        );
        return {
          items: page.items.map((item) => documentFromWire<WithId<U>>(item)),
          nextSkip: page.next_skip,
        };
      },
      batchSize,
      options,
    );
  }

  /** The first match (in `sort` order), or null. */
  findOne<U extends object = T>(
    filter: Filter = {},
    options: FindOneOptions = {},
  ): Promise<WithId<U> | null> {
    return firstOf(this.find<U>(filter, { ...options, limit: 1 }));
  }

  /** The document with this `_id` (the string `insert` answered, or any stored id), or null. */
  findById<U extends object = T>(
    id: string,
    options: Pick<FindOneOptions, 'projection'> = {},
  ): Promise<WithId<U> | null> {
    return this.findOne<U>({ _id: id }, options);
  }

  async count(filter: Filter = {}, options: CountOptions = {}): Promise<number> {
    const result = await this.http.call((headers) =>
      this.http.api.POST('/api/v2/vault/db/{collection}/count', {
        headers,
        params: { path: this.path },
        body: { filter: filterToWire(filter), options },
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
  /**
   * The changes to this collection's documents (matching `filter`, if given) as they are committed:
   * inserted, updated, deleted (a delete matched on the document as it was). Reconnects by itself
   * and resumes where it left off (see `vault.events.subscribe`).
   */
  watch(filter?: JsonObject, options: StreamOptions = {}): EventSubscription<DocumentEvent> {
    return subscription<DocumentEvent>(
      this.http,
      '/api/v2/vault/events',
      {
        collections: this.name,
        types: 'document',
        filter: filter && Object.keys(filter).length > 0 ? JSON.stringify(filter) : undefined,
      },
      options,
    );
  }
}

/**
 * The database of a signed-in connection (`signIn`), the same as a Vault's `db`: an app that needs
 * only the database imports this and `signIn`, and its bundle holds none of the other areas.
 */
export function database(
  connection: { readonly http: Http } | (EncryptionHost & { readonly http: Http }),
): DatabaseApi {
  return new DatabaseApi(connection.http, 'encryption' in connection ? connection : undefined);
}

export class DatabaseApi {
  constructor(
    private readonly http: Http,
    /** The signed-in connection (for encrypted collections). */
    private readonly host?: EncryptionHost,
  ) {}

  private get encryption(): EncryptionHost {
    if (!this.host)
      throw new CellaCryptoError(
        'NO_KEY_MATERIAL',
        'encryption needs a connection made by connect() or signIn()',
      );
    return this.host;
  }

  /**
   * A handle on a collection (no request): the collection must exist for reads and writes.
   * `{ encrypt: true }` for one created encrypted: its documents are sealed and opened here.
   */
  collection<T extends object = Document>(name: string): CollectionApi<T>;
  collection<T extends object = Document>(name: string, options: { encrypt: true }): EncryptedCollection<T>;
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
   * Creates a collection and returns its handle. With `{ ifNotExists: true }` an existing one is
   * fine — the way to make sure of an app's collections at every start, in one request that never
   * fails for that reason. With `{ encrypt: true }` its documents are end-to-end encrypted
   * (docs/encryption.md); `searchable` fields can then be filtered by equality on the node.
   */
  async createCollection<T extends object = Document>(
    name: string,
    options?: CreateCollectionOptions,
  ): Promise<CollectionApi<T>>;
  async createCollection<T extends object = Document>(
    name: string,
    options: CreateEncryptedOptions,
  ): Promise<EncryptedCollection<T>>;
  async createCollection<T extends object = Document>(
    name: string,
    options: CreateCollectionOptions | CreateEncryptedOptions = {},
  ): Promise<CollectionApi<T> | EncryptedCollection<T>> {
    if ('encrypt' in options && options.encrypt) {
      const crypto = await loadCrypto();
      const created = await crypto.EncryptedCollectionImpl.create(this.encryption, name, options);
      return new EncryptedCollection<T>(this.encryption, name, created);
    }
    await this.http.call((headers) =>
      this.http.api.POST('/api/v2/vault/db/collections', {
        headers,
        body: { name, ...(options.ifNotExists ? { if_not_exists: true } : {}) },
      }),
    );
    return this.collection<T>(name);
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

type Crypto = Awaited<ReturnType<typeof loadCrypto>>;

/**
 * A collection whose documents are sealed and opened on the client (docs/encryption.md):
 * `vault.db.createCollection(name, { encrypt: true, searchable })`, then `vault.db.collection(name,
 * { encrypt: true })` wherever the same identity signs in. The calls of a plain collection, shaped
 * the same; the crypto loads on the first one.
 */
export class EncryptedCollection<T extends object = Document> {
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
  insert(documents: OptionalId<T> | OptionalId<T>[], options?: InsertOptions): Promise<InsertResult> {
    return this.ready.then((c) => c.insert(documents as Document | Document[], options));
  }
  /**
   * The matching documents, opened, as a cursor (`toArray()`, `for await`). The node filters what
   * it can (`_id`, timestamps, equality on searchable fields); the rest of the filter, sorts on
   * sealed fields and projections run here.
   */
  find<U extends object = T>(filter: Filter = {}, options: EncryptedFindOptions = {}): Cursor<WithId<U>> {
    return openedCursor(
      async (range) => (await this.ready).find<WithId<U> & Document>({ ...filter }, range),
      options,
    );
  }
  /** The first match (in `sort` order), or null. */
  findOne<U extends object = T>(
    filter: Filter = {},
    options: FindOneOptions = {},
  ): Promise<WithId<U> | null> {
    return firstOf(this.find<U>(filter, { ...options, limit: 1 }));
  }
  /** The document with this `_id`, or null. */
  findById<U extends object = T>(id: string): Promise<WithId<U> | null> {
    return this.findOne<U>({ _id: id });
  }
  count(filter: Filter = {}): Promise<number> {
    return this.ready.then((c) => c.count(filter));
  }
  /** Update operators, applied here to each match and sealed again. */
  update(filter: Filter, update: UpdateFilter, options?: UpdateOptions): Promise<UpdateResult> {
    return this.ready.then((c) => c.update(filter, update, options));
  }
  delete(filter: Filter, options?: DeleteOptions): Promise<DeleteResult> {
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

  /**
   * The shared documents, opened, as a cursor like every other `find` (`toArray()`, `for await`):
   * `filter`, `sort`, `skip`, `limit`, `projection` are applied here.
   */
  find<U extends object = Document>(
    filter: Filter = {},
    options: EncryptedFindOptions = {},
  ): Cursor<WithId<U>> {
    return openedCursor(async (range) => {
      const crypto = await loadCrypto();
      return new crypto.SharedCollection(this.host, this.options).find<WithId<U> & Document>(filter, range);
    }, options);
  }
}

/** A find's cursor: pages of `batchSize` from `fetchPage`, from `options.skip`, up to `options.limit`. */
function findCursor<U>(
  fetchPage: (skip: number, limit: number) => Promise<Page<U>>,
  batchSize: number,
  options: { skip?: number; limit?: number },
): Cursor<U> {
  return new Cursor<U>(fetchPage, {
    batchSize,
    ...(options.skip !== undefined ? { skip: options.skip } : {}),
    ...(options.limit !== undefined ? { limit: options.limit } : {}),
  });
}

/**
 * The cursor of an encrypted find: one page holding every match, because the filter, the sort and
 * the range run here on the opened documents (`find` is called with the cursor's `skip`/`limit`).
 */
function openedCursor<U>(
  find: (options: EncryptedFindOptions) => Promise<U[]>,
  options: EncryptedFindOptions,
): Cursor<U> {
  return findCursor(
    async (skip, limit) => ({ items: await find({ ...options, skip, limit }), nextSkip: undefined }),
    Number.MAX_SAFE_INTEGER,
    options,
  );
}

async function firstOf<U>(cursor: Cursor<U>): Promise<U | null> {
  const [first] = await cursor.toArray();
  return first ?? null;
}
