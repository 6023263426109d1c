/**
 * Computes the sign-in test vector from its fixed inputs, with the same code the SDK signs in with
 * (`@cella/did`) and, for the DID derivation, independently with node:crypto. The vector published
 * in the contract (`@cella/openapi`'s `signInVector`) must be exactly what this returns.
 */
import { createHash } from 'node:crypto';
import {
  base64urlToBytes,
  bytesToBase58,
  bytesToHex,
  createDocument,
  createKeySigner,
  createPresentation,
  didKeyDocument,
  didKeyFromPublicKey,
  hexToBytes,
  serializeDocument,
  signJwt,
} from '@cella/did';
import type { SignInVector } from '@cella/openapi';

const hash = (algorithm: 'sha256' | 'ripemd160', ...parts: (Uint8Array | string)[]): Buffer => {
  const h = createHash(algorithm);
  for (const part of parts) h.update(part);
  return h.digest();
};
const seconds = (iso: string): number => Date.parse(iso) / 1000;

export async function buildSignInVector(inputs: SignInVector['inputs']): Promise<SignInVector> {
  const user = createKeySigner(hexToBytes(inputs.userPrivateKeyHex));
  const node = createKeySigner(hexToBytes(inputs.nodePrivateKeyHex));

  // The DID, step by step: h160 = RIPEMD-160(SHA-256(0x21 ‖ pk ‖ 0xAD)), address = 0x67 ‖ h160 ‖ checksum.
  const h160 = hash('ripemd160', hash('sha256', Buffer.from([0x21]), user.publicKey, Buffer.from([0xad])));
  const versioned = Buffer.concat([Buffer.from([0x67]), h160]);
  const address = Buffer.concat([versioned, hash('sha256', hash('sha256', versioned)).subarray(0, 4)]);
  const derivedDid = `did:elastos:${bytesToBase58(address)}`;
  if (derivedDid !== user.did) throw new Error(`DID derivation disagrees: ${derivedDid} vs ${user.did}`);

  const document = await createDocument(user, {
    now: Date.parse(inputs.documentCreated),
    expires: new Date(inputs.documentExpires),
  });
  const documentSigned = serializeDocument(document, { withProof: false });

  const iat = seconds(inputs.challengeIssued);
  const claims = {
    iss: node.did,
    sub: 'DIDAuthChallenge',
    aud: user.did,
    nonce: inputs.nonce,
    iat,
    nbf: iat,
    exp: iat + inputs.challengeLifetimeSeconds,
  };
  const challenge = await signJwt(node, claims, { kid: node.keyId });
  const [headerPart, claimsPart] = challenge.split('.') as [string, string, string];

  const presentation = await createPresentation(user, {
    realm: node.did,
    nonce: inputs.nonce,
    now: Date.parse(inputs.presentationCreated),
  });
  const { proof, ...unsigned } = presentation;
  const presentationSigned = `${JSON.stringify(unsigned)}${proof.realm}${proof.nonce}`;
  const signature = base64urlToBytes(proof.signature);

  const didKey = didKeyFromPublicKey(user.publicKey);
  return {
    inputs,
    user: {
      publicKeyHex: bytesToHex(user.publicKey),
      publicKeyBase58: bytesToBase58(user.publicKey),
      h160Hex: bytesToHex(h160),
      addressHex: bytesToHex(address),
      did: user.did,
      keyId: user.keyId,
    },
    node: {
      publicKeyHex: bytesToHex(node.publicKey),
      publicKeyBase58: bytesToBase58(node.publicKey),
      did: node.did,
      keyId: node.keyId,
    },
    document: {
      signedText: documentSigned,
      signedSha256Hex: hash('sha256', documentSigned).toString('hex'),
      signatureValue: document.proof!.signatureValue,
      json: serializeDocument(document, { withProof: true }),
    },
    challenge: {
      headerJson: Buffer.from(headerPart, 'base64url').toString('utf8'),
      claimsJson: Buffer.from(claimsPart, 'base64url').toString('utf8'),
      signingInputSha256Hex: hash('sha256', `${headerPart}.${claimsPart}`).toString('hex'),
      jwt: challenge,
    },
    presentation: {
      signedText: presentationSigned,
      signedSha256Hex: hash('sha256', presentationSigned).toString('hex'),
      signatureRHex: bytesToHex(signature.subarray(0, 32)),
      signatureSHex: bytesToHex(signature.subarray(32)),
      json: JSON.stringify(presentation),
    },
    didKey: { did: didKey, documentJson: JSON.stringify(didKeyDocument(didKey)) },
  };
}
