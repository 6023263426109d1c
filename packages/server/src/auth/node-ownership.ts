/**
 * Who owns this node: the operator's `HiveNodeOwnerCredential` (the reference's `NODE_CREDENTIAL`),
 * given as `CELLA_NODE_CREDENTIAL` — the credential's JSON text, or that text in base58 as the
 * reference takes it. It must be issued to this node's DID, unexpired and signed by its issuer
 * (checked through the resolver at start: a bad credential stops the node with the reason). Its
 * issuer is the owner: the DID allowed to call the provider endpoints.
 *
 * Node info carries an ownership presentation: a presentation by the node's DID (realm = the node
 * DID, a fresh nonce each time) holding that credential, which any client can verify against the
 * identity chain. Without a credential the presentation holds none and there is no owner.
 */
import { randomUUID } from 'node:crypto';
import {
  base58ToBytes,
  createPresentation,
  verifyCredential,
  type DidResolver,
  type VerifiableCredential,
  type VerifiablePresentation,
} from '@cella/did';
import type { NodeIdentity } from './node-identity.js';

export interface NodeOwnership {
  /** The owner's DID ('' when the node has no ownership credential). */
  ownerDid: string;
  /** A fresh presentation by the node of its ownership credential. */
  presentation(): Promise<VerifiablePresentation>;
}

/** The credential as given: JSON text, or base58 of it (the reference's form). */
function parseCredentialText(text: string): unknown {
  const trimmed = text.trim();
  try {
    return JSON.parse(trimmed.startsWith('{') ? trimmed : new TextDecoder().decode(base58ToBytes(trimmed)));
  } catch (error) {
    throw new Error(
      `CELLA_NODE_CREDENTIAL is neither a credential's JSON text nor its base58 form: ${(error as Error).message}`,
      { cause: error },
    );
  }
}

export async function loadNodeOwnership(
  credentialText: string | undefined,
  identity: NodeIdentity,
  resolver: DidResolver,
  now: () => number,
): Promise<NodeOwnership> {
  let credential: VerifiableCredential | null = null;
  let ownerDid = '';
  if (credentialText !== undefined && credentialText.trim() !== '') {
    const input = parseCredentialText(credentialText);
    let verified;
    try {
      verified = await verifyCredential(input, { resolver, now: now() });
    } catch (error) {
      throw new Error(`CELLA_NODE_CREDENTIAL does not verify: ${(error as Error).message}`, { cause: error });
    }
    if (verified.subject.id !== identity.did)
      throw new Error(
        `CELLA_NODE_CREDENTIAL is issued to ${verified.subject.id}, not to this node (${identity.did})`,
      );
    credential = verified.credential;
    ownerDid = verified.issuer;
  }
  return {
    ownerDid,
    presentation: () =>
      createPresentation(identity.signer, {
        credentials: credential ? [credential] : [],
        realm: identity.did,
        nonce: randomUUID(),
        now: now(),
      }),
  };
}
