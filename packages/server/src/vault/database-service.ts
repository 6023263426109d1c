/**
 * The vault database of spec §4: collections and documents of one user, on whichever DocumentStore
 * engine the node runs. Values arrive and leave as Extended JSON; writes are charged to the vault's
 * usage inside their transaction, so a write that would pass the quota stores nothing.
 */
import { ObjectId } from 'bson';
import type {
  Collection,
  Document,
  DocumentId,
  DocumentStore,
  Filter,
  FindOptions,
  IndexInfo,
  IndexKeys,
  IndexOptions,
  WriteOptions,
} from '@cella/document-store';
import { fromExtJson } from '@cella/document-store';
import { CellaError } from '../errors.js';
import { assertUserCollection, INTERNAL_COLLECTIONS, isUnchargedCollection } from './names.js';
import { fromStoreError } from '../port-errors.js';
import { DEFAULT_QUERY_GATE, QueryGate } from './query-gate.js';
import { spaceDatabase, type VaultSpace } from './spaces.js';
import type { VaultRecord, VaultService } from './vaults.js';
import { assertWritable } from './writable.js';

export const MAX_FIND_LIMIT = 10_000;

export function idToWire(id: DocumentId | null): string | null {
  if (id === null || id === undefined) return null;
  return id instanceof ObjectId ? id.toHexString() : String(id);
}

function asObject(value: unknown, what: string): Record<string, unknown> {
  const converted = fromExtJson(value);
  if (converted === null || typeof converted !== 'object' || Array.isArray(converted)) {
    throw new CellaError('INVALID_PARAMETER', `${what} must be a JSON object`);
  }
  return converted as Record<string, unknown>;
}

/** How a collection's documents are encrypted by the client (the reference's flags; the node stores them only). */
export interface CollectionFlags {
  is_encrypt: boolean;
  /** '' when not encrypted. */
  encrypt_method: string;
}

const PLAIN: CollectionFlags = { is_encrypt: false, encrypt_method: '' };

function toFlags(doc: Document): CollectionFlags {
  return doc.is_encrypt === true
    ? { is_encrypt: true, encrypt_method: typeof doc.encrypt_method === 'string' ? doc.encrypt_method : '' }
    : PLAIN;
}

export interface FindParams {
  filter?: Record<string, unknown>;
  skip?: number;
  limit?: number;
  sort?: Record<string, unknown>;
  projection?: Record<string, unknown>;
  /** The query's time bound (query-gate.ts: 0 or absent = the node's default; capped). */
  maxTimeMS?: number;
}

export interface CountParams {
  skip?: number;
  limit?: number;
  /** As in FindParams. */
  maxTimeMS?: number;
}

export class VaultDatabase {
  constructor(
    private readonly store: DocumentStore,
    private readonly vaults: VaultService,
    private readonly clock: () => number,
    /** Bounds the queries callers make and gives each caller its turns. */
    readonly gate: QueryGate = new QueryGate(DEFAULT_QUERY_GATE),
  ) {}

  /** The space's view of the vault database. */
  private db(vault: VaultSpace) {
    return spaceDatabase(this.store, vault);
  }

  private nowSeconds(): number {
    return Math.floor(this.clock() / 1000);
  }

  /** A user collection that must exist. */
  private async existing(vault: VaultSpace, name: string): Promise<Collection> {
    const collection = this.unchecked(vault, name);
    await this.assertExists(vault, name);
    return collection;
  }

  /** A user collection whose existence a read checks only when it finds nothing (saves a lookup). */
  private unchecked(vault: VaultSpace, name: string): Collection {
    assertUserCollection(name);
    return this.db(vault).collection(name);
  }

  private async assertExists(vault: VaultSpace, name: string): Promise<void> {
    if (!(await this.db(vault).hasCollection(name)))
      throw new CellaError('COLLECTION_NOT_FOUND', `no collection named "${name}"`);
  }

  /**
   * A write to a user collection that must exist: the engine checks that inside the write's own
   * transaction (`requireCollection`), which saves a lookup per write. When anything about the
   * request fails and the collection is missing, the missing collection is the error reported, as
   * when it was looked up before the write.
   */
  private async toExisting<T>(
    vault: VaultSpace,
    name: string,
    write: (collection: Collection) => Promise<T>,
  ): Promise<T> {
    const collection = this.unchecked(vault, name);
    try {
      return await write(collection);
    } catch (error) {
      await this.assertExists(vault, name);
      throw error;
    }
  }

  /** Runs a write with its byte change charged to the vault (see VaultService.chargedWrite). */
  private charged<T>(vault: VaultSpace, write: (options: WriteOptions) => Promise<T>): Promise<T> {
    return this.vaults.chargedWrite(vault.userDid, 'db', (beforeCommit) =>
      write({ beforeCommit, requireCollection: true }),
    );
  }

  /** The space's collections, by name, with the flags they were created with. */
  async listCollections(vault: VaultSpace): Promise<({ name: string } & CollectionFlags)[]> {
    const db = this.db(vault);
    const names = (await db.listCollections()).filter((name) => !name.startsWith('__')).sort();
    const flagged = new Map<string, CollectionFlags>();
    if (names.length > 0 && (await db.hasCollection(INTERNAL_COLLECTIONS.collections))) {
      for (const doc of await db.collection(INTERNAL_COLLECTIONS.collections).find({}))
        flagged.set(String(doc._id), toFlags(doc));
    }
    return names.map((name) => ({ name, ...(flagged.get(name) ?? PLAIN) }));
  }

  /**
   * How the collection's documents were encrypted by the client (the reference's flags). Every find
   * answers them, so this is on the path of every page read. The flags live in one internal
   * collection that exists only once a collection was created encrypted; on SQLite, whether it
   * exists is one catalog lookup on this thread (~half the cost of the inline read of the flags,
   * which most vaults would make for nothing), so SQLite looks first. Nothing is cached: both steps
   * read the store as it is now, so another process's create or drop (MongoDB) and a drop and
   * re-create are seen at once. On MongoDB the lookup would be a round trip like the read itself,
   * so the read goes alone there.
   */
  async flags(vault: VaultSpace, name: string): Promise<CollectionFlags> {
    const db = this.db(vault);
    if (this.store.engine === 'sqlite' && !(await db.hasCollection(INTERNAL_COLLECTIONS.collections)))
      return PLAIN;
    const doc = await db.collection(INTERNAL_COLLECTIONS.collections).findOne({ _id: name });
    return doc ? toFlags(doc) : PLAIN;
  }

  /**
   * Creates a collection; `flags` record that the client encrypts its documents (the node stores
   * the flag only). The flags are written after the collection: a crash between the two leaves a
   * plain-flagged collection, never flags for a collection that another request created.
   */
  async createCollection(
    vault: VaultSpace,
    name: string,
    flags: CollectionFlags = PLAIN,
    options: { ifNotExists?: boolean } = {},
  ): Promise<{ name: string; created: boolean }> {
    assertWritable(vault);
    assertUserCollection(name);
    if (flags.is_encrypt && flags.encrypt_method === '')
      throw new CellaError('INVALID_PARAMETER', 'an encrypted collection needs its encrypt_method');
    const db = this.db(vault);
    let created: boolean;
    try {
      created = await db.createCollection(name);
      const meta = db.collection(INTERNAL_COLLECTIONS.collections);
      if (created && flags.is_encrypt) {
        await meta.replaceOne(
          { _id: name },
          { _id: name, is_encrypt: true, encrypt_method: flags.encrypt_method },
          { upsert: true },
        );
      } else if (created && (await db.hasCollection(INTERNAL_COLLECTIONS.collections))) {
        // Flags a crash left behind when a collection of this name was dropped.
        await meta.deleteOne({ _id: name });
      }
    } catch (error) {
      throw fromStoreError(error);
    }
    if (!created && !options.ifNotExists)
      throw new CellaError('ALREADY_EXISTS', `the collection "${name}" already exists`);
    return { name, created };
  }

  async deleteCollection(vault: VaultSpace, name: string): Promise<void> {
    assertWritable(vault);
    const collection = await this.existing(vault, name);
    const bytes = await collection.dataBytes();
    const db = this.db(vault);
    if (!(await db.dropCollection(name))) {
      throw new CellaError('COLLECTION_NOT_FOUND', `no collection named "${name}"`);
    }
    await this.vaults.adjust(vault.userDid, 'db', -bytes);
    if (await db.hasCollection(INTERNAL_COLLECTIONS.collections))
      await db.collection(INTERNAL_COLLECTIONS.collections).deleteOne({ _id: name });
  }

  async insert(vault: VaultSpace, name: string, input: unknown, options: { timestamp?: boolean } = {}) {
    assertWritable(vault);
    const result = await this.toExisting(vault, name, (collection) => {
      const list = Array.isArray(input) ? input : [input];
      const now = this.nowSeconds();
      const docs = list.map((item, i) => {
        const doc = asObject(item, `document[${i}]`);
        return options.timestamp === false ? doc : { ...doc, created: now, modified: now };
      });
      return this.charged(vault, (writeOptions) => collection.insertMany(docs as Document[], writeOptions));
    });
    return { acknowledged: true, inserted_ids: result.insertedIds.map((id) => idToWire(id)!) };
  }

  async update(
    vault: VaultSpace,
    name: string,
    filterInput: unknown,
    updateInput: unknown,
    options: {
      upsert?: boolean;
      timestamp?: boolean;
      one?: boolean;
      /**
       * The Hive dialect's reading: an empty update with the timestamp on only sets `modified`, as
       * the reference does (its tests send `{"filter": {}, "update": {}}`). The primary dialect
       * refuses an empty update.
       */
      timestampOnly?: boolean;
    } = {},
  ) {
    assertWritable(vault);
    const result = await this.toExisting(vault, name, (collection) => {
      const filter = asObject(filterInput, 'filter') as Filter;
      let update = asObject(updateInput, 'update');
      const keys = Object.keys(update);
      const touchOnly = keys.length === 0 && options.timestampOnly === true && options.timestamp !== false;
      if ((keys.length === 0 && !touchOnly) || !keys.every((k) => k.startsWith('$'))) {
        throw new CellaError(
          'INVALID_PARAMETER',
          'update must consist of update operators such as $set, $inc or $push',
        );
      }
      if (options.timestamp !== false) {
        const now = this.nowSeconds();
        update = { ...update, $set: { ...(update.$set as object | undefined), modified: now } };
        if (options.upsert)
          update.$setOnInsert = { ...(update.$setOnInsert as object | undefined), created: now };
      }
      return this.charged(vault, (writeOptions) => {
        const updateOptions = { ...writeOptions, upsert: options.upsert ?? false };
        return options.one
          ? collection.updateOne(filter, update, updateOptions)
          : collection.updateMany(filter, update, updateOptions);
      });
    });
    return {
      acknowledged: true,
      matched_count: result.matchedCount,
      modified_count: result.modifiedCount,
      upserted_id: idToWire(result.upsertedId),
    };
  }

  async delete(
    vault: VaultSpace,
    name: string,
    filterInput: unknown,
    options: { one?: boolean } = {},
  ): Promise<number> {
    assertWritable(vault);
    const result = await this.toExisting(vault, name, (collection) => {
      const filter = asObject(filterInput, 'filter') as Filter;
      return this.charged(vault, (writeOptions) =>
        options.one
          ? collection.deleteOne(filter, writeOptions)
          : collection.deleteMany(filter, writeOptions),
      );
    });
    return result.deletedCount;
  }

  /**
   * The documents `find` answers as a cursor of batches of JSON texts (the engine's texts, not
   * parsed again), read as the consumer pulls them, each batch in a turn of `asker`'s (query-gate.ts:
   * the caller's DID, default the vault's owner, or an anonymous caller's address). A query the
   * engine refuses, and a collection that does not exist, fail on the first pull.
   */
  findCursor(
    vault: VaultSpace,
    name: string,
    params: FindParams,
    asker: string = vault.userDid,
  ): AsyncIterable<string[]> {
    const collection = this.unchecked(vault, name);
    const filter = asObject(params.filter ?? {}, 'filter') as Filter;
    const bound = this.gate.bound(params.maxTimeMS);
    const cursor = collection.findExtJsonCursor(filter, { ...this.findOptions(params), maxTimeMS: bound });
    return this.reported(vault, name, this.gate.cursor(asker, bound, cursor));
  }

  private async *reported(
    vault: VaultSpace,
    name: string,
    cursor: AsyncIterable<string[]>,
  ): AsyncGenerator<string[]> {
    let found = false;
    try {
      for await (const batch of cursor) {
        found ||= batch.length > 0;
        yield batch;
      }
    } catch (error) {
      throw fromStoreError(error);
    }
    // A missing collection reads as empty in the engines; tell the two apart only then.
    if (!found) await this.assertExists(vault, name);
  }

  private findOptions(params: FindParams): FindOptions {
    const limit =
      params.limit === undefined || params.limit === 0
        ? MAX_FIND_LIMIT
        : Math.min(params.limit, MAX_FIND_LIMIT);
    return {
      ...(params.skip ? { skip: params.skip } : {}),
      limit,
      ...(params.sort ? { sort: params.sort as Record<string, 1 | -1> } : {}),
      ...(params.projection ? { projection: params.projection as Record<string, 0 | 1> } : {}),
    };
  }

  /** Counts in a turn of `asker`'s (see findCursor). */
  async count(
    vault: VaultSpace,
    name: string,
    filterInput: unknown,
    options: CountParams = {},
    asker: string = vault.userDid,
  ) {
    const collection = this.unchecked(vault, name);
    const filter = asObject(filterInput, 'filter') as Filter;
    const bound = this.gate.bound(options.maxTimeMS);
    try {
      const count = await this.gate.run(asker, bound, () =>
        collection.count(filter, {
          ...(options.skip !== undefined ? { skip: options.skip } : {}),
          ...(options.limit !== undefined ? { limit: options.limit } : {}),
          maxTimeMS: bound,
        }),
      );
      if (count === 0) await this.assertExists(vault, name);
      return { count };
    } catch (error) {
      throw fromStoreError(error);
    }
  }

  async listIndexes(vault: VaultSpace, name: string): Promise<{ indexes: IndexInfo[] }> {
    const collection = await this.existing(vault, name);
    return { indexes: await collection.listIndexes() };
  }

  /** Index storage is not charged to the quota (only documents are, as BSON). */
  async createIndex(
    vault: VaultSpace,
    name: string,
    keys: IndexKeys,
    options: IndexOptions = {},
  ): Promise<{ name: string }> {
    assertWritable(vault);
    const collection = await this.existing(vault, name);
    try {
      return { name: await collection.createIndex(keys, options) };
    } catch (error) {
      throw fromStoreError(error);
    }
  }

  async dropIndex(vault: VaultSpace, name: string, index: string): Promise<void> {
    assertWritable(vault);
    const collection = await this.existing(vault, name);
    let dropped: boolean;
    try {
      dropped = await collection.dropIndex(index);
    } catch (error) {
      throw fromStoreError(error);
    }
    if (!dropped) throw new CellaError('INDEX_NOT_FOUND', `no index named "${index}" on "${name}"`);
  }

  /**
   * The bytes one space holds (app statistics): its collections and scripts as database usage
   * counts them, plus the logical sizes of its files.
   */
  async spaceUsage(vault: VaultSpace): Promise<number> {
    const db = this.db(vault);
    let total = 0;
    for (const name of await db.listCollections()) {
      if (name === INTERNAL_COLLECTIONS.files) {
        for (const doc of await db.collection(name).find({}, { projection: { size: 1 } }))
          total += Number(doc.size) || 0;
      } else if (!isUnchargedCollection(name)) {
        total += await db.collection(name).dataBytes();
      }
    }
    return total;
  }

  /**
   * Recounts the document bytes of a vault, every space (repair job): user collections and
   * scripts; file metadata, transactions and collection flags are the node's bookkeeping (file
   * metadata counts as the files' sizes instead).
   */
  async recount(vault: VaultRecord): Promise<number> {
    const db = this.store.database(vault.database);
    let total = 0;
    for (const name of await db.listCollections()) {
      if (isUnchargedCollection(name)) continue;
      total += await db.collection(name).dataBytes();
    }
    return total;
  }
}
