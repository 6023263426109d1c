/**
 * `vault.db`: the vault's document database. Documents are plain JSON; ObjectId and Date values
 * travel as Extended JSON (`{"$oid": …}`, `{"$date": …}`) both ways.
 */
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
    const bound = options.maxTimeMS !== undefined ? { maxTimeMS: options.maxTimeMS } : {};
    return allPages<T>(
      async (skip, limit) => {
        const page = await this.http.call((headers) =>
          this.http.api.GET('/api/v2/vault/db/{collection}', {
            headers,
            params: {
              path: this.path,
              query: {
                ...query,
                ...bound,
                ...(skip ? { skip } : {}),
                ...(limit !== undefined ? { limit } : {}),
              },
            },
          }),
        );
        return { items: page.items as T[], nextSkip: page.next_skip };
      },
      options.skip ?? 0,
      options.limit,
    );
  }

  async count(filter: JsonObject = {}, options: CountOptions = {}): Promise<number> {
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
  constructor(private readonly http: Http) {}

  collection(name: string): CollectionApi {
    return new CollectionApi(this.http, name);
  }

  async createCollection(name: string): Promise<CollectionApi> {
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
