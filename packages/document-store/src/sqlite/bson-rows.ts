/**
 * `insertBsonPages`' rows (write-worker.ts): each BSON document made into the row `insertMany`
 * would store for it (straight from its bytes, bson-stored.ts, or decoded, checked and encoded by
 * prepareDocument and encodeDocument) and inserted into the collection's table, in the caller's
 * transaction. Only for a table with no index but its own (the caller checks): SQLite's UNIQUE
 * on `id` is then the whole duplicate check, and no index expression needs the node's SQL functions.
 */
import type Database from 'better-sqlite3';
import { ObjectId } from 'bson';
import { bsonSlicesOf, decodeBsonDocument } from '../bson-batches.js';
import { duplicateId } from '../duplicate-id.js';
import type { BsonInsertResult, DocumentId } from '../document-store.js';
import { prepareDocument } from '../query-guard.js';
import type { StoreLimits } from '../query-guard.js';
import { encodeDocument, idKey } from './codec.js';
import { storedRowOf, type StoredRow } from './bson-stored.js';

export function isUniqueViolation(err: unknown): boolean {
  return (
    (err as { code?: unknown })?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    (err as { code?: unknown })?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/**
 * The row of one BSON document: straight from its bytes when it is of the common kind
 * (bson-stored.ts), else decoded, checked and encoded as `insertMany` does it.
 */
export function bsonRowOf(page: Buffer, start: number, end: number, limits: StoreLimits): StoredRow {
  const row = storedRowOf(page, start, end, limits);
  if (row) return row;
  const { doc, size, wrappers } = prepareDocument(decodeBsonDocument(page.subarray(start, end)), limits);
  return { id: idKey(doc._id as DocumentId), size, text: encodeDocument(doc, wrappers) };
}

/** Inserts the pages' documents with `insert` (`INSERT INTO <table> (id, size, doc) VALUES (?, ?, ?)`). */
export function insertBsonRows(
  insert: Database.Statement,
  pages: Uint8Array[],
  limits: StoreLimits,
): BsonInsertResult {
  let inserted = 0;
  let bytesDelta = 0;
  let buffer: Buffer | null = null;
  let of: Uint8Array | null = null;
  for (const [page, start, end] of bsonSlicesOf(pages)) {
    if (page !== of) {
      of = page;
      buffer = Buffer.from(page.buffer, page.byteOffset, page.byteLength);
    }
    const row = bsonRowOf(buffer!, start, end, limits);
    try {
      insert.run(row.id, row.size, row.text);
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicateId(idOfKey(row.id));
      throw err;
    }
    inserted++;
    bytesDelta += row.size;
  }
  return { inserted, bytesDelta };
}

/** The `_id` an `id` key stands for (codec.ts `idKey`), for the duplicate's message. */
function idOfKey(key: string): DocumentId {
  const rest = key.slice(1);
  if (key[0] === 's') return rest;
  if (key[0] === 'n') return Number(rest);
  return ObjectId.createFromHexString(rest);
}
