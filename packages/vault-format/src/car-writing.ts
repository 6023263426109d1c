/**
 * CARv1 framing for a writer that knows its sizes before it writes (the node answers an export's
 * size before the first byte): the header naming the one root, and each section as
 * `varint(length of CID + block) ‖ CID ‖ block`.
 */
import * as dagCbor from '@ipld/dag-cbor';
import type { CID } from 'multiformats/cid';
import { varint } from 'multiformats';

function varintBytes(n: number): Uint8Array {
  return varint.encodeTo(n, new Uint8Array(varint.encodingLength(n)));
}

/** The CAR header: its length, then `{roots: [root], version: 1}` in DAG-CBOR. */
export function carHeader(root: CID): Uint8Array {
  const header = dagCbor.encode({ roots: [root], version: 1 });
  const length = varintBytes(header.length);
  const out = new Uint8Array(length.length + header.length);
  out.set(length);
  out.set(header, length.length);
  return out;
}

/** What comes before a block's bytes in its section. */
export function sectionHead(cid: CID, blockLength: number): Uint8Array {
  const length = varintBytes(cid.bytes.length + blockLength);
  const out = new Uint8Array(length.length + cid.bytes.length);
  out.set(length);
  out.set(cid.bytes, length.length);
  return out;
}

/** The bytes a block of `blockLength` takes in a CAR. */
export function sectionSize(cid: CID, blockLength: number): number {
  const inner = cid.bytes.length + blockLength;
  return varint.encodingLength(inner) + inner;
}
