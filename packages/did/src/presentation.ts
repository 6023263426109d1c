/**
 * Elastos verifiable presentations, the sign-in answer: the holder signs
 * SHA-256(normalized presentation without proof ‖ realm ‖ nonce), so the signature binds the
 * verifier's realm (the node DID) and its one-time nonce.
 */
import * as z from 'zod/mini';
import { canonicalBytes } from './canonical.js';
import { normalizeCredential } from './credential-normalize.js';
import type { VerifiedCredential } from './credential.js';
import { verifyCredential } from './credential.js';
import { badSignatureError, formatDidDate, normalizeDidDate, nowDate, parseDidDate } from './dates.js';
import { compareStrings, parseDid, parseDidUrl, qualifyDidUrl, truncate } from './did-url.js';
import { decodeSignature, findKey, isAuthenticationKey, publicKeyBytes } from './document.js';
import { bytesToBase64url, concatBytes, utf8Encode } from './encoding.js';
import { DidError, malformed } from './errors.js';
import { resolveDocument } from './resolve-document.js';
import type { DidResolver } from './resolver/types.js';
import { parseShape } from './shape.js';
import type { Signer } from './signer.js';
import { assertSigner, signWith } from './signer.js';
import type {
  DIDDocument,
  PresentationProof,
  VerifiableCredential,
  VerifiablePresentation,
} from './types.js';
import { DEFAULT_PRESENTATION_TYPE, ELASTOS_KEY_TYPE } from './types.js';
import { verifySignature } from './verify.js';

const nonEmpty = () => z.string().check(z.minLength(1));
const rawPresentationSchema = z.object({
  '@context': z.optional(z.array(z.string())),
  id: z.optional(z.string()),
  type: z.union([z.string(), z.array(z.string()).check(z.minLength(1))]),
  holder: z.optional(z.string()),
  created: z.optional(z.string()),
  verifiableCredential: z.optional(z.array(z.unknown())),
  proof: z.object({
    type: z.optional(z.string()),
    created: z.optional(z.string()),
    verificationMethod: z.string(),
    realm: nonEmpty(),
    nonce: nonEmpty(),
    signature: nonEmpty(),
  }),
});

/** Parse a presentation (object or JSON text) into the normalized form the SDK signs. */
export function normalizePresentation(input: unknown): VerifiablePresentation {
  const raw = parseShape(rawPresentationSchema, input, 'presentation');
  const holder = raw.holder !== undefined ? parseDid(raw.holder).did : undefined;
  // v1 presentations have no holder: it is then the DID of the signing key.
  const signerDid = parseDidUrl(raw.proof.verificationMethod, holder).did;
  const context = holder ?? signerDid;
  const vp: Partial<VerifiablePresentation> = {};
  if (raw['@context'] && raw['@context'].length > 0) vp['@context'] = [...raw['@context']];
  if (raw.id !== undefined) vp.id = qualifyDidUrl(raw.id, context);
  const types = typeof raw.type === 'string' ? [raw.type] : [...raw.type].sort(compareStrings);
  vp.type = types.length === 1 ? types[0]! : types;
  if (holder !== undefined) vp.holder = holder;
  if (raw.created !== undefined) vp.created = normalizeDidDate(raw.created, 'created');
  else if (raw.proof.created === undefined) throw malformed('invalid presentation: no created timestamp');
  const credentials = new Map<string, VerifiableCredential>();
  for (const rawVc of raw.verifiableCredential ?? []) {
    const vc = normalizeCredential(rawVc, context);
    if (credentials.has(vc.id)) throw malformed(`duplicated credential in presentation: ${vc.id}`);
    credentials.set(vc.id, vc);
  }
  vp.verifiableCredential = [...credentials.values()].sort((a, b) => compareStrings(a.id, b.id));
  const proof: Partial<PresentationProof> = { type: raw.proof.type ?? ELASTOS_KEY_TYPE };
  if (raw.proof.created !== undefined) proof.created = normalizeDidDate(raw.proof.created, 'proof.created');
  proof.verificationMethod = qualifyDidUrl(raw.proof.verificationMethod, context);
  proof.realm = raw.proof.realm;
  proof.nonce = raw.proof.nonce;
  proof.signature = raw.proof.signature;
  vp.proof = proof as PresentationProof;
  return vp as VerifiablePresentation;
}

function presentationSigningInput(
  vp: VerifiablePresentation | Omit<VerifiablePresentation, 'proof'>,
  realm: string,
  nonce: string,
): Uint8Array {
  const { proof: _proof, ...body } = vp as VerifiablePresentation;
  return concatBytes(canonicalBytes(body), utf8Encode(realm), utf8Encode(nonce));
}

export interface CreatePresentationOptions {
  /** Credentials about the holder (each subject id must be the signer's DID). */
  credentials?: unknown[];
  /** The verifier's DID (for Hive sign-in: the node DID, the challenge's `iss`). */
  realm: string;
  /** The verifier's one-time nonce (the challenge's `nonce`). */
  nonce: string;
  /** Optional presentation id (fragment or DID URL under the holder). */
  id?: string;
  /** Types besides `VerifiablePresentation`. */
  types?: string[];
  now?: Date | number;
}

export async function createPresentation(
  signer: Signer,
  options: CreatePresentationOptions,
): Promise<VerifiablePresentation> {
  assertSigner(signer);
  if (options === null || typeof options !== 'object') throw malformed('presentation options are required');
  const { realm, nonce } = options;
  if (typeof realm !== 'string' || realm.length === 0) throw malformed('realm must be a non-empty string');
  if (typeof nonce !== 'string' || nonce.length === 0) throw malformed('nonce must be a non-empty string');
  const holder = parseDid(signer.did).did;
  const types = new Set<string>([DEFAULT_PRESENTATION_TYPE, ...(options.types ?? [])]);
  const created = formatDidDate(nowDate(options.now));
  const credentials = (options.credentials ?? []).map((c) => normalizeCredential(c, holder));
  for (const vc of credentials) {
    if (vc.credentialSubject.id !== holder) {
      throw new DidError(
        'WRONG_HOLDER',
        `credential ${vc.id} is about ${vc.credentialSubject.id}, not the holder ${holder}`,
      );
    }
  }
  const draft = normalizePresentation({
    ...(options.id !== undefined ? { id: options.id } : {}),
    type: [...types],
    holder,
    created,
    verifiableCredential: credentials,
    proof: {
      created,
      verificationMethod: qualifyDidUrl(signer.keyId, holder),
      realm,
      nonce,
      signature: 'unsigned',
    },
  });
  const signature = await signWith(signer, presentationSigningInput(draft, realm, nonce));
  return { ...draft, proof: { ...draft.proof, signature: bytesToBase64url(signature) } };
}

export interface VerifiedPresentation {
  /** The holder DID (for Cella sign-in: the user; in the Hive flow: the app instance). */
  holder: string;
  realm: string;
  nonce: string;
  created: Date;
  /** Every embedded credential, verified. */
  credentials: VerifiedCredential[];
  /** The normalized presentation. */
  presentation: VerifiablePresentation;
  holderDocument: DIDDocument;
}

export interface VerifyPresentationOptions {
  resolver: DidResolver;
  /** Expected realm (the verifier's DID). Checked when given. */
  realm?: string;
  /** Expected nonce. Checked when given; otherwise the caller must check the returned nonce. */
  nonce?: string;
  /** Minimum number of credentials (default 0). */
  minCredentials?: number;
  now?: Date | number;
}

/**
 * Verify a presentation: realm/nonce as expected, the holder resolves (valid, genuine, not
 * expired), the proof key is one of the holder's authentication keys and the signature over
 * presentation ‖ realm ‖ nonce verifies, and every credential is about the holder and valid.
 */
export async function verifyPresentation(
  input: unknown,
  options: VerifyPresentationOptions,
): Promise<VerifiedPresentation> {
  const vp = normalizePresentation(input);
  const { proof } = vp;
  const holder = vp.holder ?? parseDidUrl(proof.verificationMethod).did;
  if (proof.type !== ELASTOS_KEY_TYPE)
    throw new DidError('UNSUPPORTED', `unsupported proof type: ${truncate(proof.type)}`);
  if (options?.realm !== undefined && proof.realm !== options.realm) {
    throw new DidError('WRONG_REALM', `presentation realm ${truncate(proof.realm)} is not ${options.realm}`);
  }
  if (options?.nonce !== undefined && proof.nonce !== options.nonce)
    throw new DidError('WRONG_NONCE', 'presentation nonce does not match');
  const minCredentials = options?.minCredentials ?? 0;
  if (vp.verifiableCredential.length < minCredentials) {
    throw malformed(`presentation must carry at least ${minCredentials} credential(s)`);
  }
  for (const vc of vp.verifiableCredential) {
    if (vc.credentialSubject.id !== holder) {
      throw new DidError(
        'WRONG_HOLDER',
        `credential ${vc.id} is about ${vc.credentialSubject.id}, not the holder ${holder}`,
      );
    }
  }
  const now = nowDate(options?.now);
  const holderDocument = await resolveDocument(options?.resolver, holder, { now });
  const key = findKey(holderDocument, proof.verificationMethod);
  if (!key || !isAuthenticationKey(holderDocument, proof.verificationMethod)) {
    throw new DidError(
      'INVALID_KEY',
      `${truncate(proof.verificationMethod)} is not an authentication key of ${holder}`,
    );
  }
  const ok = await verifySignature(
    publicKeyBytes(key),
    presentationSigningInput(vp, proof.realm, proof.nonce),
    decodeSignature(proof.signature),
  );
  if (!ok)
    throw badSignatureError(input, ['created'], `proof of the presentation by ${holder} does not verify`);
  const credentials: VerifiedCredential[] = [];
  for (const vc of vp.verifiableCredential)
    credentials.push(await verifyCredential(vc, { resolver: options.resolver, now }));
  return {
    holder,
    realm: proof.realm,
    nonce: proof.nonce,
    created: parseDidDate(proof.created ?? vp.created, 'created'),
    credentials,
    presentation: vp,
    holderDocument,
  };
}
