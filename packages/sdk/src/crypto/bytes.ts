/** Small byte helpers the formats share. */
import { base64urlnopad } from '@scure/base';
import { nativeBuffer, nativeCrypto } from './native.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

export const utf8 = (text: string): Uint8Array => encoder.encode(text);

/**
 * A short text's UTF-8 for a native call that reads it at once (an AD): Node's own encoder where
 * there is one (a few times faster than TextEncoder for short texts; the bytes may sit in Buffer's
 * shared pool, so they are never kept or read through `.buffer`).
 */
export const utf8ForCall = (text: string): Uint8Array =>
  nativeBuffer ? nativeBuffer.from(text, 'utf8') : encoder.encode(text);
export const fromUtf8 = (bytes: Uint8Array): string => decoder.decode(bytes);

/** base64url without padding (Node's native coder where there is one, else @scure/base). */
export const b64 = (bytes: Uint8Array): string =>
  nativeBuffer
    ? nativeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64url')
    : base64urlnopad.encode(bytes);

/**
 * The bytes of base64url without padding; anything else throws. Node's own decoder skips what is
 * not base64 (and reads `=` as the end) — then it answers fewer bytes than the text's length
 * says — and reads `+` `/` as `-` `_`, which are looked for: the same refusals as a character
 * class test, without running one over every ciphertext.
 */
export function unb64(text: string): Uint8Array {
  if (!nativeBuffer) return base64urlnopad.decode(text);
  const bytes = nativeBuffer.from(text, 'base64url');
  if (
    text.length % 4 === 1 ||
    bytes.byteLength !== Math.floor((text.length * 3) / 4) ||
    text.includes('+') ||
    text.includes('/')
  )
    throw new SyntaxError('not base64url without padding');
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export function randomBytes(n: number): Uint8Array {
  const bytes = new Uint8Array(n);
  // getRandomValues takes at most 65,536 bytes a call.
  if (nativeCrypto) return nativeCrypto.randomFillSync(bytes);
  for (let at = 0; at < n; at += 65_536) globalThis.crypto.getRandomValues(bytes.subarray(at, at + 65_536));
  return bytes;
}
