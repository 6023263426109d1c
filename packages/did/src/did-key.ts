/**
 * did:key for P-256: `did:key:z` + base58btc(varint(0x1200) ‖ pk33), i.e. ids starting `zDn`.
 * Same curve and same compressed key bytes as Elastos, so one signer serves both methods.
 * Its DID document is synthesised in the Elastos shape (publicKey/authentication, key type
 * ECDSAsecp256r1, no proof, no expiry) so the same verification code handles both methods.
 */
import { base58ToBytes, bytesToBase58, concatBytes } from './encoding.js';
import { DidError, malformed } from './errors.js';
import { parseDid } from './did-url.js';
import { compressPublicKey } from './keys.js';
import { Lru } from './lru.js';
import type { DIDDocument } from './types.js';
import { ELASTOS_KEY_TYPE } from './types.js';

export const KEY_METHOD = 'key';
// multicodec p256-pub = 0x1200, as an unsigned varint: 0x80 0x24
const P256_MULTICODEC = Uint8Array.of(0x80, 0x24);

export function didKeyFromPublicKey(publicKey: Uint8Array): string {
  const pk = compressPublicKey(publicKey);
  return `did:${KEY_METHOD}:z${bytesToBase58(concatBytes(P256_MULTICODEC, pk))}`;
}

// Validating the embedded point costs a modular square root in JS: memoise per DID.
const decoded = new Lru<string, Uint8Array>(4096);

/** The compressed public key inside a P-256 did:key. */
export function publicKeyFromDidKey(did: string): Uint8Array {
  const hit = typeof did === 'string' ? decoded.get(did) : undefined;
  if (hit) return Uint8Array.from(hit);
  const key = decodeDidKey(did);
  decoded.set(did, key);
  return Uint8Array.from(key);
}

function decodeDidKey(did: string): Uint8Array {
  const { method, methodSpecificId } = parseDid(did);
  if (method !== KEY_METHOD) throw malformed(`not a did:key: ${did}`);
  if (!methodSpecificId.startsWith('z')) throw malformed('did:key must use base58btc multibase (z…)');
  const raw = base58ToBytes(methodSpecificId.slice(1));
  if (raw.length !== 35 || raw[0] !== P256_MULTICODEC[0] || raw[1] !== P256_MULTICODEC[1]) {
    throw new DidError('UNSUPPORTED', 'only P-256 did:key identifiers (did:key:zDn…) are supported');
  }
  return compressPublicKey(raw.subarray(2));
}

/** The key id of a did:key: the DID plus `#` + its own multibase value, as the did:key spec does. */
export function didKeyKeyId(did: string): string {
  const { did: d, methodSpecificId } = parseDid(did);
  return `${d}#${methodSpecificId}`;
}

/** The (proof-less) document of a did:key, in the Elastos document shape. */
export function didKeyDocument(did: string): DIDDocument {
  const publicKey = publicKeyFromDidKey(did);
  const id = parseDid(did).did;
  const keyId = didKeyKeyId(id);
  return {
    id,
    publicKey: [
      { id: keyId, type: ELASTOS_KEY_TYPE, controller: id, publicKeyBase58: bytesToBase58(publicKey) },
    ],
    authentication: [keyId],
  };
}
