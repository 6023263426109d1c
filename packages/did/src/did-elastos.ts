/**
 * did:elastos id strings derived from a key: the Elastos "identity" address (prefix 0x67, so it
 * starts with `i`) of a single-key redeem script: base58(0x67 ‖ RIPEMD160(SHA256(0x21 ‖ pk33 ‖ 0xAD))
 * ‖ first 4 bytes of SHA256(SHA256(0x67 ‖ h160))). Self-certifying: whoever holds the key owns the id.
 */
import { ripemd160 } from '@noble/hashes/legacy.js';
import { base58ToBytes, bytesToBase58, concatBytes, equalBytes, sha256 } from './encoding.js';
import { compressPublicKey } from './keys.js';

export const ELASTOS_METHOD = 'elastos';
const IDENTITY_PREFIX = 0x67;

/** The id string (`i…`) of the key, without the `did:elastos:` prefix. */
export function elastosIdString(publicKey: Uint8Array): string {
  const pk = compressPublicKey(publicKey);
  const script = concatBytes(Uint8Array.of(0x21), pk, Uint8Array.of(0xad));
  const programHash = concatBytes(Uint8Array.of(IDENTITY_PREFIX), ripemd160(sha256(script)));
  const checksum = sha256(sha256(programHash)).subarray(0, 4);
  return bytesToBase58(concatBytes(programHash, checksum));
}

export function elastosDidFromPublicKey(publicKey: Uint8Array): string {
  return `did:${ELASTOS_METHOD}:${elastosIdString(publicKey)}`;
}

/** True when `idString` is a well-formed identity address (right prefix and checksum). */
export function isElastosAddress(idString: string): boolean {
  let raw: Uint8Array;
  try {
    raw = base58ToBytes(idString);
  } catch {
    return false;
  }
  if (raw.length !== 25 || raw[0] !== IDENTITY_PREFIX) return false;
  const check = sha256(sha256(raw.subarray(0, 21))).subarray(0, 4);
  return equalBytes(check, raw.subarray(21));
}
