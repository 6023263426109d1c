/**
 * Blocks as the format uses them: CIDv1 with a sha2-256 multihash, DAG-CBOR for the manifest, raw
 * for document pages, dag-pb and raw for file DAGs (as the node's BlockStore writes them). The
 * SHA-256 implementation is the caller's (`Sha256`): the node passes node:crypto's; in a browser
 * the default is WebCrypto, or @noble/hashes where WebCrypto is missing (insecure origins).
 */
import * as dagCbor from '@ipld/dag-cbor';
import * as dagPb from '@ipld/dag-pb';
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import { create as createDigest } from 'multiformats/hashes/digest';
import { equals } from 'multiformats/bytes';
import { ExportFormatError } from './errors.js';

export const SHA2_256 = 0x12;
export const IDENTITY = 0x00;
export const CODECS = { raw: raw.code, dagPb: dagPb.code, dagCbor: dagCbor.code } as const;

/** SHA-256 of some bytes, synchronous or not. */
export type Sha256 = (bytes: Uint8Array) => Uint8Array | Promise<Uint8Array>;

function bufferSource(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return bytes.buffer instanceof ArrayBuffer ? (bytes as Uint8Array<ArrayBuffer>) : Uint8Array.from(bytes);
}

/** WebCrypto's SHA-256 when the runtime has it (Node, browsers on secure origins), else @noble/hashes. */
export const defaultSha256: Sha256 = (bytes) => {
  const subtle = (globalThis as { crypto?: Crypto }).crypto?.subtle;
  if (!subtle) return nobleSha256(bytes);
  return subtle.digest('SHA-256', bufferSource(bytes)).then((digest) => new Uint8Array(digest));
};

export interface EncodedBlock {
  cid: CID;
  bytes: Uint8Array;
}

/** The CIDv1 (sha2-256) of `bytes` under `codec`. */
export async function cidOf(codec: number, bytes: Uint8Array, sha256: Sha256): Promise<CID> {
  return CID.createV1(codec, createDigest(SHA2_256, await sha256(bytes)));
}

/** A manifest node: its canonical DAG-CBOR bytes and their CID. */
export async function encodeNode(value: unknown, sha256: Sha256): Promise<EncodedBlock> {
  const bytes = dagCbor.encode(value);
  return { cid: await cidOf(CODECS.dagCbor, bytes, sha256), bytes };
}

export function decodeNode(cid: CID, bytes: Uint8Array): unknown {
  try {
    return dagCbor.decode(bytes);
  } catch (error) {
    throw new ExportFormatError('BAD_MANIFEST', `manifest block ${cid.toString()} is not DAG-CBOR`, {
      cause: error,
    });
  }
}

/**
 * Checks that `bytes` hash to `cid` and that its codec is one of `codecs`. Identity multihashes
 * (the bytes inside the CID) are accepted for file blocks, as IPFS writes them for tiny data.
 */
export async function verifyBlock(
  cid: CID,
  bytes: Uint8Array,
  codecs: readonly number[],
  sha256: Sha256,
): Promise<void> {
  if (!codecs.includes(cid.code))
    throw new ExportFormatError(
      'BAD_BLOCK',
      `block ${cid.toString()}: codec 0x${cid.code.toString(16)} is not allowed here`,
    );
  const { code, digest } = cid.multihash;
  let actual: Uint8Array;
  if (code === SHA2_256) actual = await sha256(bytes);
  else if (code === IDENTITY && cid.code !== CODECS.dagCbor) actual = bytes;
  else
    throw new ExportFormatError(
      'BAD_BLOCK',
      `block ${cid.toString()}: hash function 0x${code.toString(16)} is not sha2-256`,
    );
  if (!equals(actual, digest))
    throw new ExportFormatError('BAD_BLOCK', `block ${cid.toString()}: its bytes do not hash to its CID`);
}

/** The links of a dag-pb node, in order (a file DAG's children). */
export function dagPbLinks(cid: CID, bytes: Uint8Array): CID[] {
  try {
    return dagPb.decode(bytes).Links.map((link) => link.Hash);
  } catch (error) {
    throw new ExportFormatError('BAD_BLOCK', `block ${cid.toString()} is not a valid dag-pb node`, {
      cause: error,
    });
  }
}

/** A file DAG's leaves: blocks whose children need no read (raw, or inline data). */
export function isLeaf(cid: CID): boolean {
  return cid.code === CODECS.raw || cid.multihash.code === IDENTITY;
}
