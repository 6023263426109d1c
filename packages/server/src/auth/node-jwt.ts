/**
 * The tokens this node issues (access tokens, backup tokens) share one form: ES256 JWTs signed by
 * the node's DID key with `iss` = node DID, a `sub` naming the kind, `aud`, `iat`/`nbf`/`exp`, a `jti`
 * and a `props` claim holding JSON text (the reference Hive Node's shape). This is the one place that
 * signs and checks that form; each token kind adds its own props and binding rules.
 */
import { randomUUID } from 'node:crypto';
import { signJwt, verifyJwt, type JwtClaims } from '@cella/did';
import type { z } from 'zod';
import { unauthorized } from '../errors.js';
import { fromDidError } from './did-errors.js';
import type { NodeIdentity } from './node-identity.js';

export interface IssuedToken {
  token: string;
  exp: number;
}

export async function issueNodeToken(
  identity: NodeIdentity,
  now: number,
  token: { sub: string; aud: string; exp: number; props: Record<string, unknown> },
): Promise<IssuedToken> {
  const jwt = await signJwt(
    identity.signer,
    {
      iss: identity.did,
      sub: token.sub,
      aud: token.aud,
      iat: now,
      nbf: now,
      exp: token.exp,
      jti: randomUUID(),
      props: JSON.stringify(token.props),
    },
    { kid: identity.signer.keyId },
  );
  return { token: jwt, exp: token.exp };
}

/**
 * Verifies signature (this node's key), issuer, subject and expiry (no clock skew: we issued it),
 * and parses `props` with the given schema. Every failure is a 401 naming `what`.
 */
export async function verifyNodeToken<P extends z.ZodType>(
  identity: NodeIdentity,
  now: number,
  token: string,
  expected: { sub: string; what: string; props: P },
): Promise<{ claims: JwtClaims; props: z.output<P> }> {
  let claims: JwtClaims;
  try {
    ({ claims } = await verifyJwt(token, {
      publicKey: identity.signer.publicKey,
      issuer: identity.did,
      subject: expected.sub,
      clockSkewSeconds: 0,
      now: now * 1000,
    }));
  } catch (error) {
    const e = fromDidError(error, `invalid ${expected.what}`);
    throw e.code === 'INVALID_PARAMETER' ? unauthorized(e.message) : e;
  }
  try {
    return { claims, props: expected.props.parse(JSON.parse(String(claims.props))) };
  } catch {
    throw unauthorized(`invalid ${expected.what}: malformed props claim`);
  }
}
