/**
 * `insertBsonPages`' rows (write-worker.ts): each BSON document decoded, checked and encoded
 * exactly as `insertMany` does it (prepareDocument, encodeDocument) and inserted into the
 * collection's table, in the caller's transaction. Only for a table with no index but its own (the
 * caller checks): SQLite's UNIQUE on `id` is then the whole duplicate check, and no index
 * expression needs the node's SQL functions.
 */
import type Database from 'better-sqlite3';
import { bsonDocumentsOf } from '../bson-batches.js';
import { StoreError } from '../document-store.js';
import type { BsonInsertResult, DocumentId } from '../document-store.js';
import { prepareDocument } from '../query-guard.js';
import type { StoreLimits } from '../query-guard.js';
import { encodeDocument, idKey } from './codec.js';

export function isUniqueViolation(err: unknown): boolean {
  return (
    (err as { code?: unknown })?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    (err as { code?: unknown })?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

export function duplicate(id: DocumentId): StoreError {
  return new StoreError(
    'DUPLICATE_KEY',
    `duplicate key: _id ${typeof id === 'string' ? JSON.stringify(id) : String(id)}`,
  );
}

/** Inserts the pages' documents with `insert` (`INSERT INTO <table> (id, size, doc) VALUES (?, ?, ?)`). */
export function insertBsonRows(
  insert: Database.Statement,
  pages: Uint8Array[],
  limits: StoreLimits,
): BsonInsertResult {
  let inserted = 0;
  let bytesDelta = 0;
  for (const raw of bsonDocumentsOf(pages)) {
    const { doc, size, wrappers } = prepareDocument(raw, limits);
    const id = doc._id as DocumentId;
    try {
      insert.run(idKey(id), size, encodeDocument(doc, wrappers));
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicate(id);
      throw err;
    }
    inserted++;
    bytesDelta += size;
  }
  return { inserted, bytesDelta };
}
