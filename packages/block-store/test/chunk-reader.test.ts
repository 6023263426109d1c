/**
 * The CAR decoder's byte reader (chunk-reader.ts): a CAR cut into chunks anywhere decodes to the
 * same blocks, a block that arrives as a chunk of its own is handed on as that chunk (not a copy),
 * and a truncated stream or a seek past what arrived behaves as @ipld/car's reader does.
 */
import { randomBytes } from 'node:crypto';
import * as dagPb from '@ipld/dag-pb';
import * as raw from 'multiformats/codecs/raw';
import { CID } from 'multiformats/cid';
import { sha256 } from 'multiformats/hashes/sha2';
import { describe, expect, it } from 'vitest';
import { decodeCarParts, decodeVerifiedCar, encodeCar, type Block } from '../src/common/car.js';
import { chunkReader } from '../src/common/chunk-reader.js';

async function blocksOf(sizes: number[]): Promise<Block[]> {
  return Promise.all(
    sizes.map(async (size) => {
      const bytes = randomBytes(size);
      return { cid: CID.createV1(raw.code, await sha256.digest(bytes)), bytes };
    }),
  );
}

async function collect(source: AsyncIterable<Uint8Array>): Promise<Uint8Array[]> {
  const out: Uint8Array[] = [];
  for await (const piece of source) out.push(piece);
  return out;
}

async function* cut(bytes: Uint8Array, sizes: () => number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length;) {
    const n = Math.min(bytes.length - at, sizes());
    yield bytes.slice(at, at + n);
    at += n;
  }
}

async function* of(pieces: Uint8Array[]): AsyncGenerator<Uint8Array> {
  yield* pieces;
}

describe('chunkReader', () => {
  it('decodes a CAR cut anywhere to the same blocks', async () => {
    const blocks = await blocksOf([0, 1, 7, 100, 5000, 70_000, 300_000]);
    const whole = Buffer.concat(
      await collect(
        encodeCar(
          [blocks[3]!.cid],
          (async function* () {
            yield* blocks;
          })(),
        ),
      ),
    );
    for (const sizes of [() => 1, () => 3, () => 64 * 1024, () => 1 + Math.floor(Math.random() * 9000)]) {
      const decoded = await decodeVerifiedCar(cut(whole, sizes));
      expect(decoded.roots.map(String)).toEqual([blocks[3]!.cid.toString()]);
      const got: Block[] = [];
      for await (const block of decoded.blocks) got.push(block);
      expect(got.map((b) => b.cid.toString())).toEqual(blocks.map((b) => b.cid.toString()));
      got.forEach((b, i) => expect(Buffer.from(b.bytes).equals(blocks[i]!.bytes)).toBe(true));
    }
  });

  it('hands on a block that arrives as a chunk of its own without copying it', async () => {
    const blocks = await blocksOf([200_000, 300_000]);
    const pieces = await collect(
      encodeCar(
        [blocks[0]!.cid],
        (async function* () {
          yield* blocks;
        })(),
      ),
    );
    const decoded = await decodeVerifiedCar(of(pieces));
    const got: Uint8Array[] = [];
    for await (const block of decoded.blocks) got.push(block.bytes);
    expect(got[0]!.buffer).toBe(blocks[0]!.bytes.buffer);
    expect(got[1]!.buffer).toBe(blocks[1]!.bytes.buffer);
  });

  it('fails a read past the end; a seek past what arrived drops those bytes when they come', async () => {
    const reader = chunkReader(of([Uint8Array.of(1, 2, 3), Uint8Array.of(4, 5), Uint8Array.of(6, 7, 8, 9)]));
    expect([...(await reader.upTo(2))]).toEqual([1, 2]);
    expect([...(await reader.exactly(4, true))]).toEqual([1, 2, 3, 4]);
    reader.seek(3); // 5, 6 (arrived or not), 7
    expect(reader.pos).toBe(7);
    expect([...(await reader.upTo(10))]).toEqual([8, 9]);
    await expect(reader.exactly(3)).rejects.toThrow('Unexpected end of data');
    const late = chunkReader(of([Uint8Array.of(1), Uint8Array.of(2, 3), Uint8Array.of(4, 5)]));
    late.seek(2);
    expect([...(await late.exactly(3, true))]).toEqual([3, 4, 5]);
    expect([...(await late.upTo(1))]).toEqual([]);
  });

  it('hands on a raw block cut across chunks as views of them (decodeCarParts), any other block whole', async () => {
    const blocks = await blocksOf([0, 5000, 300_000]);
    const node = dagPb.encode(dagPb.prepare({ Data: Uint8Array.of(8, 2), Links: [] }));
    blocks.push({ cid: CID.createV1(dagPb.code, await sha256.digest(node)), bytes: node });
    const whole = Buffer.concat(
      await collect(
        encodeCar(
          [blocks[0]!.cid],
          (async function* () {
            yield* blocks;
          })(),
        ),
      ),
    );
    const chunks = await collect(cut(whole, () => 1 + Math.floor(Math.random() * 70_000)));
    const decoded = await decodeCarParts(of(chunks));
    const got: { cid: string; parts: Uint8Array[]; length: number }[] = [];
    for await (const block of decoded.blocks) got.push({ ...block, cid: block.cid.toString() });
    expect(got.map((b) => b.cid)).toEqual(blocks.map((b) => b.cid.toString()));
    got.forEach((b, i) => {
      expect(b.length).toBe(blocks[i]!.bytes.length);
      expect(Buffer.concat(b.parts).equals(blocks[i]!.bytes)).toBe(true);
    });
    // The large raw block: several parts, each a view of one of the stream's chunks (no copy).
    expect(got[2]!.parts.length).toBeGreaterThan(1);
    for (const part of got[2]!.parts.slice(1))
      expect(chunks.some((c) => c.buffer === part.buffer)).toBe(true);
    // The dag-pb node (its form is checked): one part.
    expect(got[3]!.parts).toHaveLength(1);
  });
});
