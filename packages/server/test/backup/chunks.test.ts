/** The database chunker: exact round trips, bounded sizes, and content-defined boundaries (a change stays local). */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ObjectId } from 'mongodb';
import { describe, expect, test } from 'vitest';
import {
  CHUNK_MAX_BYTES,
  CHUNK_MIN_BYTES,
  CHUNK_SOFT_MAX_BYTES,
  Chunker,
  chunkDatabase,
  decodeChunk,
  encodeEntry,
  rawCid,
  type Chunk,
} from '../../src/backup/chunks.js';
import { createSqliteDocumentStore } from '@cella/document-store/sqlite';

const doc = (i: number, extra = '') => ({
  _id: `d${i}`,
  i,
  text: `document ${i} ${extra}`.repeat(1 + (i % 9)),
  list: [i, i * 1.5, null],
});

function chunksOf(docs: Record<string, unknown>[]): Chunk[] {
  const out: Chunk[] = [];
  const chunker = new Chunker((c) => out.push(c));
  for (const d of docs) chunker.add(encodeEntry(d));
  chunker.flush();
  return out;
}

const cids = (chunks: Chunk[]) => new Set(chunks.map((c) => c.cid));
const changedChunks = (before: Chunk[], after: Chunk[]) =>
  [...cids(after)].filter((c) => !cids(before).has(c)).length;

describe('chunks', () => {
  test('round-trip every value type exactly', () => {
    const values = [
      {
        _id: new ObjectId('65a1b2c3d4e5f60718293a4b'),
        at: new Date('2026-01-02T03:04:05.678Z'),
        int: 7,
        big: 2 ** 40,
        float: 0.1,
        neg: -3,
        s: 'ünï ✓ 名前',
      },
      { _id: 'x', nested: { a: [1, { b: [true, false, null] }], empty: {}, list: [] } },
    ];
    const [chunk] = chunksOf(values);
    expect(decodeChunk(chunk!.bytes)).toEqual(values);
    expect(chunk!.cid).toBe(rawCid(chunk!.bytes));
    expect(chunk!.cid).toMatch(/^bafkrei/);
  });

  test('sizes stay within bounds; a document bigger than the soft maximum gets a chunk of its own', () => {
    const docs: Record<string, unknown>[] = Array.from({ length: 20_000 }, (_, i) => doc(i));
    docs.splice(5000, 0, { _id: 'huge', blob: 'x'.repeat(900_000) });
    const chunks = chunksOf(docs);
    const decoded = chunks.flatMap((c) => decodeChunk(c.bytes));
    expect(decoded).toEqual(docs);
    for (const [n, c] of chunks.entries()) {
      expect(c.bytes.length).toBeLessThanOrEqual(CHUNK_MAX_BYTES);
      if (c.documents > 1) expect(c.bytes.length).toBeLessThanOrEqual(CHUNK_SOFT_MAX_BYTES);
      if (
        n < chunks.length - 1 &&
        c.documents > 1 &&
        !decodeChunk(chunks[n + 1]!.bytes).some((d) => d._id === 'huge')
      ) {
        expect(c.bytes.length).toBeGreaterThanOrEqual(CHUNK_MIN_BYTES);
      }
    }
    expect(chunks.find((c) => decodeChunk(c.bytes).some((d) => d._id === 'huge'))!.documents).toBe(1);
  });

  test('a batch of BSON documents is cut where the same documents added one by one are', () => {
    const docs: Record<string, unknown>[] = Array.from({ length: 6000 }, (_, i) => doc(i));
    docs.splice(2500, 0, { _id: 'huge', blob: 'x'.repeat(300_000) });
    const entries = docs.map((d) => encodeEntry(d));
    const batched: Chunk[] = [];
    const chunker = new Chunker((c) => batched.push(c));
    // Batches of uneven sizes, so chunks span batches and batches hold several chunks.
    // Every other batch with its documents' hashes given (as the read workers give them).
    for (let at = 0, n = 1, k = 0; at < entries.length; at += n, n = (n * 7) % 997, k++) {
      const part = entries.slice(at, at + n);
      const hashes = Uint32Array.from(part, (e) => createHash('sha256').update(e).digest().readUInt32BE(0));
      chunker.addBatch(Buffer.concat(part), k % 2 === 0 ? hashes : undefined);
    }
    chunker.flush();
    const single = chunksOf(docs);
    expect(batched.map((c) => [c.cid, c.documents])).toEqual(single.map((c) => [c.cid, c.documents]));
    expect(() => new Chunker(() => undefined).addBatch(entries[0]!.subarray(0, 10))).toThrow(/bad BSON/);
  });

  test('changing, inserting or deleting one document changes at most two chunks', () => {
    const docs = Array.from({ length: 20_000 }, (_, i) => doc(i));
    const before = chunksOf(docs);
    expect(before.length).toBeGreaterThan(50);
    const changed = docs.map((d) => (d.i === 9_000 ? doc(9_000, 'changed') : d));
    expect(changedChunks(before, chunksOf(changed))).toBeLessThanOrEqual(2);
    const inserted = [...docs.slice(0, 12_345), doc(-1), ...docs.slice(12_345)];
    expect(changedChunks(before, chunksOf(inserted))).toBeLessThanOrEqual(2);
    const deleted = docs.filter((d) => d.i !== 4_321);
    expect(changedChunks(before, chunksOf(deleted))).toBeLessThanOrEqual(2);
  });

  test('a database comes out collection by collection, empty collections included', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cella-chunks-'));
    const store = createSqliteDocumentStore({ dir });
    try {
      const db = store.database('node_user_test');
      await db.collection('a').insertMany(Array.from({ length: 3000 }, (_, i) => doc(i)));
      await db.createCollection('empty');
      await db.collection('b').insertMany([{ _id: 1, x: 1 }]);
      const seen: Record<string, { documents: number; chunks: number; decoded: number }> = {};
      for await (const event of chunkDatabase(db)) {
        if (event.kind === 'chunk') {
          seen[event.collection] ??= { documents: 0, chunks: 0, decoded: 0 };
          seen[event.collection]!.chunks++;
          seen[event.collection]!.decoded += decodeChunk(event.chunk.bytes).length;
        } else {
          seen[event.name] = {
            ...(seen[event.name] ?? { chunks: 0, decoded: 0 }),
            documents: event.documents,
          };
        }
      }
      expect(seen.a!.documents).toBe(3000);
      expect(seen.a!.decoded).toBe(3000);
      expect(seen.empty).toEqual({ documents: 0, chunks: 0, decoded: 0 });
      expect(seen.b).toEqual({ documents: 1, chunks: 1, decoded: 1 });
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
