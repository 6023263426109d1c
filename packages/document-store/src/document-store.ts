/**
 * The DocumentStore port: named databases of named collections of JSON documents with MongoDB
 * query, update, sort and projection semantics. Every engine (SQLite embedded, MongoDB at scale)
 * implements it and passes the shared conformance suite in `src/testing/conformance.ts`.
 *
 * Values are what the official `mongodb` driver hands out: plain JSON values plus BSON `ObjectId`
 * and `Date` (import them from `mongodb`). The HTTP layer converts Extended JSON ({"$oid"}, {"$date"})
 * to these types before calling the port and back when answering.
 *
 * One database per vault (`node_user_<hash>`), one node-wide database for node metadata
 * (challenges' nonces, CID reference counts, vault records, orders, ...). Engines keep no state
 * that another node process sharing the same storage would need.
 */
import type { ObjectId } from 'mongodb';

export type DocumentId = ObjectId | string | number;
export type Document = Record<string, unknown>;
export type Filter = Record<string, unknown>;
export type Update = Record<string, unknown> | Record<string, unknown>[];
export type SortSpec = Record<string, 1 | -1>;
export type Projection = Record<string, 0 | 1 | boolean>;
/** An index's keys in order: `{a: 1, b: -1}` (ascending a, then descending b). */
export type IndexKeys = Record<string, 1 | -1>;

export interface IndexOptions {
  /** Refuse a second document with the same key values (as MongoDB: missing fields count as null). */
  unique?: boolean;
  /** Default: MongoDB's `a_1_b_-1`. */
  name?: string;
}

export interface IndexInfo {
  name: string;
  key: IndexKeys;
  unique: boolean;
  /** Created by the engine for a filtered or sorted field (docs/document-store.md, "Indexes"). */
  auto: boolean;
}

export interface FindOptions {
  projection?: Projection;
  /** Applied in key order; ties keep insertion order (natural order). */
  sort?: SortSpec;
  skip?: number;
  /** 0 or absent = no limit. */
  limit?: number;
}

export interface CountOptions {
  skip?: number;
  limit?: number;
}

/**
 * Called inside the write's transaction with the change in stored bytes the write causes
 * (BSON size of documents added minus removed). Throwing aborts the write: nothing is stored.
 * Used to enforce vault quotas without partial writes. It may run more than once for one write
 * (the SQLite engine runs a batch of writes again when another write's hook refused; MongoDB
 * retries a transaction after a transient error), so a run must first undo what an earlier run did;
 * and the write may still fail after it ran (the caller undoes it then).
 */
export type BeforeCommit = (bytesDelta: number) => void | Promise<void>;

export interface WriteOptions {
  beforeCommit?: BeforeCommit;
  /**
   * The collection must exist already: a write to a missing one fails with StoreError
   * 'NO_COLLECTION' and stores nothing (by default a write creates it, as in MongoDB). The SQLite
   * engine checks inside the write's own transaction, without a separate read.
   */
  requireCollection?: boolean;
}

export interface InsertResult {
  insertedIds: DocumentId[];
  bytesDelta: number;
}

export interface UpdateOptions extends WriteOptions {
  upsert?: boolean;
}

export interface UpdateResult {
  matchedCount: number;
  modifiedCount: number;
  upsertedId: DocumentId | null;
  bytesDelta: number;
}

/** `sort` picks which document when several match (default: natural order). */
export interface FindOneAndUpdateOptions extends WriteOptions {
  upsert?: boolean;
  sort?: SortSpec;
}

export interface FindOneAndDeleteOptions extends WriteOptions {
  sort?: SortSpec;
}

export interface DeleteResult {
  deletedCount: number;
  bytesDelta: number;
}

export interface Collection {
  readonly name: string;
  /**
   * Inserts all or nothing; `_id` is generated (ObjectId) when absent. Duplicate `_id`, or a value a
   * unique index already holds → StoreError 'DUPLICATE_KEY'.
   */
  insertMany(docs: Document[], options?: WriteOptions): Promise<InsertResult>;
  find(filter: Filter, options?: FindOptions): Promise<Document[]>;
  /**
   * A cursor over the documents `find` returns, each as its relaxed Extended JSON text
   * (`stringifyExtJson`), for answers that go out as JSON: an engine that stores documents as such
   * text (SQLite) hands the stored text out without decoding and re-encoding it.
   *
   * The texts come in batches, read as the consumer pulls them: the engine holds one batch at a
   * time (about 1 MiB of text, or one document), so an answer of any size is written with bounded
   * memory. The filter and options are checked on the first pull, so a bad query fails before any
   * document. Later batches see writes made in between (it is not a snapshot): a document is never
   * seen twice, and one that is neither added nor removed meanwhile is never missed. A sort keeps
   * the matches' sort keys, not the documents, in memory; an engine may refuse (BAD_QUERY) a sort
   * whose keys would need too much of it. Stopping early (`break`) releases the cursor.
   */
  findExtJsonCursor(filter: Filter, options?: FindOptions): AsyncIterable<string[]>;
  findOne(filter: Filter, options?: Pick<FindOptions, 'projection' | 'sort'>): Promise<Document | null>;
  count(filter: Filter, options?: CountOptions): Promise<number>;
  updateOne(filter: Filter, update: Update, options?: UpdateOptions): Promise<UpdateResult>;
  updateMany(filter: Filter, update: Update, options?: UpdateOptions): Promise<UpdateResult>;
  /** Replaces the whole document (keeps `_id`). */
  replaceOne(filter: Filter, replacement: Document, options?: UpdateOptions): Promise<UpdateResult>;
  deleteOne(filter: Filter, options?: WriteOptions): Promise<DeleteResult>;
  deleteMany(filter: Filter, options?: WriteOptions): Promise<DeleteResult>;
  /**
   * Atomically finds one matching document, applies the update and returns the document after
   * the update (or null when nothing matched and no upsert). Used for single-use tokens and counters.
   */
  findOneAndUpdate(
    filter: Filter,
    update: Update,
    options?: FindOneAndUpdateOptions,
  ): Promise<Document | null>;
  /** Atomically deletes one matching document and returns it (null when none matched). */
  findOneAndDelete(filter: Filter, options?: FindOneAndDeleteOptions): Promise<Document | null>;
  /** Runs an aggregation pipeline inside this database ($lookup/$merge/$out restricted to it). */
  aggregate(pipeline: Document[]): Promise<Document[]>;
  /** Sum of the BSON sizes of the stored documents. */
  dataBytes(): Promise<number>;
  /**
   * Creates an index (and the collection if needed); returns its name. The same keys and options
   * under the same name again is a no-op. An automatic index on the same keys is replaced.
   * StoreError 'BAD_INDEX' (invalid keys, name or too many indexes), 'INDEX_CONFLICT' (the name or
   * the keys are taken by a different index), 'DUPLICATE_KEY' (a unique index over duplicates).
   */
  createIndex(keys: IndexKeys, options?: IndexOptions): Promise<string>;
  /** The collection's indexes, `_id_` first; empty when the collection does not exist. */
  listIndexes(): Promise<IndexInfo[]>;
  /** Returns false when no index has that name. `_id_` cannot be dropped ('BAD_INDEX'). */
  dropIndex(name: string): Promise<boolean>;
}

export interface Database {
  readonly name: string;
  listCollections(): Promise<string[]>;
  /** Returns false when the collection already existed. */
  createCollection(name: string): Promise<boolean>;
  /** Returns false when the collection did not exist. */
  dropCollection(name: string): Promise<boolean>;
  hasCollection(name: string): Promise<boolean>;
  /** A handle; the collection is created on first write if it does not exist yet. */
  collection(name: string): Collection;
  /** Sum of dataBytes() over all collections. */
  dataBytes(): Promise<number>;
  /**
   * Every collection's documents, in natural order (backups). A large collection comes in several
   * consecutive chunks with the same `collection` name; an empty one comes once with no documents.
   */
  exportCollections(): AsyncIterable<{ collection: string; documents: Document[] }>;
}

export interface DocumentStore {
  readonly engine: 'sqlite' | 'mongodb';
  database(name: string): Database;
  listDatabases(): Promise<string[]>;
  /** Returns false when it did not exist. */
  dropDatabase(name: string): Promise<boolean>;
  close(): Promise<void>;
}

export type StoreErrorCode =
  | 'DUPLICATE_KEY'
  | 'BAD_QUERY'
  | 'BAD_UPDATE'
  | 'DOCUMENT_TOO_LARGE'
  | 'TOO_DEEP'
  /** An operator that runs code or reaches outside the database ($where, $function, $out, ...). */
  | 'FORBIDDEN_OPERATOR'
  /** A document the store refuses: `$`-prefixed or dotted keys, NUL in keys, unsupported value types. */
  | 'BAD_DOCUMENT'
  /** An invalid database or collection name. */
  | 'BAD_NAME'
  /** A value that cannot be converted (malformed Extended JSON, e.g. `{"$oid": "xyz"}`). */
  | 'BAD_VALUE'
  /** A write with `requireCollection` to a collection that does not exist. */
  | 'NO_COLLECTION'
  /** An invalid index specification or name, or a collection with as many indexes as allowed. */
  | 'BAD_INDEX'
  /** An index name or key pattern already used by a different index. */
  | 'INDEX_CONFLICT'
  /**
   * The storage the engine writes to is full (SQLite's "database or disk is full", ENOSPC): the
   * write stored nothing; deletes still work and free space. Not the caller's fault, nor a quota.
   */
  | 'STORAGE_FULL';

/** Engine-neutral error; the service layer maps it to the HTTP error. */
export class StoreError extends Error {
  constructor(
    readonly code: StoreErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'StoreError';
  }
}
