/**
 * The BlockStore conformance suite: every engine runs it unchanged (helia.test.ts, kubo.test.ts).
 *
 * Tests use fresh random content, so they also hold on a store shared with other data (CI's
 * external kubo); assertions about gc are made per block (`hasBlock`), never on global counts.
 */
import { createHash, randomBytes } from 'node:crypto';
import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import { sha256 } from 'multiformats/hashes/sha2';
import { afterAll, describe, expect, it } from 'vitest';
import type { BlockStore } from '../block-store.js';
import { isBlockStoreError, type BlockStoreErrorCode } from '../errors.js';

export type MakeBlockStore = () => Promise<BlockStore>;

const MiB = 1024 * 1024;

/** Feeds a buffer in HTTP-sized pieces, as the upload route will. */
async function* chunked(bytes: Uint8Array, size = 64 * 1024): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function collect(source: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const part of source) parts.push(part);
  return Buffer.concat(parts);
}

async function toArray<T>(source: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of source) out.push(x);
  return out;
}

/** Deterministic bytes, so CIDs can be compared across engines and runs. */
function pattern(length: number, seed = 0): Buffer {
  const out = Buffer.alloc(length);
  let x = (seed * 2654435761 + 1) >>> 0;
  for (let i = 0; i < length; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

/** The CIDv1 raw CID of one leaf: what the first 1 MiB chunk of a file is stored under. */
async function leafCid(bytes: Uint8Array): Promise<string> {
  return CID.createV1(raw.code, await sha256.digest(bytes)).toString();
}

async function expectCode(promise: Promise<unknown>, code: BlockStoreErrorCode): Promise<void> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err, `expected a BlockStoreError ${code}`).toBeDefined();
  expect(isBlockStoreError(err, code), `expected ${code}, got ${String(err)}`).toBe(true);
}

export function runBlockStoreConformance(name: string, makeStore: MakeBlockStore): void {
  describe(`BlockStore conformance: ${name}`, () => {
    const opened: BlockStore[] = [];
    let main: BlockStore | undefined;
    const store = async (): Promise<BlockStore> => {
      if (main === undefined) {
        main = await makeStore();
        opened.push(main);
      }
      return main;
    };
    const another = async (): Promise<BlockStore> => {
      const s = await makeStore();
      opened.push(s);
      return s;
    };
    afterAll(async () => {
      for (const s of opened) await s.close();
    });

    async function add(bytes: Uint8Array): Promise<string> {
      const s = await store();
      const result = await s.add(chunked(bytes));
      expect(result.size).toBe(bytes.length);
      return result.cid;
    }

    describe('add and cat', () => {
      const cases: [string, number][] = [
        ['empty', 0],
        ['1 byte', 1],
        ['one chunk exactly (1 MiB)', MiB],
        ['one chunk plus one byte', MiB + 1],
        ['5 MiB (multi-chunk)', 5 * MiB + 12345],
      ];
      for (const [label, length] of cases) {
        it(`round-trips ${label}`, async () => {
          const s = await store();
          const bytes = randomBytes(length);
          const cid = await add(bytes);
          const back = await collect(s.cat(cid));
          expect(back.length).toBe(length);
          expect(back.equals(bytes)).toBe(true);
          expect(await s.size(cid)).toBe(length);
        });
      }

      it('gives CIDv1 base32 CIDs: a raw leaf for one chunk, dag-pb above', async () => {
        const small = CID.parse(await add(randomBytes(1000)));
        expect(small.version).toBe(1);
        expect(small.code).toBe(raw.code);
        expect(small.toString()).toMatch(/^bafk/);
        const big = CID.parse(await add(randomBytes(2 * MiB + 1)));
        expect(big.code).toBe(0x70);
        expect(big.toString()).toMatch(/^bafy/);
      });

      it('gives the same CID for the same bytes, however they are chunked', async () => {
        const s = await store();
        const bytes = randomBytes(3 * MiB + 7);
        const a = await s.add(chunked(bytes, 64 * 1024));
        const b = await s.add(chunked(bytes, 1000));
        const c = await s.add(chunked(bytes, 4 * MiB));
        expect(b.cid).toBe(a.cid);
        expect(c.cid).toBe(a.cid);
        const other = Buffer.from(bytes);
        other.writeUInt8(other.readUInt8(other.length - 1) ^ 0xff, other.length - 1);
        expect((await s.add(chunked(other))).cid).not.toBe(a.cid);
      });

      // Fixed vectors: every engine must produce exactly these (profile unixfs-v1-2025: CIDv1,
      // raw leaves, sha2-256, 1 MiB chunks, balanced layout with 1024 links per node).
      it('matches the unixfs-v1-2025 CID vectors', async () => {
        expect(await add(new Uint8Array(0))).toBe(
          'bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku',
        );
        expect(await add(Buffer.from('hello\n'))).toBe(
          'bafkreicysg23kiwv34eg2d7qweipxwosdo2py4ldv42nbauguluen5v6am',
        );
        expect(await add(pattern(MiB, 1))).toBe(await leafCid(pattern(MiB, 1)));
        expect(await add(pattern(3 * MiB + 5, 2))).toBe(VECTOR_3MIB);
      });

      it('streams a file without reading it whole (consumer may stop early)', async () => {
        const s = await store();
        const bytes = randomBytes(4 * MiB);
        const cid = await add(bytes);
        let got = 0;
        for await (const chunk of s.cat(cid)) {
          got += chunk.length;
          if (got >= MiB) break;
        }
        expect(got).toBeGreaterThanOrEqual(MiB);
        expect(got).toBeLessThan(4 * MiB);
        // the store still works after an abandoned read
        expect((await collect(s.cat(cid, { offset: 0, length: 10 }))).equals(bytes.subarray(0, 10))).toBe(
          true,
        );
      });

      it('stops a cat when its signal aborts', async () => {
        const s = await store();
        const cid = await add(randomBytes(3 * MiB));
        const controller = new AbortController();
        const read = (async () => {
          for await (const _ of s.cat(cid, { signal: controller.signal })) controller.abort();
        })();
        await expect(read).rejects.toThrow();
      });

      it('refuses a missing CID and a malformed CID', async () => {
        const s = await store();
        const missing = await leafCid(randomBytes(32));
        await expectCode(collect(s.cat(missing)), 'NOT_FOUND');
        expect(await s.size(missing)).toBeNull();
        await expectCode(collect(s.cat('not-a-cid')), 'INVALID_CID');
      });
    });

    describe('byte ranges', () => {
      const bytes = randomBytes(3 * MiB + 100);
      let cid = '';
      const range = async (offset?: number, length?: number): Promise<Buffer> => {
        const s = await store();
        if (cid === '') cid = await add(bytes);
        const options: { offset?: number; length?: number } = {};
        if (offset !== undefined) options.offset = offset;
        if (length !== undefined) options.length = length;
        return collect(s.cat(cid, options));
      };

      it('reads the start', async () => {
        expect((await range(0, 100)).equals(bytes.subarray(0, 100))).toBe(true);
      });
      it('reads the middle, across a chunk boundary', async () => {
        expect((await range(MiB - 50, 100)).equals(bytes.subarray(MiB - 50, MiB + 50))).toBe(true);
        expect((await range(MiB, MiB)).equals(bytes.subarray(MiB, 2 * MiB))).toBe(true);
      });
      it('reads to the end when no length is given', async () => {
        expect((await range(3 * MiB)).equals(bytes.subarray(3 * MiB))).toBe(true);
      });
      it('clamps a length that runs past the end', async () => {
        expect((await range(3 * MiB + 50, 1000)).equals(bytes.subarray(3 * MiB + 50))).toBe(true);
      });
      it('gives nothing for length 0 and for offset = size', async () => {
        expect((await range(10, 0)).length).toBe(0);
        expect((await range(bytes.length)).length).toBe(0);
      });
      it('refuses an offset past the end, and negative values', async () => {
        await expectCode(range(bytes.length + 1), 'INVALID_RANGE');
        await expectCode(range(-1), 'INVALID_RANGE');
        await expectCode(range(0, -1), 'INVALID_RANGE');
      });
      it('reads into the consumer’s buffers when it gives some (an engine may ignore them)', async () => {
        const s = await store();
        if (cid === '') cid = await add(bytes);
        const taken = new Set<ArrayBufferLike>();
        const buffers = {
          take: (size: number) => {
            const buffer = Buffer.allocUnsafeSlow(size).fill(0xaa); // stale bytes must not show
            taken.add(buffer.buffer);
            return buffer;
          },
        };
        const chunks: Uint8Array[] = [];
        for await (const chunk of s.cat(cid, { offset: MiB - 50, length: 2 * MiB, buffers }))
          chunks.push(chunk);
        expect(Buffer.concat(chunks).equals(bytes.subarray(MiB - 50, 3 * MiB - 50))).toBe(true);
        if (taken.size > 0) expect(chunks.every((c) => taken.has(c.buffer))).toBe(true);
        expect((await collect(s.cat(cid, { buffers }))).equals(bytes)).toBe(true);
      });
      it('reads ranges of a one-block file', async () => {
        const s = await store();
        const small = randomBytes(1000);
        const id = await add(small);
        expect((await collect(s.cat(id, { offset: 10, length: 20 }))).equals(small.subarray(10, 30))).toBe(
          true,
        );
      });
    });

    describe('pins and gc', () => {
      it('pins, lists, unpins (idempotently)', async () => {
        const s = await store();
        const cid = await add(randomBytes(2 * MiB));
        expect(await s.isPinned(cid)).toBe(false);
        await s.pin(cid);
        expect(await s.isPinned(cid)).toBe(true);
        expect(await toArray(s.pins())).toContain(cid);
        await s.pin(cid);
        await s.unpin(cid);
        expect(await s.isPinned(cid)).toBe(false);
        expect(await toArray(s.pins())).not.toContain(cid);
        await s.unpin(cid);
      });

      it('refuses to pin what is not stored', async () => {
        const s = await store();
        await expectCode(s.pin(await leafCid(randomBytes(16))), 'INCOMPLETE');
      });

      it('gc removes unpinned blocks and keeps pinned ones, including blocks two files share', async () => {
        const s = await store();
        const shared = randomBytes(2 * MiB);
        const a = Buffer.concat([shared, randomBytes(MiB)]);
        const b = Buffer.concat([shared, randomBytes(MiB + 10)]);
        const loose = randomBytes(MiB + 1);
        const [cidA, cidB, cidLoose] = [await add(a), await add(b), await add(loose)];
        const blocksA = await toArray(s.blocksOf(cidA));
        const blocksB = await toArray(s.blocksOf(cidB));
        const blocksLoose = await toArray(s.blocksOf(cidLoose));
        const sharedBlocks = blocksA.filter((x) => blocksB.includes(x));
        expect(sharedBlocks.length).toBe(2);
        await s.pin(cidA);
        await s.pin(cidB);

        const first = await s.gc();
        expect(first.removed).toBeGreaterThanOrEqual(blocksLoose.length);
        for (const blk of blocksLoose) expect(await s.hasBlock(blk)).toBe(false);
        for (const blk of [...blocksA, ...blocksB]) expect(await s.hasBlock(blk)).toBe(true);

        await s.unpin(cidA);
        await s.gc();
        for (const blk of blocksA.filter((x) => !sharedBlocks.includes(x)))
          expect(await s.hasBlock(blk)).toBe(false);
        for (const blk of blocksB) expect(await s.hasBlock(blk)).toBe(true);
        expect((await collect(s.cat(cidB))).equals(b)).toBe(true);

        await s.unpin(cidB);
        await s.gc();
        for (const blk of blocksB) expect(await s.hasBlock(blk)).toBe(false);
        expect(await s.size(cidB)).toBeNull();
      });

      it('an aborted add leaves no pin, and gc removes what it wrote', async () => {
        const s = await store();
        const before = new Set(await toArray(s.pins()));
        const first = randomBytes(MiB);
        const controller = new AbortController();
        async function* source(): AsyncGenerator<Uint8Array> {
          yield* chunked(first);
          yield* chunked(randomBytes(MiB));
          controller.abort();
          // a source that keeps going: the engine must stop on the signal
          for (;;) yield randomBytes(64 * 1024);
        }
        await expect(s.add(source(), { signal: controller.signal })).rejects.toThrow();
        expect(new Set(await toArray(s.pins()))).toEqual(before);
        // A daemon (kubo) may still be writing what it had buffered when the client gave up:
        // an unpinned add holds no gc lock there, so the blocks are garbage a later gc removes.
        // helia stops before add() rejects, so its first gc already finds them gone.
        const leaf = await leafCid(first);
        let present = true;
        for (let attempt = 0; attempt < 20 && present; attempt++) {
          if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 250));
          await s.gc();
          present = await s.hasBlock(leaf);
        }
        expect(present).toBe(false);
      });

      it('an aborted add with pin: true leaves no pin', async () => {
        const s = await store();
        const before = new Set(await toArray(s.pins()));
        const controller = new AbortController();
        async function* source(): AsyncGenerator<Uint8Array> {
          yield* chunked(randomBytes(2 * MiB + 1));
          controller.abort();
          for (;;) yield randomBytes(64 * 1024);
        }
        await expect(s.add(source(), { signal: controller.signal, pin: true })).rejects.toThrow();
        expect(new Set(await toArray(s.pins()))).toEqual(before);
      });

      it('pins as part of the add with pin: true', async () => {
        const s = await store();
        const { cid } = await s.add(chunked(randomBytes(MiB + 2)), { pin: true });
        expect(await s.isPinned(cid)).toBe(true);
        await s.unpin(cid);
      });

      it('an add whose source throws leaves no pin', async () => {
        const s = await store();
        const before = new Set(await toArray(s.pins()));
        async function* source(): AsyncGenerator<Uint8Array> {
          yield* chunked(randomBytes(2 * MiB + 3));
          throw new Error('connection reset');
        }
        await expect(s.add(source())).rejects.toThrow();
        expect(new Set(await toArray(s.pins()))).toEqual(before);
      });
    });

    describe('blocks and CARs', () => {
      it('lists a DAG’s blocks, root first, each once', async () => {
        const s = await store();
        const cid = await add(randomBytes(5 * MiB + 1));
        const blocks = await toArray(s.blocksOf(cid));
        expect(blocks[0]).toBe(cid);
        expect(blocks.length).toBe(1 + 6);
        expect(new Set(blocks).size).toBe(blocks.length);
        for (const blk of blocks) expect(await s.hasBlock(blk)).toBe(true);
        expect(await s.hasBlock(await leafCid(randomBytes(8)))).toBe(false);

        const zeros = await add(new Uint8Array(3 * MiB));
        expect(await toArray(s.blocksOf(zeros))).toEqual([zeros, await leafCid(new Uint8Array(MiB))]);
      });

      it('reads single blocks: each hashes to its CID, the leaves are the content', async () => {
        const s = await store();
        const content = randomBytes(2 * MiB + 5);
        const cid = await add(content);
        const [root, ...leaves] = await toArray(s.blocksOf(cid));
        const rootBytes = await s.readBlock(root!);
        expect(createHash('sha256').update(rootBytes).digest()).toEqual(
          Buffer.from(CID.parse(root!).multihash.digest),
        );
        const read = await Promise.all(leaves.map((leaf) => s.readBlock(leaf)));
        expect(Buffer.concat(read).equals(content)).toBe(true);
        // A length hint (right, short or long) answers the block's bytes all the same.
        for (const hint of [MiB, MiB - 1, MiB + 7, 0])
          expect(Buffer.from(await s.readBlock(leaves[0]!, hint)).equals(content.subarray(0, MiB))).toBe(
            true,
          );
        // Read buffers offered (taken in call order, as the export's reused ones): the same bytes,
        // each read filling its own buffer even when several run at once.
        const offered: Uint8Array[] = [];
        const buffers = { take: (size: number) => offered[offered.push(Buffer.alloc(size)) - 1] };
        const both = await Promise.all(leaves.map((leaf) => s.readBlock(leaf, MiB, buffers)));
        expect(Buffer.from(both[0]!).equals(content.subarray(0, MiB))).toBe(true);
        expect(Buffer.from(both[1]!).equals(content.subarray(MiB, 2 * MiB))).toBe(true);
        expect(Buffer.from(both[2]!).equals(content.subarray(2 * MiB))).toBe(true);
        await expectCode(s.readBlock(await leafCid(randomBytes(8))), 'NOT_FOUND');
        await expectCode(s.readBlock(await leafCid(randomBytes(8)), 8), 'NOT_FOUND');
      });

      it('exports a CAR that another store imports into an identical file', async () => {
        const s = await store();
        const bytes = randomBytes(3 * MiB + 99);
        const cid = await add(bytes);
        const blocks = await toArray(s.blocksOf(cid));
        const car = await collect(s.exportCar([cid], blocks));
        const totalBlockBytes = car.length; // framing included: just a sanity bound below

        // The target may be the same daemon (CI's external kubo): drop the file first so the
        // import really has to bring every block back.
        await s.unpin(cid);
        await s.gc();
        expect(await s.hasBlock(cid)).toBe(false);

        const target = await another();
        const imported = await target.importCar(chunked(car, 100_000));
        expect(imported.blocks).toBe(blocks.length);
        expect(imported.bytes).toBeGreaterThan(bytes.length);
        expect(imported.bytes).toBeLessThan(totalBlockBytes);
        await target.pin(cid);
        expect((await collect(target.cat(cid))).equals(bytes)).toBe(true);
        expect(
          createHash('sha256')
            .update(await collect(target.cat(cid)))
            .digest('hex'),
        ).toBe(createHash('sha256').update(bytes).digest('hex'));
        await target.unpin(cid);
      });

      it('refuses a CAR whose block does not match its CID, and does not store that block', async () => {
        const s = await store();
        const bytes = randomBytes(2 * MiB + 5);
        const cid = await add(bytes);
        const blocks = await toArray(s.blocksOf(cid));
        const car = await collect(s.exportCar([cid], blocks));
        await s.gc();
        const lastLeaf = blocks[blocks.length - 1]!;
        expect(await s.hasBlock(lastLeaf)).toBe(false);
        const bad = Buffer.from(car);
        bad.writeUInt8(bad.readUInt8(bad.length - 1) ^ 0x01, bad.length - 1); // last byte: last block's
        await expectCode(s.importCar(chunked(bad)), 'CORRUPT');
        expect(await s.hasBlock(lastLeaf)).toBe(false);
        await expectCode(s.importCar(chunked(Buffer.from('definitely not a CAR file'))), 'CORRUPT');
      });

      it('treats a DAG with missing blocks as such: cat and blocksOf fail, pin refuses', async () => {
        const s = await store();
        const bytes = randomBytes(3 * MiB + 1);
        const cid = await add(bytes);
        const rootOnly = await collect(s.exportCar([cid], [cid]));
        await s.gc();
        expect(await s.hasBlock(cid)).toBe(false);
        expect(await s.importCar(chunked(rootOnly))).toMatchObject({ blocks: 1 });
        expect(await s.size(cid)).toBe(bytes.length);
        await expectCode(collect(s.cat(cid)), 'NOT_FOUND');
        await expectCode(toArray(s.blocksOf(cid)), 'NOT_FOUND');
        await expectCode(s.pin(cid), 'INCOMPLETE');
        expect(await s.isPinned(cid)).toBe(false);
        await s.gc();
      });

      it('fails an export that names a block it does not have', async () => {
        const s = await store();
        const missing = await leafCid(randomBytes(8));
        await expectCode(collect(s.exportCar([missing], [missing])), 'NOT_FOUND');
      });
    });

    describe('concurrency', () => {
      it('runs concurrent adds (some of identical content) correctly', async () => {
        const s = await store();
        const inputs = [randomBytes(3 * MiB), randomBytes(2 * MiB + 1), randomBytes(10)];
        const same = randomBytes(2 * MiB + 77);
        const all = [...inputs, same, same, same];
        const results = await Promise.all(all.map((b) => s.add(chunked(b))));
        expect(results[3]!.cid).toBe(results[4]!.cid);
        expect(results[4]!.cid).toBe(results[5]!.cid);
        for (let i = 0; i < all.length; i++) {
          expect((await collect(s.cat(results[i]!.cid))).equals(all[i]!)).toBe(true);
        }
      });

      it('keeps an add with pin: true intact when gc runs during it', async () => {
        const s = await store();
        const bytes = randomBytes(3 * MiB);
        async function* slow(): AsyncGenerator<Uint8Array> {
          for await (const chunk of chunked(bytes, 256 * 1024)) {
            await new Promise((resolve) => setImmediate(resolve));
            yield chunk;
          }
        }
        const adding = s.add(slow(), { pin: true });
        await new Promise((resolve) => setTimeout(resolve, 5));
        const gcs = Promise.all([s.gc(), s.gc()]);
        const { cid } = await adding;
        await gcs;
        expect(await s.isPinned(cid)).toBe(true);
        await s.gc();
        expect((await collect(s.cat(cid))).equals(bytes)).toBe(true);
        await s.unpin(cid);
      });
    });
  });
}

/** CID of `pattern(3 MiB + 5, 2)` under unixfs-v1-2025 (computed by helia, checked against kubo). */
const VECTOR_3MIB = 'bafybeib5ow2dx4tlmcbuhl5cojsnkbss3ctqapxhphflwe3singsbqpv5a';
