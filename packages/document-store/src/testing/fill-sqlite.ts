/**
 * Tests of scale: fills a collection of a SQLite store's file with `count` generated documents in
 * one SQL statement (a million in seconds, where inserts through the store take tens of seconds on
 * a loaded machine). The documents are `{_id: "<prefix><i>", seq: i, tag: "t<i % tags>", payload}`,
 * stored exactly as the engine stores them (codec.ts: the typed `_id` key, the BSON size, the JSON
 * text) and counted in the collection's bytes. The collection must exist; the file may be in use by
 * a running node (SQLite's locks serialise the write).
 */
import Database from 'better-sqlite3';
import { bsonSize } from '../bson-size.js';

export interface FillOptions {
  /** The database file (`<dir>/<database>.sqlite`). */
  file: string;
  collection: string;
  count: number;
  /** Distinct `tag` values, `t0` … (default 1,000). */
  tags?: number;
  payload?: string;
  /** Of the `_id` strings (default `k`); the first document is `<idPrefix>0` unless `from` says. */
  idPrefix?: string;
  from?: number;
}

export function fillSqliteCollection(options: FillOptions): void {
  const { file, collection, count } = options;
  const tags = options.tags ?? 1000;
  const payload = options.payload ?? 'lorem ipsum dolor sit amet';
  const prefix = options.idPrefix ?? 'k';
  const from = options.from ?? 0;
  // BSON size without the digits of `_id` and `tag` (seq stays an int32 below 2^31).
  const base = bsonSize({ _id: prefix, seq: 0, tag: 't', payload });
  const db = new Database(file, { fileMustExist: true, timeout: 60_000 });
  try {
    const tbl = db.prepare('SELECT tbl FROM _cella_collections WHERE name = ?').pluck().get(collection) as
      string | undefined;
    if (!tbl) throw new Error(`no collection "${collection}" in ${file}`);
    // better-sqlite3 binds JS numbers as REAL: the CASTs keep the generated numbers integers.
    db.transaction(() => {
      const inserted = db
        .prepare(
          `WITH RECURSIVE n(i) AS (SELECT CAST(@from AS INTEGER) UNION ALL SELECT i + 1 FROM n WHERE i < @last)
           INSERT INTO "${tbl}" (id, size, doc)
           SELECT 's' || @prefix || i,
                  @base + length(CAST(i AS TEXT)) + length(CAST(i % CAST(@tags AS INTEGER) AS TEXT)),
                  json_object('_id', @prefix || i, 'seq', i, 'tag', 't' || (i % CAST(@tags AS INTEGER)), 'payload', @payload)
           FROM n`,
        )
        .run({ from, last: from + count - 1, prefix, base, tags, payload });
      const bytes = db
        .prepare(`SELECT COALESCE(SUM(size), 0) FROM "${tbl}" WHERE rowid > ?`)
        .pluck()
        .get(Number(inserted.lastInsertRowid) - count) as number;
      db.prepare('UPDATE _cella_collections SET bytes = bytes + ? WHERE name = ?').run(bytes, collection);
    })();
  } finally {
    db.close();
  }
}
