/**
 * A friend's key-agreement key, from what the owner has of them: a did:key (P-256), a DID document
 * (its X25519 `keyAgreement` key where it lists one, else its default P-256 key), or the key itself
 * (32 bytes: X25519; 33 or 65: P-256).
 */
// Through the main entry: one copy of the DID code (and of zod, which it uses) in an app.
import {
  base58ToBytes,
  CellaCryptoError,
  getDefaultKey,
  publicKeyFromDidKey,
  type Recipient,
} from '@cella/sdk';
import type { DIDDocument } from '@cella/did';
import type { AgreementKey } from './wrap.js';

/** A `keyAgreement` entry (or a verification method it names), as DID documents write them. */
interface KeyEntry {
  id?: string;
  type?: string;
  publicKeyBase58?: string;
  publicKeyMultibase?: string;
}

/** The multicodec prefix of an X25519 public key in `publicKeyMultibase` (0xec, varint). */
const X25519_MULTICODEC = [0xec, 0x01];

/** The X25519 key of a `keyAgreement` entry, or undefined when it is not one. */
function x25519Of(entry: KeyEntry): Uint8Array | undefined {
  let key: Uint8Array | undefined;
  if (entry.type === 'X25519KeyAgreementKey2019' && entry.publicKeyBase58)
    key = base58ToBytes(entry.publicKeyBase58);
  else if (
    (entry.type === 'X25519KeyAgreementKey2020' || entry.type === 'Multikey') &&
    entry.publicKeyMultibase?.startsWith('z')
  ) {
    const bytes = base58ToBytes(entry.publicKeyMultibase.slice(1));
    if (bytes[0] === X25519_MULTICODEC[0] && bytes[1] === X25519_MULTICODEC[1]) key = bytes.subarray(2);
  }
  return key?.length === 32 ? key : undefined;
}

/** The document's first X25519 key-agreement key (entries inline, or named by id). */
function documentX25519(doc: DIDDocument): Uint8Array | undefined {
  const loose = doc as DIDDocument & { keyAgreement?: unknown; verificationMethod?: unknown };
  if (!Array.isArray(loose.keyAgreement)) return undefined;
  const methods = [
    ...(Array.isArray(loose.verificationMethod) ? (loose.verificationMethod as KeyEntry[]) : []),
    ...((doc.publicKey ?? []) as KeyEntry[]),
  ];
  const named = (ref: string) =>
    methods.find((m) => m.id === ref || (m.id?.startsWith('#') && `${doc.id}${m.id}` === ref));
  for (const item of loose.keyAgreement as (string | KeyEntry)[]) {
    const entry = typeof item === 'string' ? named(item.startsWith('#') ? `${doc.id}${item}` : item) : item;
    const key = entry && typeof entry === 'object' ? x25519Of(entry) : undefined;
    if (key) return key;
  }
  return undefined;
}

export function recipientKey(recipient: Recipient): AgreementKey & { did: string } {
  if (typeof recipient === 'string') {
    if (recipient.startsWith('did:key:'))
      return { did: recipient, alg: 'P-256', publicKey: publicKeyFromDidKey(recipient) };
    throw new CellaCryptoError(
      'UNSUPPORTED',
      `${recipient}: pass the recipient's DID document (resolveDocument) or { did, publicKey } — only a did:key names its key`,
    );
  }
  if ('did' in recipient && recipient.publicKey instanceof Uint8Array)
    return {
      did: recipient.did,
      alg: recipient.publicKey.length === 32 ? 'X25519' : 'P-256',
      publicKey: recipient.publicKey,
    };
  const doc = recipient as DIDDocument;
  const x25519 = documentX25519(doc);
  if (x25519) return { did: doc.id, alg: 'X25519', publicKey: x25519 };
  const key = getDefaultKey(doc);
  if (!key?.publicKeyBase58)
    throw new CellaCryptoError(
      'UNSUPPORTED',
      `the DID document of ${doc.id} has no X25519 key-agreement key nor a P-256 key to wrap for`,
    );
  return { did: doc.id, alg: 'P-256', publicKey: base58ToBytes(key.publicKeyBase58) };
}
