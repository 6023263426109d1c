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
import { bytesToBase64url, bytesToHex, sha256 } from './encoding.js';
import { malformed } from './errors.js';
import { decompressPublicKey } from './keys.js';
import { Lru } from './lru.js';

const keyCache = new Lru<string, Promise<CryptoKey>>(2048);
// Positive results only: a hit needs the exact (key, message digest, signature) triple that
// already verified, so it cannot be abused; it makes re-checking the same credential or
// document on every sign-in nearly free.
const verifiedCache = new Lru<string, true>(8192);

function subtle(): SubtleCrypto | undefined {
  const c = (globalThis as { crypto?: Crypto }).crypto;
  return c?.subtle;
}

function importVerifyKey(s: SubtleCrypto, publicKey: Uint8Array): Promise<CryptoKey> {
  const cacheKey = bytesToHex(publicKey);
  const hit = keyCache.get(cacheKey);
  if (hit) return hit;
  const raw = decompressPublicKey(publicKey);
  const imported = s.importKey('raw', bufferSource(raw), { name: 'ECDSA', namedCurve: 'P-256' }, false, [
    'verify',
  ]);
  imported.catch(() => keyCache.delete(cacheKey));
  keyCache.set(cacheKey, imported);
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
export async function verifySignature(
  publicKey: Uint8Array,
  data: Uint8Array,
  signature: Uint8Array,
): Promise<boolean> {
  if (!(data instanceof Uint8Array)) throw malformed('data must be a Uint8Array');
  if (!(signature instanceof Uint8Array)) throw malformed('signature must be a Uint8Array');
  if (signature.length !== 64) return false;
  const memoKey = `${bytesToHex(publicKey)}.${bytesToBase64url(signature)}.${bytesToBase64url(sha256(data))}`;
  if (verifiedCache.get(memoKey)) return true;
  let ok: boolean;
  const s = subtle();
  if (s) {
    const key = await importVerifyKey(s, publicKey);
    ok = await s.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, bufferSource(signature), bufferSource(data));
  } else {
    decompressPublicKey(publicKey); // validates the key and throws DidError when it is garbage
    ok = p256.verify(signature, data, publicKey, { lowS: false, prehash: true, format: 'compact' });
  }
  if (ok) verifiedCache.set(memoKey, true);
  return ok;
}

/** Pure-JS verification (no WebCrypto); exposed for tests and benchmarks. */
export function verifySignatureSync(publicKey: Uint8Array, data: Uint8Array, signature: Uint8Array): boolean {
  decompressPublicKey(publicKey);
  if (signature.length !== 64) return false;
  return p256.verify(signature, data, publicKey, { lowS: false, prehash: true, format: 'compact' });
}

/** Forget remembered positive results (benchmarks use it to measure real verification). Not part of the public API. */
export function clearVerifiedSignatureCache(): void {
  verifiedCache.clear();
}
