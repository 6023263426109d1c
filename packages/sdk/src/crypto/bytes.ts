/** Small byte helpers the formats share. */
import { base64urlnopad } from '@scure/base';
import { nativeBuffer, nativeCrypto } from './native.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

export const utf8 = (text: string): Uint8Array => encoder.encode(text);
export const fromUtf8 = (bytes: Uint8Array): string => decoder.decode(bytes);

/** base64url without padding (Node's native coder where there is one, else @scure/base). */
export const b64 = (bytes: Uint8Array): string =>
  nativeBuffer
    ? nativeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64url')
    : base64urlnopad.encode(bytes);

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** The bytes of base64url without padding; anything else throws (Node's own decoder would skip it). */
export function unb64(text: string): Uint8Array {
  if (!nativeBuffer) return base64urlnopad.decode(text);
  if (!BASE64URL.test(text) || text.length % 4 === 1) throw new SyntaxError('not base64url without padding');
  const bytes = nativeBuffer.from(text, 'base64url');
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
