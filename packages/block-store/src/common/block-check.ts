/**
 * Block verification for CAR imports (both engines): a block is accepted only if its bytes hash
 * to its CID's multihash and its codec is one a UnixFS store walks (dag-pb, raw). Anything else
 * would let a backup smuggle in bytes that later read back as a different file.
 */
import { createHash } from 'node:crypto';
import * as dagPb from '@ipld/dag-pb';
import { equals } from 'multiformats/bytes';
import * as raw from 'multiformats/codecs/raw';
import type { CID } from 'multiformats/cid';
import { BlockStoreError } from '../errors.js';

const SHA2_256 = 0x12;
const IDENTITY = 0x00;

export function verifyBlock(cid: CID, bytes: Uint8Array): void {
  checkBlockKind(cid, bytes, () => createHash('sha256').update(bytes).digest());
}

/**
 * `verifyBlock` with the SHA-256 left out: the codec, the hash function and (dag-pb) the node's
 * form are checked; a sha2-256 block's digest is checked by whoever hashes it (the helia engine's
 * block workers, off the node's thread). True when that check is still owed.
 */
export function checkBlockKind(cid: CID, bytes: Uint8Array, sha256?: () => Uint8Array): boolean {
  if (cid.code !== raw.code && cid.code !== dagPb.code) {
    throw new BlockStoreError(
      'UNSUPPORTED',
      `block ${cid.toString()}: codec 0x${cid.code.toString(16)} is not dag-pb or raw`,
    );
  }
  const { code, digest } = cid.multihash;
  let actual: Uint8Array;
  let owed = false;
  if (code === SHA2_256) {
    if (sha256 === undefined) {
      owed = true;
      actual = digest;
    } else actual = sha256();
  } else if (code === IDENTITY) {
    actual = bytes;
  } else {
    throw new BlockStoreError(
      'UNSUPPORTED',
      `block ${cid.toString()}: hash function 0x${code.toString(16)} is not sha2-256`,
    );
  }
  if (!equals(actual, digest)) {
    throw new BlockStoreError('CORRUPT', `block ${cid.toString()}: bytes do not hash to the CID`);
  }
  if (cid.code === dagPb.code) {
    try {
      dagPb.decode(bytes);
    } catch (err) {
      throw new BlockStoreError('CORRUPT', `block ${cid.toString()}: not a valid dag-pb node`, {
        cause: err,
      });
    }
  }
  return owed;
}
