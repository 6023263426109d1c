/**
 * Byte encodings used by the Elastos formats: hex, Bitcoin-alphabet base58 (public keys, DID
 * id strings) and unpadded base64url (signatures, chain payloads). Decoders throw DidError
 * MALFORMED on garbage instead of TypeError.
 */
import { base58, base64urlnopad, hex } from '@scure/base';
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import { malformed } from './errors.js';

const textEncoder = new TextEncoder();
const textDecoder = new TextDecoder('utf-8', { fatal: true });

function requireString(value: unknown, what: string): string {
  if (typeof value !== 'string') throw malformed(`${what} must be a string`);
  return value;
}

function requireBytes(value: unknown, what: string): Uint8Array {
  if (!(value instanceof Uint8Array)) throw malformed(`${what} must be a Uint8Array`);
  return value;
}

export function bytesToHex(bytes: Uint8Array): string {
  return hex.encode(requireBytes(bytes, 'bytes'));
}

export function hexToBytes(text: string): Uint8Array {
  const s = requireString(text, 'hex');
  const body = s.startsWith('0x') || s.startsWith('0X') ? s.slice(2) : s;
  if (body.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(body)) throw malformed('invalid hex string');
  return hex.decode(body.toLowerCase());
}

export function bytesToBase58(bytes: Uint8Array): string {
  return base58.encode(requireBytes(bytes, 'bytes'));
}

export function base58ToBytes(text: string): Uint8Array {
  const s = requireString(text, 'base58');
  try {
    return base58.decode(s);
  } catch (err) {
    throw malformed('invalid base58 string', err);
  }
}

export function bytesToBase64url(bytes: Uint8Array): string {
  return base64urlnopad.encode(requireBytes(bytes, 'bytes'));
}

/** Accepts base64url with or without `=` padding (some encoders pad). */
export function base64urlToBytes(text: string): Uint8Array {
  const s = requireString(text, 'base64url').replace(/=+$/, '');
  if (!/^[A-Za-z0-9_-]*$/.test(s)) throw malformed('invalid base64url string');
  try {
    return base64urlnopad.decode(s);
  } catch (err) {
    throw malformed('invalid base64url string', err);
  }
}

export function utf8Encode(text: string): Uint8Array {
  return textEncoder.encode(text);
}

export function utf8Decode(bytes: Uint8Array): string {
  try {
    return textDecoder.decode(bytes);
  } catch (err) {
    throw malformed('invalid UTF-8', err);
  }
}

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

export function sha256(data: Uint8Array): Uint8Array {
  return nobleSha256(data);
}

/** Random bytes from the platform CSPRNG (WebCrypto; present in browsers and Node >= 19). */
export function randomBytes(length: number): Uint8Array {
  const out = new Uint8Array(length);
  globalThis.crypto.getRandomValues(out);
  return out;
}
