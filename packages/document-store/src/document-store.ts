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
  /** Log the index's creation (see WriteOptions.log). */
  log?: LogContext;
}

/** Options of the writes that change a database's layout (collections, indexes). */
export interface LayoutOptions {
  /** Log the change (see WriteOptions.log). */
  log?: LogContext;
}

export interface IndexInfo {
  name: string;
  key: IndexKeys;
  unique: boolean;
  /** Created by the engine for a filtered or sorted field (docs/document-store.md, "Indexes"). */
  auto: boolean;
}

/**
 * Every read that evaluates a caller's filter is time-bounded: past its bound the engine stops it
 * (the database stops reading) and the call fails with StoreError 'TIMEOUT'.
 */
export interface ReadOptions {
  /**
   * The bound of this read in milliseconds (MongoDB's `maxTimeMS`); absent or 0: the engine's
   * default bound. A cursor's bound covers the reading of all its batches, not the time its
   * consumer takes between them.
   */
  maxTimeMS?: number;
}

export interface FindOptions extends ReadOptions {
  projection?: Projection;
  /** Applied in key order; ties keep insertion order (natural order). */
  sort?: SortSpec;
  skip?: number;
  /** 0 or absent = no limit. */
  limit?: number;
}

export interface CountOptions extends ReadOptions {
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
   * Log this write's changes: each change it makes is handed to the store's `describe`
   * (ChangeLogSettings) with this context, and the entries it returns are appended to the
   * database's change log in the write's own transaction ("The change log" below says how
   * each engine keeps that promise). Absent: the write leaves no entry.
   */
  log?: LogContext;
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
  findOne(
    filter: Filter,
    options?: Pick<FindOptions, 'projection' | 'sort' | 'maxTimeMS'>,
  ): Promise<Document | null>;
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
  aggregate(pipeline: Document[], options?: ReadOptions): Promise<Document[]>;
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
  dropIndex(name: string, options?: LayoutOptions): Promise<boolean>;
}

export interface Database {
  readonly name: string;
  listCollections(): Promise<string[]>;
  /** Returns false when the collection already existed (then nothing is logged). */
  createCollection(name: string, options?: LayoutOptions): Promise<boolean>;
  /** Returns false when the collection did not exist (then nothing is logged). */
  dropCollection(name: string, options?: LayoutOptions): Promise<boolean>;
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
  /**
   * `exportCollections` encoded: the same batches' documents as BSON, one after another, each
   * exactly `BSON.serialize(doc, { ignoreUndefined: true })` (bsonspec.org: it starts with its
   * int32 length). The SQLite engine reads and encodes them on its read workers, so the caller's
   * thread handles bytes only (vault exports).
   */
  exportCollectionsBson(): AsyncIterable<BsonBatch>;
  /**
   * Bulk load: inserts documents given as BSON (each page holds documents one after another, each
   * starting with its int32 length, as `exportCollectionsBson` gives them) into `collection`
   * (created if needed), in order, `_id`s kept, as one `insertMany` of the decoded documents would:
   * each document checked as `insertMany` checks it, all or nothing, a duplicate `_id` refused
   * ('DUPLICATE_KEY'), malformed BSON refused ('BAD_DOCUMENT'). Neither logged nor hooked
   * (`beforeCommit`): it is for filling a database no request uses yet (a vault import's staging
   * database). The SQLite engine decodes and writes the documents on a writer thread of its own,
   * holding the database's other writes meanwhile, so the caller's thread only hands over bytes.
   */
  insertBsonPages(collection: string, pages: Uint8Array[]): Promise<BsonInsertResult>;
  /** This database's change log (change-log.ts). */
  changeLog(): ChangeLog;
}

/** What `insertBsonPages` stored: documents, and their BSON size as `insertMany`'s `bytesDelta` counts it. */
export interface BsonInsertResult {
  inserted: number;
  bytesDelta: number;
}

/** A batch of `exportCollectionsBson`: `documents` BSON documents one after another. */
export interface BsonBatch {
  collection: string;
  bson: Uint8Array;
  documents: number;
  /**
   * Each document's SHA-256, its first four bytes as a big-endian integer: what a caller cutting
   * the documents into content-defined pages reads (exports), hashed where the batch was encoded.
   */
  hashes: Uint32Array;
}

export interface DocumentStore {
  readonly engine: 'sqlite' | 'mongodb';
  database(name: string): Database;
  listDatabases(): Promise<string[]>;
  /** Returns false when it did not exist. */
  dropDatabase(name: string): Promise<boolean>;
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// The change log

/**
 * The change log of a database: an append-only list of entries, each with a sequence number that
 * only grows (never reused, also after trimming) and the time it was appended. A write asks for its
 * changes to be logged (`WriteOptions.log`); the engine hands every change it makes to the store's
 * `describe` and appends the entries it returns *in the write's own transaction*: no committed
 * write lacks its entries, and a write that rolled back (or was refused) has none. Readers tail the
 * log by sequence number, so any process sharing the storage sees every entry in order.
 *
 * How each engine keeps that promise:
 * - SQLite: the entries are rows of `_cella_log` in the database's own file, inserted inside the
 *   write's savepoint of the group commit (sqlite/change-log.ts).
 * - MongoDB with transactions: inside the write's transaction. Without (FerretDB, a standalone
 *   server), an ordered write under a lock shared by every process (mongodb/change-log.ts): the
 *   entries are stored first as *pending* with a check of what the write will leave, then the data
 *   is written, then the entries are committed; readers stop at a pending entry, and a pending entry
 *   whose writer died is resolved by that check (kept if the store shows its change, dropped if not).
 *
 * What the entries say is the server's business: the port carries them as JSON object texts.
 */

/** What a write says about itself to `describe` (e.g. a file moved from another path). */
export type LogContext = Readonly<Record<string, string | number | boolean | null>>;

/** One change a logged write made, as the engine reports it. `collection` is the stored name. */
export type Change =
  | {
      op: 'insert' | 'update';
      collection: string;
      id: DocumentId;
      /** The document as stored after the write. */
      doc: Document;
      /** Its relaxed Extended JSON text (`stringifyExtJson`). */
      text: string;
    }
  | {
      op: 'delete';
      collection: string;
      id: DocumentId;
      /** The document as it was. */
      doc: Document;
      text: string;
    }
  | { op: 'createCollection' | 'dropCollection'; collection: string }
  | { op: 'createIndex'; collection: string; index: IndexInfo }
  | { op: 'dropIndex'; collection: string; index: string };

export interface ChangeLogSettings {
  /**
   * The entry a change leaves in the log: the text of a JSON object, or null for none. Called
   * inside the write (synchronously, possibly more than once for one write: a batch may run again).
   */
  describe(change: Change, context: LogContext): string | null;
  /** Called in this process once a write's entries are committed (`head`: the newest sequence number). */
  appended?(database: string, head: number): void;
  /** Milliseconds since the epoch for `at` (default Date.now). */
  clock?: () => number;
}

/** One entry of the log. */
export interface LogRecord {
  seq: number;
  /** When it was appended (ms since the epoch). */
  at: number;
  /** The JSON object text `describe` (or `append`) gave. */
  entry: string;
}

export interface LogBounds {
  /** The newest sequence number handed out (0 when nothing was ever logged). */
  head: number;
  /** The oldest sequence number still held; head + 1 when the log holds nothing. */
  oldest: number;
}

export interface TrimOptions {
  /** Keep at most this many of the newest entries. */
  maxEntries?: number;
  /** Drop the entries appended before this time (ms since the epoch). */
  before?: number;
}

export interface ChangeLog {
  bounds(): Promise<LogBounds>;
  /**
   * Committed entries with a sequence number above `after`, in order, at most `limit` (fewer when a
   * pending entry comes first: an entry is handed out only once every entry before it is).
   */
  read(after: number, limit: number): Promise<LogRecord[]>;
  /**
   * Appends entries in a transaction of their own: for changes kept outside this database (a vault's
   * plan lives in the node database). Returns the sequence number of the last one (the head).
   */
  append(entries: string[]): Promise<number>;
  /** Drops the oldest entries (only ever a prefix: the log keeps no holes). Returns how many went. */
  trim(options: TrimOptions): Promise<number>;
  /** Numbering continues above `seq` (a database that takes over another's log, e.g. a restore). */
  continueAfter(seq: number): Promise<void>;
}

/** Reads at most this many entries at once, whatever a caller asks. */
export const MAX_LOG_READ = 1000;

/** The oldest sequence number a log still holds, from its head and its first entry (if any). */
export function boundsOf(head: number, first: number | undefined): LogBounds {
  return { head, oldest: first ?? head + 1 };
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
   * A read ran past its time bound (`maxTimeMS`, else the engine's default) and was stopped:
   * MongoDB's MaxTimeMSExpired (error 50).
   */
  | 'TIMEOUT'
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
