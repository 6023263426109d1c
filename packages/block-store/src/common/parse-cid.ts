import { CID } from 'multiformats/cid';
import { BlockStoreError } from '../errors.js';

/** Parses a CID string (any multibase, v0 or v1); INVALID_CID otherwise. */
export function parseCid(value: string): CID {
  try {
    return CID.parse(value);
  } catch (err) {
    throw new BlockStoreError('INVALID_CID', `not a CID: ${JSON.stringify(value.slice(0, 100))}`, {
      cause: err,
    });
  }
}
