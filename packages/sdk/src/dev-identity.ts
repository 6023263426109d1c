/** Development helper: a fresh P-256 key with its DID and signer (did:elastos by default, or did:key). */
import { bytesToHex, createKeySigner, generateKeyPair, type Signer } from '@cella/did';

export interface DevIdentity {
  did: string;
  signer: Signer;
  /** Hex private key — store it safely if the identity must survive the process. */
  privateKeyHex: string;
}

export function createDevIdentity(method: 'elastos' | 'key' = 'elastos'): DevIdentity {
  const { privateKey } = generateKeyPair();
  const signer = createKeySigner(privateKey, { method });
  return { did: signer.did, signer, privateKeyHex: bytesToHex(privateKey) };
}
