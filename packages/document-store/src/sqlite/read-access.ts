/**
 * What a read needs of a database file, on whichever thread it runs: the main thread's file
 * (db-file.ts: its read connection) or a read worker's (read-file.ts).
 */
import type Database from 'better-sqlite3';
import type { IndexSpec } from './index-catalog.js';

export type Connection = Database.Database;

export interface ReadAccess {
  /** A cached prepared statement of `conn`. */
  stmt(conn: Connection, sql: string, pluck?: boolean): Database.Statement;
  /** The table of a collection, or undefined when it does not exist. */
  tableOf(conn: Connection, collection: string): string | undefined;
  /** The indexes of a collection table, as `conn` sees them. */
  indexes(conn: Connection, tbl: string): IndexSpec[];
  /**
   * Runs `work` in one read transaction (one snapshot, the WAL read lock taken once); `absent` when
   * the database does not exist. `work` must not leave a statement iterating.
   */
  reading<T>(absent: T, work: (conn: Connection) => T): T;
}
