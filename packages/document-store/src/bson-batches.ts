/**
 * Documents as one buffer of BSON documents one after another (`Database.exportCollectionsBson`):
 * each `BSON.serialize(doc, { ignoreUndefined: true })`, as a stored document's size is counted
 * (bson-size.ts). One buffer of its own (not Node's shared pool), so it can be transferred.
 */
import { hash } from 'node:crypto';
import { BSON } from 'bson';
import type { BsonBatch, Document } from './document-store.js';

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
