/**
 * Unique indexes for rows SQLite's UNIQUE cannot judge: the special rows of an index (an array or
 * an embedded document on one of its paths, bson-key.ts), whose keys are NULL there.
 *
 * MongoDB's rule: every value an array holds is a key of the document (multikey), so `{a: [1, 2]}`
 * and `{a: 2}` collide, while one document may repeat a value. An index on several paths takes the
 * combinations of their values; MongoDB refuses a document with arrays on two of them ("cannot
 * index parallel arrays"), and so does this check.
 *
 * Run after the rows were written, inside the write transaction: the changed rows are compared with
 * the index's special rows (one seek, usually empty: then there is nothing to do), and a changed
 * special row's keys are looked up among the regular rows through the index.
 */
import type Database from 'better-sqlite3';
import type { Document } from '../document-store.js';
import { StoreError } from '../document-store.js';
import { compareBson, pathValues } from '../mingo/bson-order.js';
import { keyExpr, keyOf, NO_KEY } from './bson-key.js';
import type { KeyValue } from './bson-key.js';
import { decodeDocument } from './codec.js';
import type { DbFile } from './db-file.js';
import { regularTerm, specialTerm } from './index-catalog.js';
import type { IndexSpec } from './index-catalog.js';

type Connection = Database.Database;

export interface ChangedRow {
  rid: number;
  doc: Document;
}

export function duplicateIndexKey(index: IndexSpec): StoreError {
  return new StoreError('DUPLICATE_KEY', `duplicate key: unique index "${index.name}"`);
}

/** The key combinations of a document for an index (MongoDB's multikey keys). */
function keyTuples(doc: Document, index: IndexSpec): unknown[][] {
  const perPath = index.keys.map(([path]) => pathValues(doc, path));
  const multi = perPath.filter((values) => values.length > 1);
  if (multi.length > 1)
    throw new StoreError(
      'BAD_DOCUMENT',
      `cannot index parallel arrays: index "${index.name}" holds two array fields of one document`,
    );
  let tuples: unknown[][] = [[]];
  for (const values of perPath) tuples = tuples.flatMap((t) => values.map((v) => [...t, v]));
  return tuples;
}

function equalTuples(a: unknown[], b: unknown[]): boolean {
  return a.every((v, i) => compareBson(v, b[i]) === 0);
}

/** Throws DUPLICATE_KEY when a changed row shares a key of a unique index with another row. */
export function checkUnique(
  file: DbFile,
  conn: Connection,
  tbl: string,
  indexes: IndexSpec[],
  changed: ChangedRow[],
): void {
  if (changed.length === 0) return;
  for (const index of indexes) {
    if (!index.unique) continue;
    const specials = file
      .stmt(conn, `SELECT rid, doc FROM "${tbl}" INDEXED BY "${index.sqlName}" WHERE ${specialTerm(index)}`)
      .all() as { rid: number; doc: string }[];
    if (specials.length === 0) continue;
    const special = specials.map((s) => ({ rid: s.rid, tuples: keyTuples(decodeDocument(s.doc), index) }));
    const specialRids = new Set(special.map((s) => s.rid));
    const seek = file.stmt(
      conn,
      `SELECT 1 FROM "${tbl}" INDEXED BY "${index.sqlName}" WHERE ${regularTerm(index)} AND ${index.keys
        .map(([p], i) => `${keyExpr(p)} = @k${i}`)
        .join(' AND ')} AND rid <> @rid LIMIT 1`,
      true,
    );
    for (const row of changed) {
      const tuples = keyTuples(row.doc, index);
      for (const other of special) {
        if (other.rid === row.rid) continue;
        if (tuples.some((t) => other.tuples.some((o) => equalTuples(t, o)))) throw duplicateIndexKey(index);
      }
      if (!specialRids.has(row.rid)) continue;
      // A special row's keys among the regular rows (those that can hold them: scalar keys).
      for (const tuple of tuples) {
        const keys = tuple.map(keyOf);
        if (!keys.every((k): k is KeyValue => k !== undefined && k !== NO_KEY)) continue;
        const params: Record<string, unknown> = { rid: row.rid };
        keys.forEach((k, i) => (params[`k${i}`] = k));
        if (seek.get(params) !== undefined) throw duplicateIndexKey(index);
      }
    }
  }
}
