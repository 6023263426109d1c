/**
 * The embedded DocumentStore: one SQLite file per database (`<dir>/<name>.sqlite`).
 *
 * Open files are kept in an LRU (`maxOpenDatabases`) so a node with many vaults does not run
 * out of file descriptors; handles returned by `database()` stay valid across closes (they look
 * their file up on every call). A database that was never written has no file: reads answer
 * empty and `listDatabases()` does not show it, as in MongoDB.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { insertBsonAsDocuments } from '../bson-batches.js';
import type {
  BsonBatch,
  BsonInsertResult,
  ChangeLog,
  ChangeLogSettings,
  Collection,
  Database,
  Document,
  DocumentStore,
  LayoutOptions,
} from '../document-store.js';
import {
  checkCollectionName,
  checkDatabaseName,
  checkFilter,
  checkFindOptions,
  checkPipeline,
} from '../query-guard.js';
import { resolveLimits } from '../store-limits.js';
import type { StoreLimits } from '../query-guard.js';
import { SqliteCollection } from './collection.js';
import type { CollectionHost } from './collection.js';
import { logRun, SqliteChangeLog } from './change-log.js';
import { DbFile } from './db-file.js';
import { bounded, Deadline } from './deadline.js';
import { withMingo } from './mingo-on-demand.js';
import { ReadPool } from './read-pool.js';
import type { ReadPoolStats } from './read-pool.js';
import { runRead } from './reads.js';
import { WriteThread } from './write-thread.js';
import type { BsonBatchAnswer, ReadAnswer, ReadRequest, Wanted } from './reads.js';

export interface SqliteDocumentStoreOptions {
  /** Directory holding one `<database>.sqlite` file per database (created with mode 700). */
  dir: string;
  limits?: Partial<StoreLimits>;
  /** Expression indexes created automatically per collection (see docs/document-store.md). Default 16. */
  maxAutoIndexes?: number;
  /** Database files kept open at once. Default 64. */
  maxOpenDatabases?: number;
  /** How long a writer waits for another process's write lock. Default 5000 ms. */
  busyTimeoutMs?: number;
  /**
   * Read worker threads (read-pool.ts). Default: the cores less one, at least 1. 0: reads run on
   * the calling thread (as before the pool; for comparison and single-threaded tools).
   */
  workers?: number;
  /** The time bound of a read that gives no `maxTimeMS`. Default 10000 ms. */
  maxTimeMs?: number;
  /** What logged writes append to their database's change log (without it nothing is logged). */
  changeLog?: ChangeLogSettings;
}

export const defaultReadWorkers = (): number => Math.max(1, availableParallelism() - 1);

const OptionsSchema = z.object({
  dir: z.string().min(1),
  limits: z.unknown().optional(),
  maxAutoIndexes: z.number().int().min(0).max(200).default(16),
  maxOpenDatabases: z.number().int().min(1).max(10_000).default(64),
  busyTimeoutMs: z.number().int().min(0).max(600_000).default(5000),
  workers: z.number().int().min(0).max(256).optional(),
  maxTimeMs: z.number().int().min(1).max(3_600_000).default(10_000),
  changeLog: z.unknown().optional(),
});

type ParsedOptions = z.infer<typeof OptionsSchema>;

const FILE_SUFFIX = '.sqlite';
const EXPORT_CHUNK = 1000;

export function createSqliteDocumentStore(options: SqliteDocumentStoreOptions): DocumentStore {
  const parsed = OptionsSchema.parse(options);
  return new SqliteDocumentStore(parsed.dir, resolveLimits(options.limits), parsed, options.changeLog);
}

/** The read pool of a SQLite store (tests, metrics): null when it runs reads inline. */
export function sqliteReadPool(store: DocumentStore): Pick<ReadPool, 'stats' | 'crashWorkerOf'> | null {
  return store instanceof SqliteDocumentStore ? store.pool : null;
}

export type { ReadPoolStats };

/**
 * The answer of a find, count or cursor start on a collection that does not exist (options
 * checked as the read would), or null to run the read.
 */
function emptyAnswer(request: ReadRequest, exists: boolean): unknown {
  if (exists) return null;
  switch (request.op) {
    case 'find':
      checkFindOptions(request.options);
      return { texts: [], wanted: [] };
    case 'count':
      checkFindOptions({ skip: request.options?.skip, limit: request.options?.limit });
      return { count: 0, wanted: [] };
    case 'cursorStart':
      checkFindOptions(request.options);
      return { batch: [], listed: null, stream: null, wanted: [] };
    case 'bsonBatch':
      return { bson: new Uint8Array(0), documents: 0, hashes: new Uint32Array(0), last: null };
    default:
      // Cursor steps end on their own; an aggregation may read other collections ($unionWith).
      return null;
  }
}

class SqliteDocumentStore implements DocumentStore {
  readonly engine = 'sqlite' as const;
  private readonly files = new Map<string, DbFile>();
  private readonly handles = new Map<string, SqliteDatabase>();
  /**
   * The file `fileOf` handed out last, already last in the LRU: asked for again (a request reads
   * its vault's file several times), it is not moved (a Map's delete and set per call).
   */
  private recent: { name: string; file: DbFile } | null = null;
  private closed = false;
  readonly pool: ReadPool | null;
  /** `insertBsonPages`' thread (write-thread.ts); none without workers (`workers: 0`). */
  readonly writer: WriteThread | null;
  readonly maxTimeMs: number;

  constructor(
    private readonly dir: string,
    readonly limits: StoreLimits,
    private readonly options: ParsedOptions,
    readonly logSettings: ChangeLogSettings | undefined,
  ) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    this.maxTimeMs = options.maxTimeMs;
    const size = options.workers ?? defaultReadWorkers();
    this.pool =
      size > 0
        ? new ReadPool({
            size,
            limits,
            busyTimeoutMs: options.busyTimeoutMs,
            maxOpenFiles: options.maxOpenDatabases,
          })
        : null;
    this.writer = size > 0 ? new WriteThread({ limits, busyTimeoutMs: options.busyTimeoutMs }) : null;
  }

  /**
   * Runs a read of database `name` within `budgetMs`: on the pool, or on this thread (`inline`, or
   * without workers). Then creates the automatic indexes it asked for.
   */
  async read<R extends ReadRequest>(
    name: string,
    request: R,
    budgetMs: number,
    inline: boolean,
    boundMs = budgetMs,
  ): Promise<ReadAnswer<R>> {
    const file = this.fileOf(name);
    let answer: ReadAnswer<R>;
    if (inline || !this.pool) {
      answer = (await withMingo(() =>
        bounded(Deadline.after(budgetMs, boundMs), () => runRead(file, this.limits, request)),
      )) as ReadAnswer<R>;
    } else {
      // Checked here too, so a bad query fails before it is sent anywhere.
      if ('filter' in request && request.op !== 'cursorStream') checkFilter(request.filter, this.limits);
      if (request.op === 'aggregate') checkPipeline(request.pipeline, this.limits);
      // Opened here first: the node's thread makes and migrates the schema (db-file.ts).
      const conn = file.read();
      // A collection that does not exist reads as empty. When the read starts no thread (a
      // worker is idle, or this database's reads fill the pool: read-pool.ts), the worker's read
      // finds that out in its own catalog lookup (reads.ts `withTable`), so this thread makes none
      // (a statement of every pooled read's cost here); otherwise the lookup here saves starting a
      // thread for nothing (the pool's first at rest, or another).
      const empty =
        conn === null
          ? emptyAnswer(request, false)
          : this.pool.startsNoThread(name)
            ? null
            : emptyAnswer(request, file.tableOf(conn, request.collection) !== undefined);
      answer =
        (empty as ReadAnswer<R> | null) ?? (await this.pool.run(name, file.path, request, budgetMs, boundMs));
    }
    const wanted = (answer as { wanted?: Wanted[] }).wanted;
    if (wanted) for (const w of wanted) this.fileOf(name).ensureAutoIndexes(w.tbl, w.keys, false);
    return answer;
  }

  private pathOf(name: string): string {
    return join(this.dir, `${name}${FILE_SUFFIX}`);
  }

  /** The file of a database, most recently used last; closes idle files beyond the LRU size. */
  fileOf(name: string): DbFile {
    if (this.closed) throw new Error('DocumentStore is closed');
    if (this.recent?.name === name) return this.recent.file;
    let file = this.files.get(name);
    if (file) {
      this.files.delete(name);
    } else {
      file = new DbFile(this.pathOf(name), {
        maxAutoIndexes: this.options.maxAutoIndexes,
        busyTimeoutMs: this.options.busyTimeoutMs,
      });
    }
    this.files.set(name, file);
    if (this.files.size > this.options.maxOpenDatabases) this.evict();
    // Unless evicted right away (every other file busy), it is the last in the LRU now.
    this.recent = this.files.get(name) === file ? { name, file } : null;
    return file;
  }

  private evict(): void {
    for (const [name, file] of this.files) {
      if (this.files.size <= this.options.maxOpenDatabases) return;
      if (!file.idle) continue;
      file.close();
      this.files.delete(name);
      if (this.recent?.name === name) this.recent = null;
    }
  }

  database(name: string): Database {
    checkDatabaseName(name);
    let handle = this.handles.get(name);
    if (!handle) {
      handle = new SqliteDatabase(this, name);
      this.handles.set(name, handle);
    }
    return handle;
  }

  async listDatabases(): Promise<string[]> {
    return readdirSync(this.dir)
      .filter((f) => f.endsWith(FILE_SUFFIX))
      .map((f) => f.slice(0, -FILE_SUFFIX.length))
      .filter((n) => /^[a-z0-9_]{1,63}$/.test(n))
      .sort();
  }

  async dropDatabase(name: string): Promise<boolean> {
    checkDatabaseName(name);
    const file = this.files.get(name);
    if (file) {
      // Let the writes queued or under way (a transaction held open by a beforeCommit) finish first.
      await file.closeAfterWrites();
      this.files.delete(name);
      if (this.recent?.name === name) this.recent = null;
    }
    const path = this.pathOf(name);
    const existed = (await this.listDatabases()).includes(name);
    // Workers holding the file open would go on reading the deleted one.
    this.pool?.forget(path);
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${path}${suffix}`, { force: true });
    return existed;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    for (const file of this.files.values()) await file.closeAfterWrites();
    this.files.clear();
    this.recent = null;
    this.closed = true;
    await this.writer?.close();
    await this.pool?.close();
  }
}

class SqliteDatabase implements Database, CollectionHost {
  constructor(
    private readonly store: SqliteDocumentStore,
    readonly name: string,
  ) {}

  get limits(): StoreLimits {
    return this.store.limits;
  }

  get maxTimeMs(): number {
    return this.store.maxTimeMs;
  }

  get logSettings(): ChangeLogSettings | undefined {
    return this.store.logSettings;
  }

  file(): DbFile {
    return this.store.fileOf(this.name);
  }

  read<R extends ReadRequest>(
    request: R,
    budgetMs: number | undefined,
    inline: boolean,
    boundMs?: number,
  ): Promise<ReadAnswer<R>> {
    return this.store.read(this.name, request, budgetMs ?? this.store.maxTimeMs, inline, boundMs);
  }

  async listCollections(): Promise<string[]> {
    const file = this.file();
    const conn = file.read();
    if (!conn) return [];
    return file.stmt(conn, 'SELECT name FROM _cella_collections ORDER BY name', true).all() as string[];
  }

  async createCollection(name: string, options?: LayoutOptions): Promise<boolean> {
    checkCollectionName(name);
    const file = this.file();
    const log = logRun(this, options?.log);
    const write = file.write((conn) => {
      const [, created] = file.ensureTable(conn, name);
      if (created) log?.append(conn, [{ op: 'createCollection', collection: name }]);
      return { created, bytesDelta: 0 };
    });
    return (await (log ? log.after(write) : write)).created;
  }

  async dropCollection(name: string, options?: LayoutOptions): Promise<boolean> {
    checkCollectionName(name);
    const file = this.file();
    if (!file.exists()) return false;
    const log = logRun(this, options?.log);
    const write = file.write((conn) => {
      const dropped = file.dropTable(conn, name);
      if (dropped) log?.append(conn, [{ op: 'dropCollection', collection: name }]);
      return { dropped, bytesDelta: 0 };
    });
    return (await (log ? log.after(write) : write)).dropped;
  }

  async hasCollection(name: string): Promise<boolean> {
    checkCollectionName(name);
    const file = this.file();
    const conn = file.read();
    return conn ? file.tableOf(conn, name) !== undefined : false;
  }

  collection(name: string): Collection {
    return new SqliteCollection(this, name);
  }

  async dataBytes(): Promise<number> {
    const file = this.file();
    const conn = file.read();
    if (!conn) return 0;
    return (
      (file.stmt(conn, 'SELECT COALESCE(SUM(bytes), 0) FROM _cella_collections', true).get() as number) ?? 0
    );
  }

  changeLog(): ChangeLog {
    return new SqliteChangeLog(this);
  }

  /**
   * On the writer thread (write-thread.ts) when there is one and the collection has no index but
   * its own: the pages' bytes are copied into one buffer handed over to it, and the load runs as an
   * exclusive step of the database's group commit (the node's own writes to it wait meanwhile,
   * in its queue, rather than on SQLite's lock). Otherwise decoded here and inserted by `insertMany`.
   */
  async insertBsonPages(collection: string, pages: Uint8Array[]): Promise<BsonInsertResult> {
    checkCollectionName(collection);
    let size = 0;
    for (const page of pages) size += page.length;
    const writer = this.store.writer;
    if (size > 0 && writer) {
      const bson = new Uint8Array(size);
      let at = 0;
      for (const page of pages) {
        bson.set(page, at);
        at += page.length;
      }
      const file = this.file();
      const tbl = await file.transaction((conn) => {
        const [table] = file.ensureTable(conn, collection);
        return file.indexes(conn, table).length === 0 ? table : null;
      });
      if (tbl !== null) {
        const result = await file.alone(() => writer.insert(file.path, collection, tbl, bson));
        if (result) return result;
      }
    }
    return insertBsonAsDocuments(this.collection(collection), pages);
  }

  async *exportCollections(): AsyncIterable<{ collection: string; documents: Document[] }> {
    for (const name of await this.listCollections()) {
      let any = false;
      for (const documents of new SqliteCollection(this, name).chunks(EXPORT_CHUNK)) {
        any = true;
        yield { collection: name, documents };
      }
      if (!any) yield { collection: name, documents: [] };
    }
  }

  /**
   * Read and encoded on the read pool (reads.ts `bsonBatch`), one batch at a time, the next one
   * read while the caller handles the last.
   */
  async *exportCollectionsBson(): AsyncIterable<BsonBatch> {
    const batchAfter = (collection: string, after: number): Promise<BsonBatchAnswer> => {
      const read = this.read({ op: 'bsonBatch', collection, after }, undefined, false);
      read.catch(() => undefined); // awaited in its turn (not an unhandled rejection if never)
      return read;
    };
    for (const name of await this.listCollections()) {
      let any = false;
      let next: Promise<BsonBatchAnswer> | null = batchAfter(name, 0);
      while (next) {
        const batch: BsonBatchAnswer = await next;
        next = batch.last === null ? null : batchAfter(name, batch.last);
        if (batch.documents === 0) continue;
        any = true;
        yield { collection: name, bson: batch.bson, documents: batch.documents, hashes: batch.hashes };
      }
      if (!any) yield { collection: name, bson: new Uint8Array(0), documents: 0, hashes: new Uint32Array(0) };
    }
  }
}
