/**
 * A page's framing: BSON documents one after another, each starting with its length (int32,
 * little-endian, the length included) and ending with a zero byte (bsonspec.org, 1.1). Counting
 * them needs no BSON library, so a verifier checks a page's document count without decoding one.
 */
import { ExportFormatError } from './errors.js';

export function countBsonDocuments(bytes: Uint8Array, what: string): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let count = 0;
  let offset = 0;
  while (offset < bytes.length) {
    if (offset + 5 > bytes.length)
      throw new ExportFormatError('BAD_MANIFEST', `${what}: a BSON document is cut short`);
    const length = view.getInt32(offset, true);
    if (length < 5 || offset + length > bytes.length || bytes[offset + length - 1] !== 0)
      throw new ExportFormatError('BAD_MANIFEST', `${what}: a BSON document has a bad length`);
    offset += length;
    count++;
  }
  return count;
}
