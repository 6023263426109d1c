/**
 * Elastos verifiable credentials: issue (sign with the issuer's key) and verify (issuer's
 * authentication key from the resolver). Examples: `AppIdCredential` (a user lets an app
 * instance act for an app), `HiveBackupCredential` (a user lets a node back up their vault).
 */
import { canonicalBytes } from './canonical.js';
import { credentialWithoutProof, normalizeCredential } from './credential-normalize.js';
import { addYears, formatDidDate, nowDate, parseDidDate } from './dates.js';
import { parseDid, parseDidUrl, qualifyDidUrl, truncate } from './did-url.js';
import {
  decodeSignature,
  findKey,
  isAuthenticationKey,
  MAX_VALID_YEARS,
  publicKeyBytes,
} from './document.js';
import { bytesToBase64url, bytesToHex, randomBytes } from './encoding.js';
import { DidError, malformed } from './errors.js';
import { resolveDocument } from './resolve-document.js';
import type { DidResolver } from './resolver/types.js';
import type { Signer } from './signer.js';
import { assertSigner, signWith } from './signer.js';
import type { CredentialSubject, DIDDocument, VerifiableCredential } from './types.js';
import { DEFAULT_CREDENTIAL_TYPE, ELASTOS_KEY_TYPE } from './types.js';
import { verifySignature } from './verify.js';

export interface IssueCredentialOptions {
  /** Credential id: a fragment (`#app-id-credential`) or a DID URL under the subject's DID. Default: a random fragment. */
  id?: string;
  /** Types besides `VerifiableCredential` (always added), e.g. `['AppIdCredential']`. */
  types?: string[];
  /** `{ id: <subject DID>, ...claims }`. */
  subject: CredentialSubject;
  /** Default: now + 5 years; capped at 5 years like the SDK. */
  expirationDate?: Date;
  now?: Date | number;
}

export async function issueCredential(
  signer: Signer,
  options: IssueCredentialOptions,
): Promise<VerifiableCredential> {
  assertSigner(signer);
  if (options === null || typeof options !== 'object') throw malformed('credential options are required');
  const subjectInput: unknown = options.subject;
  if (subjectInput === null || typeof subjectInput !== 'object' || Array.isArray(subjectInput))
    throw malformed('credential subject must be an object');
  const subjectId = parseDid((subjectInput as { id?: unknown }).id).did;
  const id = qualifyDidUrl(options.id ?? `#${bytesToHex(randomBytes(8))}`, subjectId);
  if (parseDidUrl(id).did !== subjectId)
    throw malformed(`credential id ${truncate(id)} must be under the subject DID ${subjectId}`);
  const types = new Set<string>([DEFAULT_CREDENTIAL_TYPE]);
  for (const t of options.types ?? []) {
    if (typeof t !== 'string' || t.length === 0)
      throw malformed('credential types must be non-empty strings');
    types.add(t);
  }
  const issuer = parseDid(signer.did).did;
  const now = nowDate(options.now);
  const maxExpiry = addYears(now, MAX_VALID_YEARS);
  let expires = options.expirationDate ?? maxExpiry;
  if (!(expires instanceof Date) || Number.isNaN(expires.getTime()))
    throw malformed('expirationDate must be a Date');
  if (expires.getTime() > maxExpiry.getTime()) expires = maxExpiry;
  const { id: _ignored, ...claims } = subjectInput as Record<string, unknown>;
  // Round-trip through the normalizer so the signed bytes are exactly what verifiers rebuild.
  const draft = normalizeCredential({
    id,
    type: [...types],
    issuer,
    issuanceDate: formatDidDate(now),
    expirationDate: formatDidDate(expires),
    credentialSubject: { id: subjectId, ...claims },
    proof: { verificationMethod: signer.keyId, signature: 'unsigned' },
  });
  const signature = await signWith(signer, canonicalBytes(credentialWithoutProof(draft)));
  return {
    ...credentialWithoutProof(draft),
    proof: {
      type: ELASTOS_KEY_TYPE,
      created: formatDidDate(now),
      verificationMethod: qualifyDidUrl(signer.keyId, issuer),
      signature: bytesToBase64url(signature),
    },
  };
}

export interface VerifiedCredential {
  id: string;
  types: string[];
  issuer: string;
  subject: CredentialSubject;
  issuanceDate: Date;
  expirationDate?: Date;
  /** The normalized credential. */
  credential: VerifiableCredential;
}

export interface VerifyCredentialOptions {
  resolver: DidResolver;
  now?: Date | number;
}

/**
 * Verify a credential: well formed, id under the subject's DID, not expired, the issuer resolves
 * (valid, genuine, not expired, not deactivated) and the proof verifies with one of the
 * issuer's authentication keys. Revocation is not checked (see docs/did.md).
 */
export async function verifyCredential(
  input: unknown,
  options: VerifyCredentialOptions,
): Promise<VerifiedCredential> {
  const vc = normalizeCredential(input);
  if (parseDidUrl(vc.id).did !== vc.credentialSubject.id) {
    throw malformed(
      `credential id ${truncate(vc.id)} must be under its subject's DID ${vc.credentialSubject.id}`,
    );
  }
  if (vc.proof.type !== ELASTOS_KEY_TYPE)
    throw new DidError('UNSUPPORTED', `unsupported proof type: ${truncate(vc.proof.type)}`);
  const now = nowDate(options?.now);
  const expirationDate =
    vc.expirationDate !== undefined ? parseDidDate(vc.expirationDate, 'expirationDate') : undefined;
  if (expirationDate && expirationDate.getTime() < now.getTime()) {
    throw new DidError('EXPIRED', `credential ${vc.id} expired at ${vc.expirationDate}`);
  }
  if (parseDidUrl(vc.proof.verificationMethod).did !== vc.issuer) {
    throw new DidError(
      'INVALID_KEY',
      `credential ${vc.id} is signed by ${truncate(vc.proof.verificationMethod)}, not by its issuer ${vc.issuer}`,
    );
  }
  const issuerDoc = await resolveDocument(options?.resolver, vc.issuer, { now });
  await checkProof(issuerDoc, vc);
  return {
    id: vc.id,
    types: vc.type,
    issuer: vc.issuer,
    subject: vc.credentialSubject,
    issuanceDate: parseDidDate(vc.issuanceDate, 'issuanceDate'),
    ...(expirationDate ? { expirationDate } : {}),
    credential: vc,
  };
}

async function checkProof(issuerDoc: DIDDocument, vc: VerifiableCredential): Promise<void> {
  const keyId = vc.proof.verificationMethod;
  const key = findKey(issuerDoc, keyId);
  if (!key || !isAuthenticationKey(issuerDoc, keyId)) {
    throw new DidError('INVALID_KEY', `${truncate(keyId)} is not an authentication key of ${issuerDoc.id}`);
  }
  const ok = await verifySignature(
    publicKeyBytes(key),
    canonicalBytes(credentialWithoutProof(vc)),
    decodeSignature(vc.proof.signature),
  );
  if (!ok) throw new DidError('BAD_SIGNATURE', `proof of credential ${vc.id} does not verify`);
}
