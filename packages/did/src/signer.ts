/**
 * A Signer is whatever can produce a P-256 signature for one DID key: an in-memory key here,
 * a wallet, an HSM or a non-extractable WebCrypto key elsewhere. Everything that signs in this
 * package (documents, credentials, presentations, JWTs, chain requests) takes a Signer.
 */
import { p256 } from '@noble/curves/nist.js';
import { elastosDidFromPublicKey } from './did-elastos.js';
import { didKeyFromPublicKey, didKeyKeyId } from './did-key.js';
import { DidError } from './errors.js';
import { assertPrivateKey, getPublicKey } from './keys.js';

export interface Signer {
  /** The DID this key belongs to. */
  did: string;
  /** Full DID URL of the key, e.g. `did:elastos:i…#primary`. */
  keyId: string;
  /** 33-byte compressed public key. */
  publicKey: Uint8Array;
  /** 64-byte raw r‖s ECDSA signature over SHA-256(data). */
  sign(data: Uint8Array): Promise<Uint8Array>;
  /**
   * Optional: P-256 ECDH with this key, the 32-byte x-coordinate of (private key × `publicKey`).
   * What opens a key a friend wrapped for this DID (end-to-end encryption in the SDK); wallets
   * that only sign leave it out.
   */
  sharedSecret?(publicKey: Uint8Array): Promise<Uint8Array>;
  /**
   * Optional: the 32-byte key the Elastos DID SDK's `DIDDocument.createCipher(identifier,
   * securityCode)` derives from this key's extended form (needs its chain code: `createHdKeySigner`).
   */
  elastosCipherKey?(identifier: string, securityCode: number): Promise<Uint8Array>;
  /**
   * Optional: the X25519 key-agreement key of this DID's document (its `keyAgreement` entry), when
   * it has one: what opens a key a friend wrapped for it (`x25519KeyAgreement` in `@cella/sdk/crypto`).
   */
  x25519?: {
    /** 32-byte X25519 public key. */
    publicKey: Uint8Array;
    /** X25519(private key, `publicKey`): 32 bytes. */
    sharedSecret(publicKey: Uint8Array): Promise<Uint8Array>;
  };
}

export type DidMethodName = 'elastos' | 'key';

export interface KeySignerOptions {
  /** Which DID to derive from the key. Default 'elastos'. */
  method?: DidMethodName;
  /** Key fragment for did:elastos (default `primary`, the SDK's default key name). */
  fragment?: string;
}

/** A Signer over an in-memory private key (deterministic RFC 6979 signatures). */
export function createKeySigner(privateKey: Uint8Array, options: KeySignerOptions = {}): Signer {
  assertPrivateKey(privateKey);
  const method = options.method ?? 'elastos';
  const publicKey = getPublicKey(privateKey);
  // Copy so later mutation of the caller's buffer cannot change the key under us.
  const secret = Uint8Array.from(privateKey);
  let did: string;
  let keyId: string;
  if (method === 'elastos') {
    did = elastosDidFromPublicKey(publicKey);
    const fragment = options.fragment ?? 'primary';
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(fragment))
      throw new DidError('MALFORMED', `invalid key fragment: ${fragment}`);
    keyId = `${did}#${fragment}`;
  } else if (method === 'key') {
    did = didKeyFromPublicKey(publicKey);
    keyId = didKeyKeyId(did);
  } else {
    throw new DidError('UNSUPPORTED', `unsupported DID method: ${String(method)}`);
  }
  return {
    did,
    keyId,
    publicKey,
    async sign(data: Uint8Array): Promise<Uint8Array> {
      if (!(data instanceof Uint8Array)) throw new DidError('MALFORMED', 'data to sign must be a Uint8Array');
      return p256.sign(data, secret, { prehash: true, format: 'compact' });
    },
    async sharedSecret(peer: Uint8Array): Promise<Uint8Array> {
      if (!(peer instanceof Uint8Array)) throw new DidError('MALFORMED', 'the peer key must be a Uint8Array');
      try {
        return p256.getSharedSecret(secret, peer, true).slice(1);
      } catch (err) {
        throw new DidError('INVALID_KEY', 'the peer key is not a valid P-256 point', { cause: err });
      }
    },
  };
}

/** Call a signer and check what it returned, so a broken wallet fails loudly here. */
export async function signWith(signer: Signer, data: Uint8Array): Promise<Uint8Array> {
  const sig = await signer.sign(data);
  if (!(sig instanceof Uint8Array) || sig.length !== 64) {
    throw new DidError('BAD_SIGNATURE', 'signer must return a 64-byte r‖s signature');
  }
  return sig;
}

/** Check that a caller-supplied signer has the expected shape (garbage → DidError, not TypeError). */
export function assertSigner(signer: unknown): asserts signer is Signer {
  const s = signer as Partial<Signer> | null;
  if (
    s === null ||
    typeof s !== 'object' ||
    typeof s.did !== 'string' ||
    typeof s.keyId !== 'string' ||
    !(s.publicKey instanceof Uint8Array) ||
    typeof s.sign !== 'function'
  ) {
    throw new DidError('MALFORMED', 'signer must be { did, keyId, publicKey, sign(data) }');
  }
}
