/**
 * P-256 (secp256r1) keys as Elastos uses them: 32-byte private keys, 33-byte SEC1
 * compressed public keys (base58 in DID documents).
 */
import { p256 } from '@noble/curves/nist.js';
import { DidError, malformed } from './errors.js';

export interface KeyPair {
  /** 32-byte private scalar. Keep secret. */
  privateKey: Uint8Array;
  /** 33-byte SEC1 compressed public key. */
  publicKey: Uint8Array;
}

export function generateKeyPair(): KeyPair {
  const { secretKey, publicKey } = p256.keygen();
  return { privateKey: secretKey, publicKey };
}

export function assertPrivateKey(privateKey: unknown): asserts privateKey is Uint8Array {
  if (
    !(privateKey instanceof Uint8Array) ||
    privateKey.length !== 32 ||
    !p256.utils.isValidSecretKey(privateKey)
  ) {
    throw new DidError('INVALID_KEY', 'private key must be a valid 32-byte P-256 scalar');
  }
}

/** The 33-byte compressed public key of a private key. */
export function getPublicKey(privateKey: Uint8Array): Uint8Array {
  assertPrivateKey(privateKey);
  return p256.getPublicKey(privateKey, true);
}

function toPoint(publicKey: unknown): ReturnType<typeof p256.Point.fromBytes> {
  if (!(publicKey instanceof Uint8Array)) throw malformed('public key must be a Uint8Array');
  if (publicKey.length !== 33 && publicKey.length !== 65) {
    throw new DidError(
      'INVALID_KEY',
      `public key must be 33 (compressed) or 65 (uncompressed) bytes, got ${publicKey.length}`,
    );
  }
  try {
    return p256.Point.fromBytes(publicKey);
  } catch (err) {
    throw new DidError('INVALID_KEY', 'public key is not a valid P-256 point', { cause: err });
  }
}

/** Compressed (33-byte) form of a compressed or uncompressed public key; validates the point. */
export function compressPublicKey(publicKey: Uint8Array): Uint8Array {
  return toPoint(publicKey).toBytes(true);
}

/** Uncompressed (65-byte, 0x04 ‖ x ‖ y) form; browsers' WebCrypto only imports this form. */
export function decompressPublicKey(publicKey: Uint8Array): Uint8Array {
  return toPoint(publicKey).toBytes(false);
}

export function isValidPublicKey(publicKey: unknown): boolean {
  try {
    toPoint(publicKey);
    return true;
  } catch {
    return false;
  }
}
