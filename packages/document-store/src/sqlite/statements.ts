/**
 * Prepared statements, cached per connection (a statement is prepared once and reused: preparing
 * costs about as much as running a small read). Shared by the main thread's files (db-file.ts) and
 * the read workers' (read-file.ts).
 */
import type Database from 'better-sqlite3';

type Connection = Database.Database;
type Statement = Database.Statement;

const MAX_CACHED_STATEMENTS = 256;

/** A connection's statements: plain ones and those that answer one column (`pluck`). */
interface Cache {
  rows: Map<string, Statement>;
  plucked: Map<string, Statement>;
}

export class Statements {
  private readonly cache = new WeakMap<Connection, Cache>();

  stmt(conn: Connection, sql: string, pluck = false): Statement {
    let cache = this.cache.get(conn);
    if (!cache) {
      cache = { rows: new Map(), plucked: new Map() };
      this.cache.set(conn, cache);
    }
    // Two maps rather than a prefixed key: the SQL text is looked up as given (a literal's hash is
    // computed once), not as a new string per call.
    const map = pluck ? cache.plucked : cache.rows;
    let statement = map.get(sql);
    if (!statement) {
      if (map.size >= MAX_CACHED_STATEMENTS) map.clear();
      statement = conn.prepare(sql);
      if (pluck) statement.pluck();
      map.set(sql, statement);
    }
    return statement;
  }
}
