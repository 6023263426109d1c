/**
 * A read worker's view of one database file: its own read-only connection (WAL lets it read while
 * the node's thread writes), statements and index catalog. A database that does not exist reads
 * as absent; nothing is ever created here.
 */
import Database from 'better-sqlite3';
import { registerLive } from './deadline.js';
import { inReadTransaction } from './db-file.js';
import { IndexCatalog } from './index-catalog.js';
import type { IndexSpec } from './index-catalog.js';
import type { Connection, ReadAccess } from './read-access.js';
import { Statements } from './statements.js';

export class ReadFile implements ReadAccess {
  private conn: Connection | null = null;
  private readonly statements = new Statements();
  private readonly catalog = new IndexCatalog((conn, sql, pluck) => this.stmt(conn, sql, pluck));

  constructor(
    readonly path: string,
    private readonly busyTimeoutMs: number,
  ) {}

  /** The connection, or null when the file does not exist (yet). */
  private connection(): Connection | null {
    if (this.conn) return this.conn;
    let conn: Connection;
    try {
      conn = new Database(this.path, { fileMustExist: true, timeout: this.busyTimeoutMs });
    } catch (error) {
      if ((error as { code?: unknown }).code === 'SQLITE_CANTOPEN') return null;
      throw error;
    }
    conn.pragma('query_only = ON');
    registerLive(conn);
    this.conn = conn;
    return conn;
  }

  stmt(conn: Connection, sql: string, pluck = false): Database.Statement {
    return this.statements.stmt(conn, sql, pluck);
  }

  tableOf(conn: Connection, collection: string): string | undefined {
    try {
      return this.stmt(conn, 'SELECT tbl FROM _cella_collections WHERE name = ?', true).get(collection) as
        string | undefined;
    } catch (error) {
      // The node's thread creates a file and then its schema: a worker may open it in between.
      if (/no such table: _cella_collections/.test(String((error as Error).message))) return undefined;
      throw error;
    }
  }

  indexes(conn: Connection, tbl: string): IndexSpec[] {
    return this.catalog.list(conn, tbl);
  }

  reading<T>(absent: T, work: (conn: Connection) => T): T {
    const conn = this.connection();
    return conn ? inReadTransaction(this, conn, work) : absent;
  }

  close(): void {
    this.conn?.close();
    this.conn = null;
  }
}
