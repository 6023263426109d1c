/**
 * ECDSA P-256 / SHA-256 verification of raw r‖s signatures.
 *
 * Uses WebCrypto (native code in Node and browsers: ~8k verifies/s vs ~400/s for pure JS) and
 * caches imported keys, since a server verifies the same few keys over and over. Falls back to
 * @noble/curves where WebCrypto is absent (e.g. insecure browser contexts). Both paths accept
 * high-S signatures: the Elastos SDK never normalises S, so a low-S rule would reject about half
 * of its signatures.
 */
import { p256 } from '@noble/curves/nist.js';
import { bytesToHex } from './encoding.js';
import { malformed } from './errors.js';
import { decompressPublicKey } from './keys.js';

const KEY_CACHE_LIMIT = 2048;
const keyCache = new Map<string, Promise<CryptoKey>>();

function subtle(): SubtleCrypto | undefined {
  const c = (globalThis as { crypto?: Crypto }).crypto;
  return c?.subtle;
}

function importVerifyKey(s: SubtleCrypto, publicKey: Uint8Array): Promise<CryptoKey> {
  const cacheKey = bytesToHex(publicKey);
  const hit = keyCache.get(cacheKey);
  if (hit) {
    // Refresh recency: Map iteration order is insertion order, so re-inserting makes it "newest".
    keyCache.delete(cacheKey);
    keyCache.set(cacheKey, hit);
    return hit;
  }
  const raw = decompressPublicKey(publicKey);
  const imported = s.importKey('raw', bufferSource(raw), { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
  imported.catch(() => keyCache.delete(cacheKey));
  keyCache.set(cacheKey, imported);
  if (keyCache.size > KEY_CACHE_LIMIT) {
    const oldest = keyCache.keys().next().value;
    if (oldest !== undefined) keyCache.delete(oldest);
  }
  return imported;
}

/** WebCrypto's types want ArrayBuffer-backed views; copy only in the rare SharedArrayBuffer case. */
function bufferSource(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return bytes.buffer instanceof ArrayBuffer ? (bytes as Uint8Array<ArrayBuffer>) : Uint8Array.from(bytes);
}

/**
 * Verify `signature` (64-byte r‖s) over SHA-256(`data`) with a 33- or 65-byte public key.
 * Returns false for a wrong signature; throws DidError for a malformed key or signature length.
 */
export async function verifySignature(publicKey: Uint8Array, data: Uint8Array, signature: Uint8Array): Promise<boolean> {
  if (!(data instanceof Uint8Array)) throw malformed('data must be a Uint8Array');
  if (!(signature instanceof Uint8Array)) throw malformed('signature must be a Uint8Array');
  if (signature.length !== 64) return false;
  const s = subtle();
  if (s) {
    const key = await importVerifyKey(s, publicKey);
    return s.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, bufferSource(signature), bufferSource(data));
  }
  decompressPublicKey(publicKey); // validates the key and throws DidError when it is garbage
  return p256.verify(signature, data, publicKey, { lowS: false, prehash: true, format: 'compact' });
}

/** Pure-JS verification (no WebCrypto); exposed for tests and benchmarks. */
export function verifySignatureSync(publicKey: Uint8Array, data: Uint8Array, signature: Uint8Array): boolean {
  decompressPublicKey(publicKey);
  if (signature.length !== 64) return false;
  return p256.verify(signature, data, publicKey, { lowS: false, prehash: true, format: 'compact' });
}
