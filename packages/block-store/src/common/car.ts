/**
 * Streaming CARv1 encode/decode shared by both engines. Decoding uses @ipld/car's incremental
 * decoder (one section in memory at a time) over chunk-reader.ts (a block that is a chunk of its
 * own is not copied) and checks every block (`verifyBlock`) before handing
 * it on; section and header sizes are capped so a hostile CAR cannot make us buffer gigabytes.
 * Encoding writes the CARv1 framing directly: a pull-based generator, so the consumer's pace is
 * the producer's pace (no internal queue). The CAR and CBOR libraries load on first use (backups,
 * `exportCar`/`importCar`), not when a node starts.
 */
import type { CID } from 'multiformats/cid';
import { varint } from 'multiformats';
import { verifyBlock } from './block-check.js';
import { chunkReader, type BytesReader } from './chunk-reader.js';
import { BlockStoreError } from '../errors.js';

export interface Block {
  cid: CID;
  bytes: Uint8Array;
}

/** kubo refuses blocks over 2 MiB on the wire (bitswap); 4 MiB leaves room and bounds memory. */
export const MAX_BLOCK_BYTES = 4 * 1024 * 1024;
const MAX_HEADER_BYTES = 1024 * 1024;

function varintBytes(n: number): Uint8Array {
  return varint.encodeTo(n, new Uint8Array(varint.encodingLength(n)));
}

export async function* encodeCar(roots: CID[], blocks: AsyncIterable<Block>): AsyncGenerator<Uint8Array> {
  const dagCbor = await import('@ipld/dag-cbor');
  const header = dagCbor.encode({ roots, version: 1 });
  yield varintBytes(header.length);
  yield header;
  for await (const { cid, bytes } of blocks) {
    const section = new Uint8Array(varint.encodingLength(cid.bytes.length + bytes.length) + cid.bytes.length);
    varint.encodeTo(cid.bytes.length + bytes.length, section);
    section.set(cid.bytes, section.length - cid.bytes.length);
    yield section;
    yield bytes;
  }
}

export interface VerifiedCar {
  roots: CID[];
  blocks: AsyncIterable<Block>;
}

/** A block as consecutive views of the stream's chunks (`decodeCarParts`). */
export interface BlockParts {
  cid: CID;
  parts: Uint8Array[];
  length: number;
}

/**
 * Reads a CARv1 or CARv2 stream; every yielded block has been verified against its CID, unless
 * `verify` is false: then the caller checks each block (`verifyBlock`, or a hash of its own).
 */
export async function decodeVerifiedCar(
  source: AsyncIterable<Uint8Array>,
  options: { verify?: boolean } = {},
): Promise<VerifiedCar> {
  const verify = options.verify ?? true;
  const { roots, sections } = await openCar(source);
  const blocks = async function* (): AsyncGenerator<Block> {
    for await (const { cid, blockLength, reader } of sections()) {
      let bytes: Uint8Array;
      try {
        bytes = await reader.exactly(blockLength, true);
      } catch (err) {
        throw truncated(cid, err);
      }
      if (verify) verifyBlock(cid, bytes);
      yield { cid, bytes };
    }
  };
  return { roots, blocks: blocks() };
}

/**
 * Reads a CAR stream unverified, a raw sha2-256 block (a file's leaf: its check is its hash alone,
 * which the caller computes) as views of the chunks that hold it, not copied into a block of its
 * own; any other block whole, as one part (its bytes are what `checkBlockKind` reads).
 */
export async function decodeCarParts(
  source: AsyncIterable<Uint8Array>,
): Promise<{ roots: CID[]; blocks: AsyncIterable<BlockParts> }> {
  const { roots, sections } = await openCar(source);
  const blocks = async function* (): AsyncGenerator<BlockParts> {
    for await (const { cid, blockLength, reader } of sections()) {
      let parts: Uint8Array[];
      try {
        parts =
          cid.code === RAW_CODEC && cid.multihash.code === SHA2_256
            ? await reader.parts(blockLength)
            : [await reader.exactly(blockLength, true)];
      } catch (err) {
        throw truncated(cid, err);
      }
      yield { cid, parts, length: blockLength };
    }
  };
  return { roots, blocks: blocks() };
}

const RAW_CODEC = 0x55;
const SHA2_256 = 0x12;

const truncated = (cid: CID, err: unknown) =>
  new BlockStoreError('CORRUPT', `truncated CAR block ${cid.toString()}`, { cause: err });

/** The header read and checked; then each section's head (its block's bytes are the caller's to read). */
async function openCar(source: AsyncIterable<Uint8Array>): Promise<{
  roots: CID[];
  sections: () => AsyncGenerator<{ cid: CID; blockLength: number; reader: BytesReader }>;
}> {
  const { limitReader, readBlockHead, readHeader } = await import('@ipld/car/decoder');
  let reader = chunkReader(source);
  const head = await reader.upTo(8);
  const [headerLength] = safeVarint(head);
  if (headerLength > MAX_HEADER_BYTES) {
    throw new BlockStoreError(
      'CORRUPT',
      `CAR header of ${headerLength} bytes is larger than ${MAX_HEADER_BYTES}`,
    );
  }
  let header;
  try {
    header = await readHeader(reader);
  } catch (err) {
    throw new BlockStoreError('CORRUPT', `not a CAR stream: ${(err as Error).message}`, { cause: err });
  }
  if (header.version === 2) {
    // As @ipld/car's createDecoder: the v1 payload ends dataSize bytes after dataOffset.
    // (its limit counts only its own reads: a CARv2's blocks are read whole, never as `parts`)
    const limited = limitReader(reader, header.dataSize - (reader.pos - header.dataOffset));
    const whole = (length: number) => limited.exactly(length, true).then((bytes) => [bytes]);
    reader = {
      ...limited,
      parts: whole,
      get pos() {
        return limited.pos;
      },
    };
  }
  const sections = async function* () {
    while ((await reader.upTo(8)).length > 0) {
      let cid: CID;
      let blockLength: number;
      try {
        ({ cid, blockLength } = await readBlockHead(reader));
      } catch (err) {
        throw new BlockStoreError('CORRUPT', `bad CAR section: ${(err as Error).message}`, { cause: err });
      }
      if (blockLength < 0 || blockLength > MAX_BLOCK_BYTES) {
        throw new BlockStoreError(
          'CORRUPT',
          `CAR block ${cid.toString()} of ${blockLength} bytes exceeds ${MAX_BLOCK_BYTES}`,
        );
      }
      yield { cid, blockLength, reader };
    }
  };
  return { roots: header.roots, sections };
}

function safeVarint(bytes: Uint8Array): [number, number] {
  try {
    return varint.decode(bytes);
  } catch (err) {
    throw new BlockStoreError('CORRUPT', 'not a CAR stream: bad length prefix', { cause: err });
  }
}
