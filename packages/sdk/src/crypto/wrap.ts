/**
 * Keys wrapped for another DID's key-agreement key (ECIES), on P-256 or on X25519:
 * an ephemeral key pair e on the recipient's curve; Z = the shared secret of e and R (P-256: the
 * x-coordinate of e × R, R compressed; X25519: X25519(e, R)); KEK = HKDF-SHA256(Z, salt = E ‖ R,
 * info = label ‖ 0x00 ‖ context), the label naming the curve; wrapped = AES-256-GCM(KEK, nonce =
 * 12 zero bytes (the KEK is used once), secret, AD = UTF-8(context)). The context names what the
 * secret opens (owner, collection and generation, or file key id), so a wrapped key cannot be
 * passed off as another's. The recipient computes Z with its own key (`Signer.sharedSecret`, or
 * `Signer.x25519.sharedSecret`).
 */
import type { Signer } from '@cella/did';
import { CellaCryptoError } from '@cella/sdk';
import { x25519 } from '@noble/curves/ed25519.js';
import { p256 } from '@noble/curves/nist.js';
import { expand, extract } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { Aead, NONCE_BYTES } from './aead.js';
import { b64, concat, unb64, utf8 } from './bytes.js';

/** The curve of a key-agreement key. */
export type WrapAlg = 'P-256' | 'X25519';

/** A recipient's key-agreement public key: P-256 (33 or 65 bytes) or X25519 (32 bytes). */
export interface AgreementKey {
  alg: WrapAlg;
  publicKey: Uint8Array;
}

export interface WrappedKey {
  /** base64url of the ephemeral public key (P-256: 33 bytes, compressed; X25519: 32 bytes). */
  epk: string;
  /** base64url of the wrapped secret and its tag. */
  wrapped: string;
  /** `X25519`; absent for P-256 (the first format, kept as it was). */
  alg?: 'X25519';
}

const LABEL: Record<WrapAlg, string> = { 'P-256': 'cella-e2ee-v1 wrap', X25519: 'cella-e2ee-v1 wrap-x25519' };

/** The KEK of one wrap: both sides derive it from Z and the two public keys. */
async function kek(alg: WrapAlg, z: Uint8Array, epk: Uint8Array, recipient: Uint8Array, context: string) {
  if (z.every((b) => b === 0))
    throw new CellaCryptoError('WRONG_KEY', 'the key agreement gave an all-zero secret (a low-order key)');
  const prk = extract(sha256, z, concat(epk, recipient));
  return Aead.create(expand(sha256, prk, utf8(`${LABEL[alg]}\0${context}`), 32));
}

/**
 * Wraps `secret` for `recipient`. `ephemeralSecret` is for test vectors only: every real wrap
 * takes a fresh random ephemeral key (the zero nonce relies on it).
 */
export async function wrapFor(
  recipient: AgreementKey,
  secret: Uint8Array,
  context: string,
  ephemeralSecret?: Uint8Array,
): Promise<WrappedKey> {
  let r: Uint8Array, epk: Uint8Array, z: Uint8Array;
  if (recipient.alg === 'X25519') {
    r = recipient.publicKey;
    const e = ephemeralSecret ?? x25519.utils.randomSecretKey();
    epk = x25519.getPublicKey(e);
    z = x25519.getSharedSecret(e, r);
  } else {
    r = p256.Point.fromBytes(recipient.publicKey).toBytes(true);
    const e = ephemeralSecret ?? p256.utils.randomSecretKey();
    epk = p256.getPublicKey(e, true);
    z = p256.getSharedSecret(e, r, true).slice(1);
  }
  const sealed = await (
    await kek(recipient.alg, z, epk, r, context)
  ).seal(new Uint8Array(NONCE_BYTES), secret, utf8(context));
  return { epk: b64(epk), wrapped: b64(sealed), ...(recipient.alg === 'X25519' ? { alg: 'X25519' } : {}) };
}

/** The recipient's side: Z and its own public key, from the signer's key of the wrap's curve. */
async function agreement(signer: Signer, key: WrappedKey, epk: Uint8Array) {
  if (key.alg === 'X25519') {
    if (!signer.x25519)
      throw new CellaCryptoError(
        'NO_KEY_MATERIAL',
        'this key was wrapped for an X25519 key-agreement key: sign in with a signer that holds it (x25519KeyAgreement)',
      );
    return { alg: 'X25519' as const, z: await signer.x25519.sharedSecret(epk), r: signer.x25519.publicKey };
  }
  if (key.alg !== undefined)
    throw new CellaCryptoError(
      'UNSUPPORTED',
      `a key wrapped with ${String(key.alg)}, which this SDK does not know`,
    );
  if (!signer.sharedSecret)
    throw new CellaCryptoError(
      'NO_KEY_MATERIAL',
      'opening what was shared needs ECDH with your DID key: this signer only signs (createKeySigner and createHdKeySigner can)',
    );
  return { alg: 'P-256' as const, z: await signer.sharedSecret(epk), r: signer.publicKey };
}

export async function unwrapWith(signer: Signer, key: WrappedKey, context: string): Promise<Uint8Array> {
  const epk = unb64(key.epk);
  const { alg, z, r } = await agreement(signer, key, epk);
  return (await kek(alg, z, epk, r, context)).open(
    new Uint8Array(NONCE_BYTES),
    unb64(key.wrapped),
    utf8(context),
    'WRONG_KEY',
    'the shared key',
  );
}

/**
 * An X25519 key-agreement key for a signer (`{ ...signer, x25519: x25519KeyAgreement(secretKey) }`):
 * what opens keys friends wrapped for the X25519 key of this DID's document.
 */
export function x25519KeyAgreement(secretKey: Uint8Array): NonNullable<Signer['x25519']> {
  const publicKey = x25519.getPublicKey(secretKey);
  return {
    publicKey,
    sharedSecret: async (peer: Uint8Array) => {
      try {
        return x25519.getSharedSecret(secretKey, peer);
      } catch (error) {
        throw new CellaCryptoError('WRONG_KEY', 'the peer key is not a valid X25519 key', { cause: error });
      }
    },
  };
}
