/** A friend's P-256 public key, from what the owner has of them: a did:key, a DID document, or the key itself. */
// Through the main entry: one copy of the DID code (and of zod, which it uses) in an app.
import {
  base58ToBytes,
  CellaCryptoError,
  getDefaultKey,
  publicKeyFromDidKey,
  type Recipient,
} from '@cella/sdk';
import type { DIDDocument } from '@cella/did';

export function recipientKey(recipient: Recipient): { did: string; publicKey: Uint8Array } {
  if (typeof recipient === 'string') {
    if (recipient.startsWith('did:key:'))
      return { did: recipient, publicKey: publicKeyFromDidKey(recipient) };
    throw new CellaCryptoError(
      'UNSUPPORTED',
      `${recipient}: pass the recipient's DID document (resolveDocument) or { did, publicKey } — only a did:key names its key`,
    );
  }
  if ('did' in recipient && recipient.publicKey instanceof Uint8Array)
    return { did: recipient.did, publicKey: recipient.publicKey };
  const doc = recipient as DIDDocument;
  const key = getDefaultKey(doc);
  if (!key?.publicKeyBase58)
    throw new CellaCryptoError('UNSUPPORTED', `the DID document of ${doc.id} has no P-256 key to wrap for`);
  return { did: doc.id, publicKey: base58ToBytes(key.publicKeyBase58) };
}
