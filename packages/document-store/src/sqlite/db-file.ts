/**
 * One SQLite file = one database of the DocumentStore.
 *
 * Layout: a catalog table `_cella_collections(name, tbl, bytes)` and one table per collection,
 * `c_<random hex>(rid INTEGER PRIMARY KEY, id TEXT UNIQUE, size, doc)`:
 * - a table per collection (rather than one table with a collection column) so that each
 *   collection's expression indexes cover only its own rows, dropping a collection is a DROP TABLE,
 *   natural order is the rowid, and a count is a COUNT(*) over that table alone;
 * - random table names, never reused, so a statement prepared against a dropped collection fails
 *   instead of silently reading a new collection of the same name;
 * - `bytes` keeps each collection's BSON size up to date inside every write transaction, so
 *   `dataBytes()` is one row read;
 * - `_cella_log` is the database's change log (change-log.ts).
 *
 * Two connections per file on the node's thread: a writer, whose transactions go through the group
 * commit, and a reader (query_only) that sees committed data only, so reads never wait behind a
 * write transaction held open across an async `beforeCommit`. Reads whose cost a caller controls
 * run on the read workers' own connections instead (read-pool.ts); this reader serves the bounded
 * ones (one document by `_id`, the catalog). WAL + synchronous=NORMAL: a committed write survives a
 * crash of the process (not necessarily a power cut). busy_timeout lets several node processes
 * share the file: SQLite serialises their writers.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { BeforeCommit } from '../document-store.js';
import { GroupCommit } from './group-commit.js';
import { AUTO_PREFIX, autoIndexName } from '../index-spec.js';
import { registerLive } from './deadline.js';
import { CATALOG_SCHEMA, IndexCatalog, specOf } from './index-catalog.js';
import type { IndexSpec } from './index-catalog.js';
import type { ReadAccess } from './read-access.js';
import { Statements } from './statements.js';
import { storageFullError } from './storage-full.js';

type Connection = Database.Database;
type Statement = Database.Statement;

export interface DbFileOptions {
  maxAutoIndexes: number;
  busyTimeoutMs: number;
}

/**
 * Schema 1: before the index catalog; its automatic indexes (`ax_...` on `json_extract`) are
 * dropped when the file is first opened as schema 2 (they come back in the new form on use).
 */
const SCHEMA_VERSION = '2';
const SCHEMA = `
CREATE TABLE IF NOT EXISTS _cella_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
INSERT OR IGNORE INTO _cella_meta (key, value) VALUES ('schema', '${SCHEMA_VERSION}');
CREATE TABLE IF NOT EXISTS _cella_collections (
  name TEXT PRIMARY KEY,
  tbl TEXT NOT NULL UNIQUE,
  bytes INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
) WITHOUT ROWID;
${CATALOG_SCHEMA}
CREATE TABLE IF NOT EXISTS _cella_log (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  at INTEGER NOT NULL,
  entry TEXT NOT NULL
);`;

function migrate(conn: Database.Database): void {
  const version = conn.prepare("SELECT value FROM _cella_meta WHERE key = 'schema'").pluck().get();
  if (version !== '1') return;
  const old = conn
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'ax\\_%' ESCAPE '\\'`)
    .pluck()
    .all() as string[];
  for (const name of old) conn.exec(`DROP INDEX "${name}"`);
  conn.prepare("UPDATE _cella_meta SET value = ? WHERE key = 'schema'").run(SCHEMA_VERSION);
}

/** Runs `work` in one read transaction of `conn` (or inside the one already open). */
export function inReadTransaction<T>(
  access: Pick<ReadAccess, 'stmt'>,
  conn: Connection,
  work: (conn: Connection) => T,
): T {
  if (conn.inTransaction) return work(conn);
  access.stmt(conn, 'BEGIN').run();
  try {
    return work(conn);
  } finally {
    if (conn.inTransaction) access.stmt(conn, 'COMMIT').run();
  }
}

export class DbFile implements ReadAccess {
  private writer: Connection | null = null;
  private reader: Connection | null = null;
  private readonly statements = new Statements();
  readonly catalog = new IndexCatalog((conn, sql, pluck) => this.stmt(conn, sql, pluck));
  private readonly commits = new GroupCommit({
    connection: () => this.writeConnection(),
    exec: (conn, sql) => void this.stmt(conn, sql).run(),
    rolledBack: (conn) => this.catalog.forget(conn),
  });

  constructor(
    readonly path: string,
    private readonly options: DbFileOptions,
  ) {}

  get isOpen(): boolean {
    return this.writer !== null;
  }

  /** True when the file exists (reads of a database that does not exist answer empty, creating nothing). */
  exists(): boolean {
    return this.writer !== null || existsSync(this.path);
  }

  private open(): void {
    if (this.writer) return;
    const writer = new Database(this.path, { timeout: this.options.busyTimeoutMs });
    try {
      writer.pragma('journal_mode = WAL');
      writer.pragma('synchronous = NORMAL');
      writer.exec('BEGIN IMMEDIATE');
      writer.exec(SCHEMA);
      migrate(writer);
      writer.exec('COMMIT');
      const reader = new Database(this.path, { timeout: this.options.busyTimeoutMs });
      reader.pragma('query_only = ON');
      // Both run read plans (a write selects its targets with one), whose SQL checks a deadline.
      registerLive(writer);
      registerLive(reader);
      this.writer = writer;
      this.reader = reader;
    } catch (err) {
      writer.close();
      throw err;
    }
  }

  /** The read connection, or null when the database does not exist. */
  read(): Connection | null {
    if (!this.exists()) return null;
    this.open();
    return this.reader;
  }

  /**
   * Runs `work` on the read connection in one read transaction: its statements share one snapshot
   * and take the WAL read lock once, instead of once each (a lock and an unlock, i.e. fcntl calls,
   * per statement otherwise: a good part of a small indexed read). `absent` when the database does
   * not exist. `work` must not leave a statement iterating.
   */
  reading<T>(absent: T, work: (conn: Connection) => T): T {
    const conn = this.read();
    return conn ? inReadTransaction(this, conn, work) : absent;
  }

  /** No write queued or under way: the file may be closed. */
  get idle(): boolean {
    return this.commits.idle;
  }

  /** Closes the file once the writes queued before have run. */
  closeAfterWrites(): Promise<void> {
    return this.commits.exclusive(() => this.close());
  }

  /**
   * Runs `work` (a write on another connection: write-thread.ts) alone, after the writes queued
   * before it and before any queued after it.
   */
  alone<T>(work: () => Promise<T>): Promise<T> {
    return this.commits.exclusive(work).catch(rethrowStorageFull);
  }

  /** The write connection (creates the file). Use only inside a write's work or while `idle`. */
  writeConnection(): Connection {
    this.open();
    return this.writer as Connection;
  }

  close(): void {
    this.reader?.close();
    this.writer?.close();
    this.reader = null;
    this.writer = null;
  }

  stmt(conn: Connection, sql: string, pluck = false): Statement {
    return this.statements.stmt(conn, sql, pluck);
  }

  /** The table of a collection, or undefined when it does not exist. */
  tableOf(conn: Connection, collection: string): string | undefined {
    return this.stmt(conn, 'SELECT tbl FROM _cella_collections WHERE name = ?', true).get(collection) as
      string | undefined;
  }

  /** Creates the collection's table if needed (call inside a write transaction). Returns [table, created]. */
  ensureTable(conn: Connection, collection: string): [string, boolean] {
    const existing = this.tableOf(conn, collection);
    if (existing) return [existing, false];
    const tbl = `c_${randomBytes(8).toString('hex')}`;
    conn.exec(
      `CREATE TABLE "${tbl}" (rid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, size INTEGER NOT NULL, doc TEXT NOT NULL)`,
    );
    this.stmt(conn, 'INSERT INTO _cella_collections (name, tbl, bytes, created_at) VALUES (?, ?, 0, ?)').run(
      collection,
      tbl,
      Date.now(),
    );
    return [tbl, true];
  }

  /** Drops the collection's table (call inside a write transaction). Returns false when it did not exist. */
  dropTable(conn: Connection, collection: string): boolean {
    const tbl = this.tableOf(conn, collection);
    if (!tbl) return false;
    conn.exec(`DROP TABLE "${tbl}"`);
    this.stmt(conn, 'DELETE FROM _cella_collections WHERE name = ?').run(collection);
    this.catalog.removeTable(conn, tbl);
    return true;
  }

  addBytes(conn: Connection, collection: string, delta: number): void {
    if (delta !== 0)
      this.stmt(conn, 'UPDATE _cella_collections SET bytes = bytes + ? WHERE name = ?').run(
        delta,
        collection,
      );
  }

  /**
   * Runs `work` in a write transaction, then `beforeCommit(bytesDelta)`; resolves once committed,
   * rejects (nothing of this write stored) when either throws. Writes queued in the same turn of the
   * event loop share one transaction and one commit (group-commit.ts).
   */
  write<T extends { bytesDelta: number }>(
    work: (conn: Connection) => T,
    beforeCommit?: BeforeCommit,
  ): Promise<T> {
    return this.commits
      .transaction(work, beforeCommit && ((result) => beforeCommit(result.bytesDelta)))
      .catch(rethrowStorageFull);
  }

  /** Runs `work` (single statements) in a write transaction, without a hook. */
  transaction<T>(work: (conn: Connection) => T): Promise<T> {
    return this.commits.transaction(work).catch(rethrowStorageFull);
  }

  private rollback(conn: Connection): void {
    if (conn.inTransaction) conn.exec('ROLLBACK');
    this.catalog.forget(conn);
  }

  /** The indexes of a collection table, as `conn` sees them. */
  indexes(conn: Connection, tbl: string): IndexSpec[] {
    return this.catalog.list(conn, tbl);
  }

  /**
   * Creates the automatic indexes a query asked for (planner.ts `wantedIndexes`), at most
   * `maxAutoIndexes` per collection. `inWrite` = called inside our own write transaction;
   * otherwise only when no transaction is open (a read never waits for one; the next one retries).
   */
  ensureAutoIndexes(tbl: string, wanted: [string, 1 | -1][][], inWrite: boolean): void {
    if (wanted.length === 0 || this.options.maxAutoIndexes === 0) return;
    const conn = this.writeConnection();
    if (!inWrite && conn.inTransaction) return;
    const existing = this.catalog.list(conn, tbl);
    let autos = existing.filter((i) => i.auto).length;
    const create: IndexSpec[] = [];
    for (const keys of wanted) {
      if (autos >= this.options.maxAutoIndexes) break;
      const name = autoIndexName(keys);
      if (!name.startsWith(AUTO_PREFIX) || existing.some((i) => i.name === name)) continue;
      create.push(specOf(tbl, name, keys, { unique: false, auto: true }));
      autos++;
    }
    if (create.length === 0) return;
    try {
      if (!inWrite) conn.exec('BEGIN IMMEDIATE');
      // The table may have been dropped by another process meanwhile.
      if (this.stmt(conn, 'SELECT 1 FROM _cella_collections WHERE tbl = ?', true).get(tbl) !== undefined)
        for (const spec of create) this.catalog.add(conn, tbl, spec);
      if (!inWrite) conn.exec('COMMIT');
    } catch {
      // Busy (another process holds the write lock): the query works without the index and the
      // next one retries. Inside our write transaction only the failed statement is undone.
      if (!inWrite) this.rollback(conn);
    }
  }
}

/** A full device fails the write as the port's STORAGE_FULL (storage-full.ts). */
function rethrowStorageFull(error: unknown): never {
  throw storageFullError(error);
}
