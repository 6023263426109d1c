/**
 * Where the keys come from. Nothing here leaves the client, and nothing is stored: the same signer
 * on another device derives the same keys.
 *
 * - Cella scheme (`cella-v1`), any signer: the signer signs one fixed message (below); the
 *   signature, its s made low (so RFC 6979 signers that do and don't normalise agree), is the input
 *   key material of HKDF-SHA256 (salt `cella-e2ee-v1`). A signer must sign deterministically
 *   (RFC 6979, as `createKeySigner`, the dev identity and `createHdKeySigner` do): the message is
 *   signed twice and a signer that answers two different signatures is refused, since keys from it
 *   could never be derived again. The signature is checked against the signer's public key.
 * - The official Hive SDK's scheme (`user_did`): the key `DIDDocument.createCipher(appDid, 0)`
 *   derives, which needs the DID key's chain code (`createHdKeySigner`).
 *
 * From the vault secret (one per signer and application id), HKDF-Expand gives every key:
 * collections (per name and generation), files' key-wrapping key.
 */
import type { Signer } from '@cella/did';
import { p256 } from '@noble/curves/nist.js';
import { expand, extract } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
// The package itself (not a relative path), so the separate build of this entry shares the main one's classes.
import { CellaCryptoError } from '@cella/sdk';
import { utf8 } from './bytes.js';

/** The message a signer signs for its key material. Never changes (it would change every key). */
export const KEY_MATERIAL_MESSAGE =
  'Cella vault encryption keys, version 1. Sign this only in an app you trust with the private data of your vault.';
const SALT = utf8('cella-e2ee-v1');
const N = p256.Point.CURVE().n;

function lowS(signature: Uint8Array): Uint8Array {
  const out = Uint8Array.from(signature);
  let s = 0n;
  for (const b of signature.subarray(32)) s = (s << 8n) | BigInt(b);
  if (s > N / 2n) {
    let v = N - s;
    for (let i = 63; i >= 32; i--) {
      out[i] = Number(v & 0xffn);
      v >>= 8n;
    }
  }
  return out;
}

const equal = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The pseudo-random key every Cella-scheme key of this signer derives from. */
export async function signerSecret(signer: Signer): Promise<Uint8Array> {
  const message = utf8(KEY_MATERIAL_MESSAGE);
  const [first, second] = [await signer.sign(message), await signer.sign(message)];
  if (!(first instanceof Uint8Array) || first.length !== 64 || !(second instanceof Uint8Array))
    throw new CellaCryptoError('NO_KEY_MATERIAL', 'the signer must return 64-byte r‖s signatures');
  if (!p256.verify(first, message, signer.publicKey, { prehash: true, lowS: false, format: 'compact' }))
    throw new CellaCryptoError(
      'NO_KEY_MATERIAL',
      "the signer's signature does not verify with its public key",
    );
  const ikm = lowS(first);
  if (!equal(ikm, lowS(second)))
    throw new CellaCryptoError(
      'NO_KEY_MATERIAL',
      'this signer signs the same message differently each time (not RFC 6979): keys derived from it could never be derived again, so it cannot encrypt',
    );
  return extract(sha256, ikm, SALT);
}

/** HKDF-Expand(prk, info) → 32 bytes; `info` parts are joined by a 0 byte. */
export function derive(prk: Uint8Array, ...info: string[]): Uint8Array {
  return expand(sha256, prk, utf8(info.join('\0')), 32);
}

/** The secret of one application (the vault secret of the Cella scheme). */
export function appSecret(signerPrk: Uint8Array, appId: string): Uint8Array {
  return derive(signerPrk, 'cella-e2ee-v1 app', appId);
}

/** The secret of one generation of one collection: what a share hands a friend. */
export function collectionSecret(app: Uint8Array, collection: string, generation: number): Uint8Array {
  return derive(app, 'collection', collection, String(generation));
}

/** The key that wraps each file's own key (in the file's header). */
export function filesKey(app: Uint8Array): Uint8Array {
  return derive(app, 'files');
}

/** The official SDK's cipher key for an application (`DIDDocument.createCipher(appDid, 0)`). */
export async function hiveCipherKey(signer: Signer, appDid: string): Promise<Uint8Array> {
  if (!signer.elastosCipherKey)
    throw new CellaCryptoError(
      'NO_KEY_MATERIAL',
      "the official Hive SDK's encryption derives from the DID key's extended form: connect with createHdKeySigner(extendedKey) from @cella/sdk/elastos",
    );
  return signer.elastosCipherKey(appDid, 0);
}
