/**
 * Normalisation of Elastos verifiable credentials: compact or full input → the normalized form
 * the SDK signs. Field order `@context?, id, type (sorted), issuer, issuanceDate,
 * expirationDate?, credentialSubject {id, …props sorted recursively}, proof {type, created?,
 * verificationMethod, signature}`. Relative ids resolve against the subject (credential id) and
 * the issuer (proof key); a missing issuer means self-proclaimed.
 */
import * as z from 'zod/mini';
import { sortKeysDeep } from './canonical.js';
import { normalizeDidDate } from './dates.js';
import { compareStrings, parseDid, qualifyDidUrl } from './did-url.js';
import { malformed } from './errors.js';
import { parseShape } from './shape.js';
import type { CredentialProof, VerifiableCredential } from './types.js';
import { ELASTOS_KEY_TYPE } from './types.js';

const rawCredentialSchema = z.object({
  '@context': z.optional(z.array(z.string())),
  id: z.string(),
  type: z.union([z.string(), z.array(z.string()).check(z.minLength(1))]),
  issuer: z.optional(z.string()),
  issuanceDate: z.string(),
  expirationDate: z.optional(z.string()),
  credentialSubject: z.looseObject({ id: z.optional(z.string()) }),
  proof: z.object({
    type: z.optional(z.string()),
    created: z.optional(z.string()),
    verificationMethod: z.string(),
    signature: z.string().check(z.minLength(1)),
  }),
});

/**
 * Normalize a credential (object or JSON text). `context` is the DID relative references fall back
 * to when the credential omits its subject id (compact credentials embedded in a document or
 * presentation).
 */
export function normalizeCredential(input: unknown, context?: string): VerifiableCredential {
  const raw = parseShape(rawCredentialSchema, input, 'credential');
  const { id: rawSubjectId, ...properties } = raw.credentialSubject;
  let subjectId: string;
  if (rawSubjectId !== undefined) subjectId = parseDid(rawSubjectId).did;
  else if (context !== undefined) subjectId = parseDid(context).did;
  else throw malformed('invalid credential: credentialSubject.id is missing');
  const issuer = raw.issuer !== undefined ? parseDid(raw.issuer).did : subjectId;
  const vc: Partial<VerifiableCredential> = {};
  if (raw['@context'] && raw['@context'].length > 0) vc['@context'] = [...raw['@context']];
  vc.id = qualifyDidUrl(raw.id, subjectId);
  vc.type = typeof raw.type === 'string' ? [raw.type] : [...raw.type].sort(compareStrings);
  vc.issuer = issuer;
  vc.issuanceDate = normalizeDidDate(raw.issuanceDate, 'issuanceDate');
  if (raw.expirationDate !== undefined)
    vc.expirationDate = normalizeDidDate(raw.expirationDate, 'expirationDate');
  vc.credentialSubject = { id: subjectId, ...sortKeysDeep(properties) };
  const proof: Partial<CredentialProof> = { type: raw.proof.type ?? ELASTOS_KEY_TYPE };
  if (raw.proof.created !== undefined) proof.created = normalizeDidDate(raw.proof.created, 'proof.created');
  proof.verificationMethod = qualifyDidUrl(raw.proof.verificationMethod, issuer);
  proof.signature = raw.proof.signature;
  vc.proof = proof as CredentialProof;
  return vc as VerifiableCredential;
}

/** The credential without its proof: the bytes its proof signs. */
export function credentialWithoutProof(vc: VerifiableCredential): Omit<VerifiableCredential, 'proof'> {
  const { proof: _proof, ...rest } = vc;
  return rest;
}
