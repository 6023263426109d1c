/**
 * Indexes of the SQLite engine: their definitions, their SQL, and the catalog that records them.
 *
 * An index on keys `{a: 1, b: -1}` is an expression index on the BSON keys (bson-key.ts) of its
 * paths. A single-path index is `(K(a))`: its special rows are `K(a) IS NULL`. An index on several
 * paths leads with a flag `F` that is NULL when any of its paths is special and 0 otherwise,
 * `(F, K(a), K(b) DESC)`, so the special rows of every path are one seek (`F IS NULL`) and the
 * others are ordered by the keys after `F = 0`. UNIQUE indexes enforce uniqueness for the rows
 * that are not special (NULL never collides); unique-check.ts covers the special ones.
 *
 * The catalog table `_cella_indexes` records each index's name, keys, options and whether it was
 * created automatically; the SQL index is named `ix_<table>_<hash of the name>`. Both change in
 * one transaction, together with the schema version, which is what readers cache against.
 */
import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { IndexInfo, IndexKeys } from '../document-store.js';
import { keyExpr } from './bson-key.js';

type Connection = Database.Database;

export interface IndexSpec {
  /** The name users see (`a_1_b_-1` by default; `ax_...` for automatic indexes). */
  name: string;
  keys: [string, 1 | -1][];
  unique: boolean;
  auto: boolean;
  /** The SQLite index. */
  sqlName: string;
}

export const CATALOG_SCHEMA = `
CREATE TABLE IF NOT EXISTS _cella_indexes (
  tbl TEXT NOT NULL,
  name TEXT NOT NULL,
  sql_name TEXT NOT NULL UNIQUE,
  keys TEXT NOT NULL,
  is_unique INTEGER NOT NULL,
  auto INTEGER NOT NULL,
  PRIMARY KEY (tbl, name)
) WITHOUT ROWID;
`;

export function sqlIndexName(tbl: string, name: string): string {
  return `ix_${tbl}_${createHash('sha1').update(name).digest('hex').slice(0, 16)}`;
}

export function specOf(
  tbl: string,
  name: string,
  keys: [string, 1 | -1][],
  options: { unique: boolean; auto: boolean },
): IndexSpec {
  return { name, keys, unique: options.unique, auto: options.auto, sqlName: sqlIndexName(tbl, name) };
}

/** NULL when any path of the index is special, else 0 (indexes on several paths). */
function flagExpr(spec: IndexSpec): string {
  return `(CASE WHEN ${spec.keys.map(([p]) => `${keyExpr(p)} IS NULL`).join(' OR ')} THEN NULL ELSE 0 END)`;
}

export function createIndexSql(tbl: string, spec: IndexSpec): string {
  const keys = spec.keys.map(([p, dir]) => `${keyExpr(p)}${dir === -1 ? ' DESC' : ''}`);
  const columns = spec.keys.length === 1 ? keys : [flagExpr(spec), ...keys];
  return `CREATE ${spec.unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS "${spec.sqlName}" ON "${tbl}" (${columns.join(', ')})`;
}

/** The rows of the index that are special on none of its paths. */
export function regularTerm(spec: IndexSpec): string {
  return spec.keys.length === 1
    ? `${keyExpr((spec.keys[0] as [string, 1 | -1])[0])} IS NOT NULL`
    : `${flagExpr(spec)} = 0`;
}

/** The rows of the index that are special on one of its paths (an index seek on NULL). */
export function specialTerm(spec: IndexSpec): string {
  return spec.keys.length === 1
    ? `${keyExpr((spec.keys[0] as [string, 1 | -1])[0])} IS NULL`
    : `${flagExpr(spec)} IS NULL`;
}

export function infoOf(spec: IndexSpec): IndexInfo {
  return { name: spec.name, key: keysObject(spec.keys), unique: spec.unique, auto: spec.auto };
}

export function keysObject(keys: [string, 1 | -1][]): IndexKeys {
  const out: IndexKeys = {};
  for (const [path, dir] of keys) out[path] = dir;
  return out;
}

interface CatalogRow {
  name: string;
  sql_name: string;
  keys: string;
  is_unique: number;
  auto: number;
}

/**
 * The indexes of each table as one connection sees them, cached until the schema version moves
 * (every index change moves it, whichever process made it).
 */
export class IndexCatalog {
  private readonly cache = new WeakMap<Connection, { version: number; tables: Map<string, IndexSpec[]> }>();

  constructor(
    private readonly stmt: (conn: Connection, sql: string, pluck?: boolean) => Database.Statement,
  ) {}

  list(conn: Connection, tbl: string): IndexSpec[] {
    const version = this.stmt(conn, 'PRAGMA schema_version', true).get() as number;
    let entry = this.cache.get(conn);
    if (!entry || entry.version !== version) {
      entry = { version, tables: new Map() };
      this.cache.set(conn, entry);
    }
    let specs = entry.tables.get(tbl);
    if (!specs) {
      const rows = this.stmt(
        conn,
        'SELECT name, sql_name, keys, is_unique, auto FROM _cella_indexes WHERE tbl = ? ORDER BY auto, name',
      ).all(tbl) as CatalogRow[];
      specs = rows.map((r) => ({
        name: r.name,
        sqlName: r.sql_name,
        keys: JSON.parse(r.keys) as [string, 1 | -1][],
        unique: r.is_unique === 1,
        auto: r.auto === 1,
      }));
      entry.tables.set(tbl, specs);
    }
    return specs;
  }

  /**
   * Forgets what `conn` cached: after a rollback the schema version goes back to a number a later
   * change (ours or another process's) reuses with other contents.
   */
  forget(conn: Connection): void {
    this.cache.delete(conn);
  }

  /** Creates the index and records it (call inside a write transaction). */
  add(conn: Connection, tbl: string, spec: IndexSpec): void {
    conn.exec(createIndexSql(tbl, spec));
    this.stmt(
      conn,
      'INSERT OR REPLACE INTO _cella_indexes (tbl, name, sql_name, keys, is_unique, auto) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(tbl, spec.name, spec.sqlName, JSON.stringify(spec.keys), spec.unique ? 1 : 0, spec.auto ? 1 : 0);
  }

  /** Drops the index and its record (call inside a write transaction). */
  remove(conn: Connection, tbl: string, spec: IndexSpec): void {
    conn.exec(`DROP INDEX IF EXISTS "${spec.sqlName}"`);
    this.stmt(conn, 'DELETE FROM _cella_indexes WHERE tbl = ? AND name = ?').run(tbl, spec.name);
  }

  /** Forgets a dropped table's records (call inside a write transaction). */
  removeTable(conn: Connection, tbl: string): void {
    this.stmt(conn, 'DELETE FROM _cella_indexes WHERE tbl = ?').run(tbl);
  }
}
