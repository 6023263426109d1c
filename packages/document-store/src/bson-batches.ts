/**
 * Documents as one buffer of BSON documents one after another (`Database.exportCollectionsBson`):
 * each `BSON.serialize(doc, { ignoreUndefined: true })`, as a stored document's size is counted
 * (bson-size.ts). One buffer of its own (not Node's shared pool), so it can be transferred.
 */
import { hash } from 'node:crypto';
import { BSON } from 'bson';
import {
  StoreError,
  type BsonBatch,
  type BsonInsertResult,
  type Collection,
  type Document,
} from './document-store.js';

export function encodeBsonDocuments(documents: Iterable<Document>): Omit<BsonBatch, 'collection'> {
  const parts: Uint8Array[] = [];
  let size = 0;
  for (const doc of documents) {
    const part = BSON.serialize(doc, { ignoreUndefined: true });
    parts.push(part);
    size += part.length;
  }
  const hashes = new Uint32Array(parts.length);
  for (let i = 0; i < parts.length; i++) hashes[i] = hash('sha256', parts[i]!, 'buffer').readUInt32BE(0);
  const bson = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    bson.set(part, at);
    at += part.length;
  }
  return { bson, documents: parts.length, hashes };
}

/** `exportCollections`' batches encoded on the caller's thread (engines that read no BSON themselves). */
export async function* encodeBatches(
  batches: AsyncIterable<{ collection: string; documents: Document[] }>,
): AsyncIterable<BsonBatch> {
  for await (const { collection, documents } of batches)
    yield { collection, ...encodeBsonDocuments(documents) };
}

/** Where each BSON document of `pages` lies: [page, start, end). Malformed framing is 'BAD_DOCUMENT'. */
export function* bsonSlicesOf(pages: Iterable<Uint8Array>): Generator<[Uint8Array, number, number]> {
  for (const page of pages) {
    const view = new DataView(page.buffer, page.byteOffset, page.byteLength);
    let offset = 0;
    while (offset < page.length) {
      const length = offset + 5 <= page.length ? view.getInt32(offset, true) : 0;
      if (length < 5 || offset + length > page.length)
        throw new StoreError(
          'BAD_DOCUMENT',
          `malformed BSON: a document at byte ${offset} runs past its page`,
        );
      yield [page, offset, offset + length];
      offset += length;
    }
  }
}

/** One BSON document decoded (values promoted: int32 and double as numbers, ObjectId, Date); else 'BAD_DOCUMENT'. */
export function decodeBsonDocument(bytes: Uint8Array): Document {
  try {
    return BSON.deserialize(bytes, { promoteValues: true });
  } catch (error) {
    throw new StoreError('BAD_DOCUMENT', `malformed BSON document: ${(error as Error).message}`);
  }
}

/**
 * Each BSON document of `pages` (`Database.insertBsonPages`), decoded, in order. A page that does
 * not split into whole documents, or a document that does not decode, is 'BAD_DOCUMENT'.
 */
export function* bsonDocumentsOf(pages: Iterable<Uint8Array>): Generator<Document> {
  for (const [page, start, end] of bsonSlicesOf(pages)) yield decodeBsonDocument(page.subarray(start, end));
}

/**
 * `insertBsonPages` done by decoding on the caller's thread and one `insertMany` (engines and
 * wrappers with no faster way, and the SQLite engine without a writer thread). No documents: nothing
 * changes.
 */
export async function insertBsonAsDocuments(
  collection: Collection,
  pages: Uint8Array[],
): Promise<BsonInsertResult> {
  const docs = [...bsonDocumentsOf(pages)];
  if (docs.length === 0) return { inserted: 0, bytesDelta: 0 };
  const { bytesDelta } = await collection.insertMany(docs);
  return { inserted: docs.length, bytesDelta };
}
