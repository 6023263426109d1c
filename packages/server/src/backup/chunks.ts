/**
 * The vault database as content-addressed chunks. Each collection's documents (natural order) are
 * cut into chunks of concatenated BSON documents; each chunk is one raw IPFS block (CIDv1, raw,
 * sha2-256), so a chunk the backup node already holds is never sent again.
 *
 * Boundaries are content-defined: a chunk ends after a document when a hash of that document falls
 * under `size / TARGET` (so chunks average ~TARGET + MIN bytes whatever the document sizes), never
 * below MIN and never above SOFT_MAX unless one document alone is bigger. Changing, inserting or
 * deleting a document therefore changes only the chunk it sits in (and at most its neighbour), not
 * every chunk after it: the database part of an incremental backup is proportional to what
 * changed, not to the database. Small chunks make the increments fine; the manifest lists ~25
 * chunks per MiB of documents.
 *
 * A chunk never exceeds 1 MiB, the largest block every engine accepts (kubo refuses bigger ones):
 * a stored document is at most 1 MiB of BSON.
 */
import { hash } from 'node:crypto';
import { BSON } from 'bson';
import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import { create as createDigest } from 'multiformats/hashes/digest';
import type { Database, Document } from '@cella/document-store';

const SHA2_256 = 0x12;
export const CHUNK_TARGET_BYTES = 32 * 1024;
export const CHUNK_MIN_BYTES = 8 * 1024;
/** A chunk is cut before an entry that would take it past this (a bigger single entry gets its own chunk). */
export const CHUNK_SOFT_MAX_BYTES = 256 * 1024;
/** The largest block every engine accepts; a stored document (≤ 1 MiB of BSON) always fits. */
export const CHUNK_MAX_BYTES = 1024 * 1024;

/** The CIDv1 (raw codec, sha2-256) of a block's bytes, base32. */
export function rawCid(bytes: Uint8Array): string {
  // One-shot `hash` (no Hash object per call): the same digest at about half the cost for the
  // small inputs a database's chunks and documents are.
  const digest = hash('sha256', bytes, 'buffer');
  return CID.createV1(raw.code, createDigest(SHA2_256, digest)).toString();
}

export interface Chunk {
  cid: string;
  bytes: Uint8Array;
  /** Entries (documents) in the chunk. */
  documents: number;
}

/** Where chunks are cut: on average about `targetBytes + minBytes`, at most `softMaxBytes` (or one entry). */
export interface ChunkSizes {
  targetBytes: number;
  minBytes: number;
  softMaxBytes: number;
}

/** A backup's chunks: few manifest entries per MiB, increments of about 40 KiB. */
export const BACKUP_CHUNKS: ChunkSizes = {
  targetBytes: CHUNK_TARGET_BYTES,
  minBytes: CHUNK_MIN_BYTES,
  softMaxBytes: CHUNK_SOFT_MAX_BYTES,
};

/** Cuts a stream of BSON-encoded entries into content-defined chunks. */
export class Chunker {
  /** The chunk being filled: whole entries, or a batch's run of them (`addBatch`). */
  private parts: Uint8Array[] = [];
  private size = 0;
  private documents = 0;

  constructor(
    private readonly emit: (chunk: Chunk) => void,
    private readonly sizes: ChunkSizes = BACKUP_CHUNKS,
  ) {}

  add(entry: Uint8Array): void {
    if (this.size > 0 && this.size + entry.length > this.sizes.softMaxBytes) this.flush();
    this.parts.push(entry);
    this.size += entry.length;
    this.documents++;
    if (this.size >= this.sizes.minBytes && isBoundary(entry, this.sizes.targetBytes)) this.flush();
  }

  /**
   * Adds the BSON documents lying one after another in `bson` (a batch of the database's
   * `exportCollectionsBson`): the same cuts as `add` of each, and a chunk that lies within the
   * batch is a view of it (no copy). `hashes`: each document's SHA-256's first four bytes, when the
   * batch came with them (`BsonBatch.hashes`: hashed on the read worker), else hashed here. Throws
   * on a malformed batch.
   */
  addBatch(bson: Uint8Array, hashes?: Uint32Array): void {
    const view = new DataView(bson.buffer, bson.byteOffset, bson.byteLength);
    /** Where this batch's part of the chunk being filled begins. */
    let start = 0;
    let offset = 0;
    let n = 0;
    while (offset < bson.length) {
      const length = offset + 4 <= bson.length ? view.getInt32(offset, true) : 0;
      if (length < 5 || offset + length > bson.length) throw new Error('bad BSON document length in a batch');
      if (this.size > 0 && this.size + length > this.sizes.softMaxBytes) {
        this.flushWith(bson.subarray(start, offset));
        start = offset;
      }
      const end = offset + length;
      this.size += length;
      this.documents++;
      const word = hashes?.[n++] ?? hashWord(bson.subarray(offset, end));
      if (this.size >= this.sizes.minBytes && isBoundaryWord(word, length, this.sizes.targetBytes)) {
        this.flushWith(bson.subarray(start, end));
        start = end;
      }
      offset = end;
    }
    if (start < bson.length) this.parts.push(bson.subarray(start));
  }

  flush(): void {
    if (this.parts.length === 0) return;
    const bytes = this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts, this.size);
    this.emit({ cid: rawCid(bytes), bytes, documents: this.documents });
    this.parts = [];
    this.size = 0;
    this.documents = 0;
  }

  private flushWith(last: Uint8Array): void {
    if (last.length > 0) this.parts.push(last);
    this.flush();
  }
}

function isBoundary(entry: Uint8Array, targetBytes: number): boolean {
  return isBoundaryWord(hashWord(entry), entry.length, targetBytes);
}

/** A chunk ends after an entry when its hash word, as a fraction of 2^32, falls under its share of the target. */
function isBoundaryWord(word: number, length: number, targetBytes: number): boolean {
  return word / 0x1_0000_0000 < length / targetBytes;
}

/** The first four bytes of an entry's SHA-256, big-endian. */
function hashWord(entry: Uint8Array): number {
  return hash('sha256', entry, 'buffer').readUInt32BE(0);
}

export function encodeEntry(doc: Document): Uint8Array {
  return BSON.serialize(doc, { ignoreUndefined: true });
}

/** The documents of a chunk (concatenated BSON). Throws on a malformed chunk. */
export function decodeChunk(bytes: Uint8Array): Document[] {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const docs: Document[] = [];
  let offset = 0;
  while (offset < view.length) {
    if (offset + 5 > view.length) throw new Error('truncated BSON document in a backup chunk');
    const length = view.readInt32LE(offset);
    if (length < 5 || offset + length > view.length)
      throw new Error('bad BSON document length in a backup chunk');
    docs.push(BSON.deserialize(view.subarray(offset, offset + length), { promoteValues: true }));
    offset += length;
  }
  return docs;
}

export type ChunkEvent =
  | { kind: 'chunk'; collection: string; chunk: Chunk }
  /** After the last chunk of a collection (an empty collection has no chunks, only this). */
  | { kind: 'collection'; name: string; documents: number; bytes: number };

/**
 * Every collection of the database as a stream of chunks, in natural order. Constant memory: one
 * chunk being filled plus what the consumer keeps.
 */
export async function* chunkDatabase(
  db: Database,
  observe?: (collection: string, doc: Document) => void,
): AsyncGenerator<ChunkEvent> {
  let name: string | undefined;
  let documents = 0;
  let bytes = 0;
  const ready: Chunk[] = [];
  const chunker = new Chunker((chunk) => ready.push(chunk));
  for await (const exported of db.exportCollections()) {
    if (name !== exported.collection) {
      if (name !== undefined) {
        chunker.flush();
        for (const chunk of ready.splice(0)) yield { kind: 'chunk', collection: name, chunk };
        yield { kind: 'collection', name, documents, bytes };
      }
      name = exported.collection;
      documents = 0;
      bytes = 0;
    }
    for (const doc of exported.documents) {
      observe?.(exported.collection, doc);
      const entry = encodeEntry(doc);
      documents++;
      bytes += entry.length;
      chunker.add(entry);
    }
    for (const chunk of ready.splice(0)) yield { kind: 'chunk', collection: name, chunk };
  }
  if (name !== undefined) {
    chunker.flush();
    for (const chunk of ready.splice(0)) yield { kind: 'chunk', collection: name, chunk };
    yield { kind: 'collection', name, documents, bytes };
  }
}
