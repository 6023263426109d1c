/**
 * Elastos hierarchical keys: BIP32 derivation over P-256, as the Elastos DID SDK derives every key
 * of a root identity (HMAC-SHA512 keyed "Bitcoin seed" for the master, HMAC-SHA512 keyed by the
 * chain code for a child, the child scalar = parent + IL mod n; an invalid child moves on to the
 * next index, as BIP32 says). A DID's key in a DIDStore is kept as an 82-byte extended private key
 * (the 78-byte BIP32 `xprv` serialization and the first 4 bytes of its double SHA-256); its chain
 * code is what `DIDDocument.createCipher` derives from, so the raw 32-byte key alone cannot
 * reproduce the official SDK's cipher. A subpath of its own (`@cella/did/hd-key`): only code that
 * needs it loads HMAC-SHA512 and PBKDF2.
 */
import { p256 } from '@noble/curves/nist.js';
import { hmac } from '@noble/hashes/hmac.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { base58 } from '@scure/base';
import { DidError } from './errors.js';

export interface HdKey {
  /** 32-byte private scalar. */
  privateKey: Uint8Array;
  /** 32-byte chain code. */
  chainCode: Uint8Array;
  depth: number;
  /** The parent's fingerprint (0 for a master key). */
  parentFingerprint: number;
  /** This key's index under its parent (≥ 2^31: hardened). */
  index: number;
}

const XPRV_VERSION = 0x0488ade4;
const HARDENED = 0x80000000;
const N = p256.Point.CURVE().n;
const text = new TextEncoder();

const bigFrom = (bytes: Uint8Array): bigint => BigInt(`0x${bytesHex(bytes)}`);
const bytesHex = (bytes: Uint8Array): string =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const bytesFromBig = (n: bigint): Uint8Array => {
  const out = new Uint8Array(32);
  let v = n;
  for (let i = 31; i >= 0; i--) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
};
const checksum = (payload: Uint8Array): Uint8Array => sha256(sha256(payload)).subarray(0, 4);

function invalid(message: string): DidError {
  return new DidError('INVALID_KEY', message);
}

/** The master key of a BIP32 seed (the DID SDK's `HDKey.fromMasterSeed`). */
export function hdKeyFromSeed(seed: Uint8Array): HdKey {
  const I = hmac(sha512, text.encode('Bitcoin seed'), seed);
  const privateKey = I.slice(0, 32);
  if (!p256.utils.isValidSecretKey(privateKey)) throw invalid('this seed gives no valid master key');
  return { privateKey, chainCode: I.slice(32), depth: 0, parentFingerprint: 0, index: 0 };
}

/**
 * The master key of a BIP39 mnemonic and passphrase (PBKDF2-HMAC-SHA512, 2048 rounds, salt
 * "mnemonic" + passphrase, both NFKD): the root identity the DID SDK's
 * `RootIdentity.createFromMnemonic(mnemonic, passphrase, …)` holds. The words are not checked
 * against a word list.
 */
export function hdKeyFromMnemonic(mnemonic: string, passphrase = ''): HdKey {
  const words = mnemonic.normalize('NFKD').trim().split(/\s+/).join(' ');
  const seed = pbkdf2(sha512, text.encode(words), text.encode(`mnemonic${passphrase.normalize('NFKD')}`), {
    c: 2048,
    dkLen: 64,
  });
  return hdKeyFromSeed(seed);
}

/** BIP32's fingerprint: the first 4 bytes of RIPEMD-160(SHA-256(compressed public key)). */
function fingerprint(key: HdKey): number {
  const id = ripemd160(sha256(p256.getPublicKey(key.privateKey, true)));
  return new DataView(id.buffer, id.byteOffset, 4).getUint32(0, false);
}

/** The child `index` (≥ 2^31: hardened) of a private extended key. */
export function deriveChild(parent: HdKey, index: number): HdKey {
  if (!Number.isInteger(index) || index < 0 || index > 0xffffffff)
    throw invalid(`invalid child index ${index}`);
  const data = new Uint8Array(37);
  if (index >= HARDENED) data.set(parent.privateKey, 1);
  else data.set(p256.getPublicKey(parent.privateKey, true), 0);
  new DataView(data.buffer).setUint32(33, index, false);
  const I = hmac(sha512, parent.chainCode, data);
  const tweak = bigFrom(I.subarray(0, 32));
  const child = (bigFrom(parent.privateKey) + tweak) % N;
  // BIP32: an IL ≥ n or a zero child is skipped (the DID SDK moves on to index + 1 likewise).
  if (tweak >= N || child === 0n) return deriveChild(parent, index + 1);
  return {
    privateKey: bytesFromBig(child),
    chainCode: I.slice(32),
    depth: parent.depth + 1,
    parentFingerprint: fingerprint(parent),
    index,
  };
}

export function derivePath(key: HdKey, path: readonly number[]): HdKey {
  return path.reduce(deriveChild, key);
}

/** The key of DID number `index` of a root identity: m/44'/0'/0'/0/index (the DID SDK's DERIVE_PATH_PREFIX). */
export function elastosDidKey(root: HdKey, index: number): HdKey {
  return derivePath(root, [44 + HARDENED, HARDENED, HARDENED, 0, index]);
}

/**
 * The path `DIDDocument.createCipher(identifier, securityCode)` derives along: the eight 32-bit
 * little-endian words of SHA-256(UTF-8 identifier), each hardened when its top bit is set, then the
 * security code (hardened when negative). Every step's index is therefore the word read unsigned.
 */
export function cipherPath(identifier: string, securityCode: number): number[] {
  if (!identifier) throw new DidError('MALFORMED', 'the cipher identifier must not be empty');
  if (!Number.isInteger(securityCode) || securityCode < -HARDENED || securityCode >= HARDENED)
    throw new DidError('MALFORMED', 'the security code must be a 32-bit integer');
  const digest = sha256(text.encode(identifier));
  const view = new DataView(digest.buffer, digest.byteOffset, 32);
  const path: number[] = [];
  for (let i = 0; i < 32; i += 4) path.push(view.getUint32(i, true));
  path.push(securityCode >= 0 ? securityCode : (securityCode & 0x7fffffff) + HARDENED);
  return path;
}

/** Parses an extended private key: base58 or bytes, 82 bytes with checksum (the DIDStore's) or 78 without. */
export function parseExtendedKey(key: string | Uint8Array): HdKey {
  let bytes: Uint8Array;
  try {
    bytes = typeof key === 'string' ? base58.decode(key) : Uint8Array.from(key);
  } catch (err) {
    throw new DidError('MALFORMED', 'the extended key is not base58', { cause: err });
  }
  if (bytes.length === 82) {
    const sum = checksum(bytes.subarray(0, 78));
    if (!sum.every((b, i) => b === bytes[78 + i])) throw invalid('the extended key fails its checksum');
  } else if (bytes.length !== 78) {
    throw invalid(`an extended private key has 78 or 82 bytes, not ${bytes.length}`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, 78);
  if (view.getUint32(0, false) !== XPRV_VERSION || bytes[45] !== 0)
    throw invalid('not an extended private key (xprv)');
  const privateKey = bytes.slice(46, 78);
  if (!p256.utils.isValidSecretKey(privateKey)) throw invalid('the extended key holds no valid P-256 scalar');
  return {
    privateKey,
    chainCode: bytes.slice(13, 45),
    depth: bytes[4]!,
    parentFingerprint: view.getUint32(5, false),
    index: view.getUint32(9, false),
  };
}

/** The 82-byte base58 form the DID SDK's DIDStore keeps (`HDKey.serializeBase58`). */
export function serializeExtendedKey(key: HdKey): string {
  const bytes = new Uint8Array(82);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, XPRV_VERSION, false);
  bytes[4] = key.depth;
  view.setUint32(5, key.depth ? key.parentFingerprint : 0, false);
  view.setUint32(9, key.index, false);
  bytes.set(key.chainCode, 13);
  bytes.set(key.privateKey, 46);
  bytes.set(checksum(bytes.subarray(0, 78)), 78);
  return base58.encode(bytes);
}
