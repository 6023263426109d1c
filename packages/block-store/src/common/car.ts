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
import { chunkReader } from './chunk-reader.js';
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

/**
 * Reads a CARv1 or CARv2 stream; every yielded block has been verified against its CID, unless
 * `verify` is false: then the caller checks each block (`verifyBlock`, or a hash of its own).
 */
export async function decodeVerifiedCar(
  source: AsyncIterable<Uint8Array>,
  options: { verify?: boolean } = {},
): Promise<VerifiedCar> {
  const verify = options.verify ?? true;
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
    reader = limitReader(reader, header.dataSize - (reader.pos - header.dataOffset));
  }
  const blocks = async function* (): AsyncGenerator<Block> {
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
      let bytes: Uint8Array;
      try {
        bytes = await reader.exactly(blockLength, true);
      } catch (err) {
        throw new BlockStoreError('CORRUPT', `truncated CAR block ${cid.toString()}`, { cause: err });
      }
      if (verify) verifyBlock(cid, bytes);
      yield { cid, bytes };
    }
  };
  return { roots: header.roots, blocks: blocks() };
}

function safeVarint(bytes: Uint8Array): [number, number] {
  try {
    return varint.decode(bytes);
  } catch (err) {
    throw new BlockStoreError('CORRUPT', 'not a CAR stream: bad length prefix', { cause: err });
  }
}
