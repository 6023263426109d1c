/**
 * Prepared statements, cached per connection (a statement is prepared once and reused: preparing
 * costs about as much as running a small read). Shared by the main thread's files (db-file.ts) and
 * the read workers' (read-file.ts).
 */
import type Database from 'better-sqlite3';

type Connection = Database.Database;
type Statement = Database.Statement;

const MAX_CACHED_STATEMENTS = 256;

export class Statements {
  private readonly cache = new WeakMap<Connection, Map<string, Statement>>();

  stmt(conn: Connection, sql: string, pluck = false): Statement {
    let cache = this.cache.get(conn);
    if (!cache) {
      cache = new Map();
      this.cache.set(conn, cache);
    }
    const key = pluck ? `P${sql}` : sql;
    let statement = cache.get(key);
    if (!statement) {
      if (cache.size >= MAX_CACHED_STATEMENTS) cache.clear();
      statement = conn.prepare(sql);
      if (pluck) statement.pluck();
      cache.set(key, statement);
    }
    return statement;
  }
}
