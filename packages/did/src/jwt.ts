/**
 * ES256 JWTs the Elastos way: header `{alg:'ES256', typ:'JWT', version:'1.0', kid?}`, raw r‖s
 * signatures (standard JWS), issuer key found by resolving `iss` (the `kid` key, else the
 * issuer's default key). Only ES256 is accepted: `alg: none` (which the official SDK accepts
 * without checking anything) and every other algorithm are rejected.
 */
import * as z from 'zod/mini';
import { nowDate } from './dates.js';
import { parseDid, parseDidUrl, qualifyDidUrl, truncate } from './did-url.js';
import { findKey, getDefaultKey, isAuthenticationKey, publicKeyBytes } from './document.js';
import { base64urlToBytes, bytesToBase64url, utf8Decode, utf8Encode } from './encoding.js';
import { DidError, malformed } from './errors.js';
import type { VerifiedPresentation } from './presentation.js';
import { verifyPresentation } from './presentation.js';
import { resolveDocument } from './resolve-document.js';
import { describeIssue } from './shape.js';
import type { DidResolver } from './resolver/types.js';
import type { Signer } from './signer.js';
import { assertSigner, signWith } from './signer.js';
import type { DIDDocument } from './types.js';
import { verifySignature } from './verify.js';

export interface JwtHeader {
  alg: 'ES256';
  typ?: string;
  version?: string;
  kid?: string;
  [name: string]: unknown;
}

export interface JwtClaims {
  iss?: string;
  sub?: string;
  aud?: string | string[];
  exp?: number;
  nbf?: number;
  iat?: number;
  jti?: string;
  [name: string]: unknown;
}

export interface DecodedJwt {
  header: JwtHeader;
  claims: JwtClaims;
}

const headerSchema = z.looseObject({
  alg: z.string(),
  kid: z.optional(z.string()),
  crit: z.optional(z.unknown()),
});
// NumericDate: zod v4 numbers are finite (no Infinity / NaN).
const numericDate = z.number();
const claimsSchema = z.looseObject({
  iss: z.optional(z.string()),
  sub: z.optional(z.string()),
  aud: z.optional(z.union([z.string(), z.array(z.string())])),
  exp: z.optional(numericDate),
  nbf: z.optional(numericDate),
  iat: z.optional(numericDate),
});

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function encodeSegment(value: unknown): string {
  return bytesToBase64url(utf8Encode(JSON.stringify(value)));
}

function decodeSegment(segment: string, what: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(utf8Decode(base64urlToBytes(segment)));
  } catch (err) {
    throw malformed(`JWT ${what} is not base64url JSON`, err);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw malformed(`JWT ${what} must be a JSON object`);
  return parsed;
}

/**
 * Sign a JWT. `iss` defaults to the signer's DID and `iat` to now; set `exp` yourself. Header
 * extras (`kid`, …) may be passed; `alg` is always ES256.
 */
export async function signJwt(
  signer: Signer,
  claims: JwtClaims,
  header: Partial<JwtHeader> = {},
  options: { now?: Date | number } = {},
): Promise<string> {
  assertSigner(signer);
  if (!isPlainObject(claims)) throw malformed('JWT claims must be a plain object');
  if (!isPlainObject(header)) throw malformed('JWT header must be a plain object');
  const { alg: _ignoredAlg, ...extraHeader } = header;
  const fullHeader: JwtHeader = { alg: 'ES256', typ: 'JWT', version: '1.0', ...extraHeader };
  const fullClaims: JwtClaims = {
    iss: signer.did,
    ...claims,
    ...(claims.iat === undefined ? { iat: Math.floor(nowDate(options.now).getTime() / 1000) } : {}),
  };
  const input = `${encodeSegment(fullHeader)}.${encodeSegment(fullClaims)}`;
  const signature = await signWith(signer, utf8Encode(input));
  return `${input}.${bytesToBase64url(signature)}`;
}

interface SplitJwt extends DecodedJwt {
  signingInput: string;
  signature: Uint8Array;
}

function splitJwt(token: unknown): SplitJwt {
  if (typeof token !== 'string') throw malformed('JWT must be a string');
  const parts = token.trim().split('.');
  if (parts.length !== 3) throw malformed('JWT must have three dot-separated parts');
  const [h, p, s] = parts as [string, string, string];
  const rawHeader = headerSchema.safeParse(decodeSegment(h, 'header'));
  if (!rawHeader.success) throw malformed('JWT header has no valid alg');
  if (rawHeader.data.alg !== 'ES256') {
    throw new DidError(
      'UNSUPPORTED',
      rawHeader.data.alg === 'none'
        ? 'unsigned JWTs (alg none) are rejected'
        : `JWT alg ${truncate(rawHeader.data.alg)} is not supported; only ES256`,
    );
  }
  if (rawHeader.data.crit !== undefined)
    throw new DidError('UNSUPPORTED', 'JWT crit header parameters are not supported');
  const rawClaims = claimsSchema.safeParse(decodeSegment(p, 'payload'));
  if (!rawClaims.success) {
    throw malformed(`JWT claims are malformed: ${describeIssue(rawClaims.error)}`);
  }
  let signature: Uint8Array;
  try {
    signature = base64urlToBytes(s);
  } catch (err) {
    throw new DidError('BAD_SIGNATURE', 'JWT signature is not base64url', { cause: err });
  }
  if (signature.length !== 64)
    throw new DidError('BAD_SIGNATURE', 'JWT signature must be 64 bytes (raw r‖s)');
  return {
    header: rawHeader.data as JwtHeader,
    claims: rawClaims.data,
    signingInput: `${h}.${p}`,
    signature,
  };
}

/** Decode without verifying (e.g. to read a challenge's nonce). Rejects non-ES256 tokens. */
export function decodeJwt(token: string): DecodedJwt {
  const { header, claims } = splitJwt(token);
  return { header, claims };
}

export interface VerifyJwtOptions {
  /** Resolves `iss` to find the key (`kid`, else the default key). One of resolver / publicKey / document is required. */
  resolver?: DidResolver;
  /** Verify with this key instead of resolving. */
  publicKey?: Uint8Array;
  /** Verify against this (already trusted) issuer document instead of resolving. */
  document?: DIDDocument;
  /** Expected audience: `aud` must equal it (or contain it, when an array). */
  audience?: string;
  subject?: string;
  issuer?: string;
  /** Allowed clock difference for exp / nbf. Default 300 s (the Elastos SDKs' value). */
  clockSkewSeconds?: number;
  /** Require an `exp` claim. Default true. */
  requireExpiry?: boolean;
  now?: Date | number;
}

export interface VerifiedJwt extends DecodedJwt {
  /** The issuer's document, when the key came from one. */
  issuerDocument?: DIDDocument;
}

export async function verifyJwt(token: string, options: VerifyJwtOptions): Promise<VerifiedJwt> {
  const jwt = splitJwt(token);
  const { header, claims } = jwt;
  const opts = options ?? {};
  const now = nowDate(opts.now);
  const nowSeconds = now.getTime() / 1000;
  const skew = opts.clockSkewSeconds ?? 300;
  if (claims.exp === undefined) {
    if (opts.requireExpiry !== false) throw malformed('JWT has no exp claim');
  } else if (nowSeconds > claims.exp + skew) {
    throw new DidError('EXPIRED', `JWT expired at ${new Date(claims.exp * 1000).toISOString()}`);
  }
  if (claims.nbf !== undefined && nowSeconds + skew < claims.nbf) {
    throw new DidError(
      'NOT_YET_VALID',
      `JWT is not valid before ${new Date(claims.nbf * 1000).toISOString()}`,
    );
  }
  if (opts.issuer !== undefined && claims.iss !== opts.issuer)
    throw new DidError(
      'WRONG_ISSUER',
      `JWT issuer is ${truncate(String(claims.iss))}, expected ${opts.issuer}`,
    );
  if (opts.subject !== undefined && claims.sub !== opts.subject)
    throw new DidError(
      'WRONG_SUBJECT',
      `JWT subject is ${truncate(String(claims.sub))}, expected ${opts.subject}`,
    );
  if (opts.audience !== undefined) {
    const aud = claims.aud;
    const ok = Array.isArray(aud) ? aud.includes(opts.audience) : aud === opts.audience;
    if (!ok) throw new DidError('WRONG_AUDIENCE', `JWT audience is not ${opts.audience}`);
  }

  let publicKey: Uint8Array;
  let issuerDocument: DIDDocument | undefined;
  if (opts.publicKey !== undefined) {
    publicKey = opts.publicKey;
  } else {
    if (claims.iss === undefined) throw malformed('JWT has no iss claim to find the signing key');
    const iss = parseDid(claims.iss).did;
    if (opts.document !== undefined) {
      issuerDocument = opts.document;
      if (issuerDocument.id !== iss)
        throw new DidError(
          'WRONG_ISSUER',
          `JWT issuer ${iss} is not the document's DID ${issuerDocument.id}`,
        );
    } else if (opts.resolver !== undefined) {
      issuerDocument = await resolveDocument(opts.resolver, iss, { now });
    } else {
      throw malformed('verifyJwt needs a resolver, a document or a publicKey');
    }
    publicKey = jwtKey(issuerDocument, header.kid);
  }
  const ok = await verifySignature(publicKey, utf8Encode(jwt.signingInput), jwt.signature);
  if (!ok) throw new DidError('BAD_SIGNATURE', 'JWT signature does not verify');
  return issuerDocument ? { header, claims, issuerDocument } : { header, claims };
}

function jwtKey(doc: DIDDocument, kid: string | undefined): Uint8Array {
  if (kid === undefined) return publicKeyBytes(getDefaultKey(doc));
  const keyId = qualifyDidUrl(kid, doc.id);
  if (parseDidUrl(keyId).did !== doc.id)
    throw new DidError('INVALID_KEY', `JWT kid ${truncate(kid)} is not a key of the issuer ${doc.id}`);
  const key = findKey(doc, keyId);
  if (!key || !isAuthenticationKey(doc, keyId))
    throw new DidError('INVALID_KEY', `JWT kid ${truncate(kid)} is not an authentication key of ${doc.id}`);
  return publicKeyBytes(key);
}

export interface VerifyPresentationJwtOptions {
  resolver: DidResolver;
  /** Expected presentation realm (the verifier's DID). */
  realm?: string;
  /** Expected presentation nonce. */
  nonce?: string;
  /** Expected JWT `aud`; the Hive reference does not check it, so it is optional. */
  audience?: string;
  minCredentials?: number;
  clockSkewSeconds?: number;
  now?: Date | number;
}

export interface VerifiedPresentationJwt extends VerifiedJwt {
  presentation: VerifiedPresentation;
}

/**
 * The Hive `challenge_response`: a JWT signed by the holder whose `presentation` claim is the
 * presentation (as an object, or JSON text). Verifies both and requires `iss` == holder.
 */
export async function verifyPresentationJwt(
  token: string,
  options: VerifyPresentationJwtOptions,
): Promise<VerifiedPresentationJwt> {
  const opts = options ?? ({} as VerifyPresentationJwtOptions);
  const jwt = await verifyJwt(token, {
    resolver: opts.resolver,
    ...(opts.audience !== undefined ? { audience: opts.audience } : {}),
    ...(opts.clockSkewSeconds !== undefined ? { clockSkewSeconds: opts.clockSkewSeconds } : {}),
    ...(opts.now !== undefined ? { now: opts.now } : {}),
  });
  const claim = jwt.claims['presentation'];
  if (claim === undefined || claim === null) throw malformed('JWT has no presentation claim');
  const presentation = await verifyPresentation(claim, {
    resolver: opts.resolver,
    ...(opts.realm !== undefined ? { realm: opts.realm } : {}),
    ...(opts.nonce !== undefined ? { nonce: opts.nonce } : {}),
    ...(opts.minCredentials !== undefined ? { minCredentials: opts.minCredentials } : {}),
    ...(opts.now !== undefined ? { now: opts.now } : {}),
  });
  if (presentation.holder !== jwt.claims.iss) {
    throw new DidError(
      'WRONG_HOLDER',
      `JWT issuer ${truncate(String(jwt.claims.iss))} is not the presentation holder ${presentation.holder}`,
    );
  }
  return { ...jwt, presentation };
}
