/**
 * The size a document takes as BSON: the unit of `bytesDelta`, `dataBytes()` and the document
 * size cap. Both engines use this one function so their accounting agrees byte for byte (the
 * driver serialises numbers, ObjectIds and Dates exactly as this counts them).
 */
import { BSON } from 'bson';
import type { Document } from './document-store.js';

export function bsonSize(doc: Document): number {
  return BSON.calculateObjectSize(doc, { ignoreUndefined: true });
}
