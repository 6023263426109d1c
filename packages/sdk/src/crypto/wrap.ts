/**
 * Keys wrapped for another DID's P-256 key (ECIES): an ephemeral key pair e; Z = the x-coordinate
 * of e × R (R the recipient's compressed public key); KEK = HKDF-SHA256(Z, salt = E ‖ R,
 * info = "cella-e2ee-v1 wrap" ‖ 0x00 ‖ context); wrapped = AES-256-GCM(KEK, nonce = 12 zero bytes
 * (the KEK is used once), secret, AD = UTF-8(context)). The context names what the secret opens
 * (owner, collection and generation, or file key id), so a wrapped key cannot be passed off as
 * another's. The recipient computes Z with its own key (`Signer.sharedSecret`).
 */
import type { Signer } from '@cella/did';
import { CellaCryptoError } from '@cella/sdk';
import { p256 } from '@noble/curves/nist.js';
import { expand, extract } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { Aead, NONCE_BYTES } from './aead.js';
import { b64, concat, unb64, utf8 } from './bytes.js';

export interface WrappedKey {
  /** base64url of the ephemeral public key (33 bytes). */
  epk: string;
  /** base64url of the wrapped secret and its tag. */
  wrapped: string;
}

async function kek(z: Uint8Array, epk: Uint8Array, recipient: Uint8Array, context: string): Promise<Aead> {
  const prk = extract(sha256, z, concat(epk, recipient));
  return Aead.create(expand(sha256, prk, utf8(`cella-e2ee-v1 wrap\0${context}`), 32));
}

export async function wrapFor(
  recipient: Uint8Array,
  secret: Uint8Array,
  context: string,
): Promise<WrappedKey> {
  const r = p256.Point.fromBytes(recipient).toBytes(true);
  const { secretKey, publicKey } = p256.keygen();
  const z = p256.getSharedSecret(secretKey, r, true).slice(1);
  const wrapped = await (
    await kek(z, publicKey, r, context)
  ).seal(new Uint8Array(NONCE_BYTES), secret, utf8(context));
  return { epk: b64(publicKey), wrapped: b64(wrapped) };
}

export async function unwrapWith(signer: Signer, key: WrappedKey, context: string): Promise<Uint8Array> {
  if (!signer.sharedSecret)
    throw new CellaCryptoError(
      'NO_KEY_MATERIAL',
      'opening what was shared needs ECDH with your DID key: this signer only signs (createKeySigner and createHdKeySigner can)',
    );
  const epk = unb64(key.epk);
  const z = await signer.sharedSecret(epk);
  return (await kek(z, epk, signer.publicKey, context)).open(
    new Uint8Array(NONCE_BYTES),
    unb64(key.wrapped),
    utf8(context),
    'WRONG_KEY',
    'the shared key',
  );
}
