/**
 * DID documents: parse (compact or normalized) → normalized form, serialise exactly as the
 * Elastos SDK signs, create and sign, verify. did:key documents share the shape (see did-key.ts).
 *
 * Customized DIDs (ids not derived from a key, with `controller`/`multisig` and proofs by
 * controllers) are rejected with DidError UNSUPPORTED: Cella's users, apps and nodes all use
 * key-derived DIDs, and supporting controllers would mean resolving and verifying other
 * documents while verifying this one.
 */
import * as z from 'zod/mini';
import { canonicalBytes, canonicalJson, sortKeysDeep } from './canonical.js';
import { normalizeCredential } from './credential-normalize.js';
import {
  addYears,
  badSignatureError,
  formatDidDate,
  normalizeDidDate,
  nowDate,
  parseDidDate,
} from './dates.js';
import { ELASTOS_METHOD, elastosIdString } from './did-elastos.js';
import { KEY_METHOD, didKeyDocument, publicKeyFromDidKey } from './did-key.js';
import { compareStrings, parseDid, qualifyDidUrl, truncate } from './did-url.js';
import { base58ToBytes, base64urlToBytes, bytesToBase58, bytesToBase64url } from './encoding.js';
import { DidError, malformed } from './errors.js';
import { compressPublicKey } from './keys.js';
import { Lru } from './lru.js';
import { parseShape } from './shape.js';
import type { Signer } from './signer.js';
import { assertSigner, signWith } from './signer.js';
import type {
  DIDDocument,
  DocumentProof,
  PublicKeyEntry,
  ServiceEntry,
  VerifiableCredential,
} from './types.js';
import { ELASTOS_KEY_TYPE } from './types.js';
import { verifySignature } from './verify.js';

/** Longest validity the SDK gives a document or credential. */
export const MAX_VALID_YEARS = 5;

const rawKeySchema = z.object({
  id: z.string(),
  type: z.optional(z.string()),
  controller: z.optional(z.string()),
  publicKeyBase58: z.string().check(z.minLength(1)),
});
type RawKey = z.output<typeof rawKeySchema>;

const rawProofSchema = z.object({
  type: z.optional(z.string()),
  created: z.optional(z.string()),
  creator: z.optional(z.string()),
  signatureValue: z.string().check(z.minLength(1)),
});

const rawDocumentSchema = z.object({
  '@context': z.optional(z.array(z.string())),
  id: z.string(),
  controller: z.optional(z.unknown()),
  multisig: z.optional(z.unknown()),
  publicKey: z.optional(z.array(rawKeySchema)),
  authentication: z.optional(z.array(z.union([z.string(), rawKeySchema]))),
  authorization: z.optional(z.array(z.union([z.string(), rawKeySchema]))),
  verifiableCredential: z.optional(z.array(z.unknown())),
  service: z.optional(
    z.array(z.looseObject({ id: z.string(), type: z.string(), serviceEndpoint: z.string() })),
  ),
  expires: z.optional(z.string()),
  proof: z.optional(z.union([rawProofSchema, z.array(z.unknown())])),
});

function normalizeKey(raw: RawKey, subject: string): PublicKeyEntry {
  return {
    id: qualifyDidUrl(raw.id, subject),
    type: raw.type ?? ELASTOS_KEY_TYPE,
    controller: raw.controller !== undefined ? parseDid(raw.controller).did : subject,
    publicKeyBase58: raw.publicKeyBase58,
  };
}

// Decoding a compressed point means a modular square root in JS: memoise per base58 key.
const decodedKeys = new Lru<string, { bytes: Uint8Array; elastosId: string } | Error>(4096);

function decodeKey(publicKeyBase58: string): { bytes: Uint8Array; elastosId: string } | Error {
  let hit = decodedKeys.get(publicKeyBase58);
  if (hit === undefined) {
    try {
      const bytes = compressPublicKey(base58ToBytes(publicKeyBase58));
      hit = { bytes, elastosId: elastosIdString(bytes) };
    } catch (err) {
      hit = err instanceof Error ? err : new Error(String(err));
    }
    decodedKeys.set(publicKeyBase58, hit);
  }
  return hit;
}

/** Decode a key entry's public key; throws INVALID_KEY when it is not a P-256 point. */
export function publicKeyBytes(entry: PublicKeyEntry): Uint8Array {
  const decoded =
    typeof entry?.publicKeyBase58 === 'string'
      ? decodeKey(entry.publicKeyBase58)
      : new Error('missing publicKeyBase58');
  if (decoded instanceof Error) {
    throw new DidError('INVALID_KEY', `key ${String(entry?.id)} is not a valid P-256 public key`, {
      cause: decoded,
    });
  }
  return Uint8Array.from(decoded.bytes);
}

function derivesDid(entry: PublicKeyEntry, method: string, methodSpecificId: string): boolean {
  const decoded = decodeKey(entry.publicKeyBase58);
  if (decoded instanceof Error) return false;
  const pk = decoded.bytes;
  if (method === ELASTOS_METHOD) return decoded.elastosId === methodSpecificId;
  if (method === KEY_METHOD) {
    try {
      return bytesToBase58(publicKeyFromDidKey(`did:key:${methodSpecificId}`)) === bytesToBase58(pk);
    } catch {
      return false;
    }
  }
  return false;
}

/**
 * Parse a DID document (object or JSON text, compact or normalized) into the normalized form:
 * full key ids, default key type/controller filled in, the default key added to
 * `authentication`, arrays sorted, dates at second precision. Structure only: the proof is
 * not checked here (see verifyDocument).
 */
export function normalizeDocument(input: unknown): DIDDocument {
  const raw = parseShape(rawDocumentSchema, input, 'DID document');
  const { did: subject, method, methodSpecificId } = parseDid(raw.id);
  if (method !== ELASTOS_METHOD && method !== KEY_METHOD) {
    throw new DidError('UNSUPPORTED', `unsupported DID method: did:${method}`);
  }
  if (raw.controller !== undefined || raw.multisig !== undefined || Array.isArray(raw.proof)) {
    throw new DidError(
      'UNSUPPORTED',
      `customized (controller / multi-signature) DIDs are not supported: ${truncate(subject)}`,
    );
  }

  const keys = new Map<string, PublicKeyEntry>();
  const addKey = (entry: PublicKeyEntry): void => {
    if (keys.has(entry.id)) throw malformed(`duplicated public key: ${entry.id}`);
    keys.set(entry.id, entry);
  };
  for (const k of raw.publicKey ?? []) addKey(normalizeKey(k, subject));
  // A did:key document may be presented as just its id: the key is implied by the DID.
  if (method === KEY_METHOD && keys.size === 0) addKey(didKeyDocument(subject).publicKey![0]!);

  const referenceKeys = (list: Array<string | RawKey>, field: string): PublicKeyEntry[] => {
    const out: PublicKeyEntry[] = [];
    for (const ref of list) {
      let entry: PublicKeyEntry | undefined;
      if (typeof ref === 'string') {
        entry = keys.get(qualifyDidUrl(ref, subject));
        if (!entry) throw malformed(`${field} references an unknown public key: ${truncate(ref)}`);
      } else {
        entry = normalizeKey(ref, subject);
        addKey(entry);
      }
      out.push(entry);
    }
    return out;
  };
  const authentication = new Map<string, PublicKeyEntry>();
  for (const k of referenceKeys(raw.authentication ?? [], 'authentication')) {
    if (k.controller !== subject)
      throw malformed(`authentication key ${k.id} must be controlled by ${subject}`);
    authentication.set(k.id, k);
  }
  const authorization = new Map<string, PublicKeyEntry>();
  for (const k of referenceKeys(raw.authorization ?? [], 'authorization')) {
    if (k.controller === subject) throw malformed(`authorization key ${k.id} must belong to another DID`);
    authorization.set(k.id, k);
  }

  // The default key is the subject's own key whose derived id equals the DID: it is what makes
  // the DID self-certifying, and it is always an authentication key.
  let defaultKey: PublicKeyEntry | undefined;
  for (const k of keys.values()) {
    if (k.controller === subject && derivesDid(k, method, methodSpecificId)) {
      defaultKey = k;
      break;
    }
  }
  if (!defaultKey) {
    throw new DidError(
      'INVALID_KEY',
      `no public key in the document derives its DID ${truncate(subject)} (missing default key)`,
    );
  }
  if (!authentication.has(defaultKey.id)) authentication.set(defaultKey.id, defaultKey);

  const credentials = new Map<string, VerifiableCredential>();
  for (const rawVc of raw.verifiableCredential ?? []) {
    const vc = normalizeCredential(rawVc, subject);
    if (credentials.has(vc.id)) throw malformed(`duplicated credential: ${vc.id}`);
    credentials.set(vc.id, vc);
  }

  const services = new Map<string, ServiceEntry>();
  for (const s of raw.service ?? []) {
    const { id, type, serviceEndpoint, ...extra } = s;
    const entry: ServiceEntry = {
      id: qualifyDidUrl(id, subject),
      type,
      serviceEndpoint,
      ...sortKeysDeep(extra),
    };
    if (services.has(entry.id)) throw malformed(`duplicated service: ${entry.id}`);
    services.set(entry.id, entry);
  }

  // Property order is part of the signed bytes: '@context' first, then the SDK's fixed order.
  const out: DIDDocument =
    raw['@context'] && raw['@context'].length > 0
      ? { '@context': [...raw['@context']], id: subject }
      : { id: subject };
  const byId = <T extends { id: string }>(m: Map<string, T>): T[] =>
    [...m.values()].sort((a, b) => compareStrings(a.id, b.id));
  if (keys.size > 0) out.publicKey = byId(keys);
  if (authentication.size > 0) out.authentication = [...authentication.keys()].sort(compareStrings);
  if (authorization.size > 0) out.authorization = [...authorization.keys()].sort(compareStrings);
  if (credentials.size > 0) out.verifiableCredential = byId(credentials);
  if (services.size > 0) out.service = byId(services);
  if (raw.expires !== undefined) out.expires = normalizeDidDate(raw.expires, 'expires');
  else if (method === ELASTOS_METHOD) throw malformed('invalid DID document: expires is missing');

  if (raw.proof !== undefined && !Array.isArray(raw.proof)) {
    const p = raw.proof;
    const proof: Partial<DocumentProof> = { type: p.type ?? ELASTOS_KEY_TYPE };
    if (p.created !== undefined) proof.created = normalizeDidDate(p.created, 'proof.created');
    proof.creator = p.creator !== undefined ? qualifyDidUrl(p.creator, subject) : defaultKey.id;
    proof.signatureValue = p.signatureValue;
    out.proof = proof as DocumentProof;
  } else if (method === ELASTOS_METHOD) {
    throw malformed('invalid DID document: proof is missing');
  }
  return out;
}

/** The document without its proof: the bytes the proof signs. */
export function documentWithoutProof(doc: DIDDocument): Omit<DIDDocument, 'proof'> {
  const { proof: _proof, ...rest } = doc;
  return rest;
}

/** The exact normalized JSON text of a document (what is signed without the proof, and published with it). */
export function serializeDocument(doc: unknown, options: { withProof?: boolean } = {}): string {
  if (options.withProof === false) {
    // Serialising an unsigned document (to sign it elsewhere): a placeholder proof satisfies the parser.
    const base = parseShape(z.looseObject({}), doc, 'DID document');
    return canonicalJson(
      documentWithoutProof(normalizeDocument({ ...base, proof: { signatureValue: 'unsigned' } })),
    );
  }
  return canonicalJson(normalizeDocument(doc));
}

function assertDocument(doc: unknown): asserts doc is DIDDocument {
  if (doc === null || typeof doc !== 'object' || typeof (doc as { id?: unknown }).id !== 'string') {
    throw malformed('expected a DID document object');
  }
  const d = doc as DIDDocument;
  if (
    (d.publicKey !== undefined && !Array.isArray(d.publicKey)) ||
    (d.authentication !== undefined && !Array.isArray(d.authentication))
  ) {
    throw malformed('expected a normalized DID document');
  }
}

/** The key entry with this id (relative ids are resolved against the document's DID). */
export function findKey(doc: DIDDocument, keyId: string): PublicKeyEntry | undefined {
  assertDocument(doc);
  const id = qualifyDidUrl(keyId, doc.id);
  return doc.publicKey?.find((k) => k.id === id);
}

export function isAuthenticationKey(doc: DIDDocument, keyId: string): boolean {
  assertDocument(doc);
  const id = qualifyDidUrl(keyId, doc.id);
  return doc.authentication?.includes(id) ?? false;
}

export function isAuthorizationKey(doc: DIDDocument, keyId: string): boolean {
  assertDocument(doc);
  const id = qualifyDidUrl(keyId, doc.id);
  return doc.authorization?.includes(id) ?? false;
}

/** The document's default key: the subject's key whose derived DID equals the document id. */
export function getDefaultKey(doc: DIDDocument): PublicKeyEntry {
  assertDocument(doc);
  const { did, method, methodSpecificId } = parseDid(doc.id);
  const key = doc.publicKey?.find((k) => k.controller === did && derivesDid(k, method, methodSpecificId));
  if (!key) throw new DidError('INVALID_KEY', `document ${truncate(did)} has no default key`);
  return key;
}

/** The first service of a type, e.g. `findService(doc, 'HiveVault')?.serviceEndpoint`. */
export function findService(doc: DIDDocument, type: string): ServiceEntry | undefined {
  assertDocument(doc);
  if (doc.service !== undefined && !Array.isArray(doc.service))
    throw malformed('expected a normalized DID document');
  return doc.service?.find((s) => s.type === type);
}

export interface VerifyDocumentOptions {
  /** Clock for the expiry check. */
  now?: Date | number;
  /** Accept an expired document (chain history checks do; sign-in must not). */
  allowExpired?: boolean;
}

/**
 * Verify a DID document and return its normalized form: the default key derives the DID, the
 * proof is by the default key and verifies over the normalized document, and it is not
 * expired. For did:key the document is implied by the DID; the presented one may only list
 * that key, and the synthesised document is returned.
 */
export async function verifyDocument(
  input: unknown,
  options: VerifyDocumentOptions = {},
): Promise<DIDDocument> {
  const doc = normalizeDocument(input);
  const { method } = parseDid(doc.id);
  if (method === KEY_METHOD) {
    const implied = didKeyDocument(doc.id);
    const own = implied.publicKey![0]!.publicKeyBase58;
    for (const k of doc.publicKey ?? []) {
      if (k.publicKeyBase58 !== own)
        throw new DidError('INVALID_KEY', `did:key document lists a foreign key: ${k.id}`);
    }
    return implied;
  }
  const proof = doc.proof!;
  if (proof.type !== ELASTOS_KEY_TYPE)
    throw new DidError('UNSUPPORTED', `unsupported proof type: ${truncate(proof.type)}`);
  const defaultKey = getDefaultKey(doc);
  if (proof.creator !== defaultKey.id) {
    throw new DidError(
      'INVALID_KEY',
      `document proof must be made by the default key ${defaultKey.id}, not ${truncate(proof.creator)}`,
    );
  }
  const signature = decodeSignature(proof.signatureValue);
  const ok = await verifySignature(
    publicKeyBytes(defaultKey),
    canonicalBytes(documentWithoutProof(doc)),
    signature,
  );
  if (!ok) throw badSignatureError(input, ['expires'], `document proof of ${doc.id} does not verify`);
  if (!options.allowExpired) assertNotExpired(doc, options.now);
  return doc;
}

export function assertNotExpired(doc: DIDDocument, now?: Date | number): void {
  if (doc.expires === undefined) return;
  if (parseDidDate(doc.expires, 'expires').getTime() < nowDate(now).getTime()) {
    throw new DidError('EXPIRED', `DID document of ${doc.id} expired at ${doc.expires}`);
  }
}

/** base64url signature → 64 bytes, or BAD_SIGNATURE. */
export function decodeSignature(value: string): Uint8Array {
  let sig: Uint8Array;
  try {
    sig = base64urlToBytes(value);
  } catch (err) {
    throw new DidError('BAD_SIGNATURE', 'signature is not base64url', { cause: err });
  }
  if (sig.length !== 64)
    throw new DidError('BAD_SIGNATURE', `signature must be 64 bytes (raw r‖s), got ${sig.length}`);
  return sig;
}

export interface ServiceInput {
  /** Fragment (`hivevault`, `#hivevault`) or full DID URL. */
  id: string;
  type: string;
  serviceEndpoint: string;
  [property: string]: unknown;
}

export interface CreateDocumentOptions {
  services?: ServiceInput[];
  /** Default: now + 5 years (the SDK's maximum). */
  expires?: Date;
  now?: Date | number;
}

/**
 * Create and sign the DID document of a signer's DID: one key (the signer's, as `#primary` by
 * default), authentication by it, optional services, expiry and proof. For a did:key signer
 * the (unsigned, implied) did:key document is returned.
 */
export async function createDocument(
  signer: Signer,
  options: CreateDocumentOptions = {},
): Promise<DIDDocument> {
  assertSigner(signer);
  const { did, method } = parseDid(signer.did);
  if (method === KEY_METHOD) return didKeyDocument(did);
  const now = nowDate(options.now);
  const expires = options.expires ?? addYears(now, MAX_VALID_YEARS);
  const unsigned: DIDDocument = {
    id: did,
    publicKey: [
      {
        id: qualifyDidUrl(signer.keyId, did),
        type: ELASTOS_KEY_TYPE,
        controller: did,
        publicKeyBase58: bytesToBase58(compressPublicKey(signer.publicKey)),
      },
    ],
    authentication: [qualifyDidUrl(signer.keyId, did)],
    expires: formatDidDate(expires),
  };
  if (options.services && options.services.length > 0)
    unsigned.service = options.services.map((s) => ({ ...s }));
  return signDocument(signer, unsigned, { now });
}

/**
 * Normalize a document and (re)sign it with the signer, which must hold the document's default
 * key. Use it to add services or keys to an existing document.
 */
export async function signDocument(
  signer: Signer,
  document: unknown,
  options: { now?: Date | number } = {},
): Promise<DIDDocument> {
  assertSigner(signer);
  const base = parseShape(z.looseObject({}), document, 'DID document');
  // A placeholder proof lets normalizeDocument run its checks; it is replaced below.
  const doc = normalizeDocument({ ...base, proof: { signatureValue: 'unsigned' } });
  if (parseDid(doc.id).method !== ELASTOS_METHOD)
    throw new DidError('UNSUPPORTED', 'only did:elastos documents carry proofs');
  const defaultKey = getDefaultKey(doc);
  if (
    qualifyDidUrl(signer.keyId, doc.id) !== defaultKey.id ||
    bytesToBase58(compressPublicKey(signer.publicKey)) !== defaultKey.publicKeyBase58
  ) {
    throw new DidError(
      'INVALID_KEY',
      `the signer's key ${truncate(signer.keyId)} is not the document's default key ${defaultKey.id}`,
    );
  }
  const body = documentWithoutProof(doc);
  const signature = await signWith(signer, canonicalBytes(body));
  return {
    ...body,
    proof: {
      type: ELASTOS_KEY_TYPE,
      created: formatDidDate(nowDate(options.now)),
      creator: defaultKey.id,
      signatureValue: bytesToBase64url(signature),
    },
  };
}
