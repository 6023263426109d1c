/**
 * Access tokens: ES256 JWTs signed by the node.
 *
 *   header  {alg: ES256, typ: JWT, version: "1.0", kid: <node DID>#primary}
 *   claims  {iss: <node DID>, sub: "AccessToken", aud: <signed-in DID>, iat, nbf, exp, jti,
 *            props: "{\"userDid\":…,\"appDid\":…,\"nonce\":…}"}
 *
 * The shape is the reference Hive Node's (its SDKs check `aud` against the signed-in DID and carry
 * `props` as a JSON string); `aud` binds the token to the DID that signed in and `props.userDid` to the
 * vault owner (the same DID unless the reference's app-instance flow was used).
 */
import { z } from 'zod';
import type { Caller, TokenVerifier } from './caller.js';
import { unauthorized } from '../errors.js';
import type { NodeIdentity } from './node-identity.js';
import { issueNodeToken, verifyNodeToken, type IssuedToken } from './node-jwt.js';

export type { IssuedToken } from './node-jwt.js';

export const ACCESS_TOKEN_SUBJECT = 'AccessToken';

const propsSchema = z.object({
  userDid: z.string().startsWith('did:'),
  appDid: z.string().optional(),
  nonce: z.string().optional(),
});

export class AccessTokens implements TokenVerifier {
  constructor(
    private readonly identity: NodeIdentity,
    private readonly now: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  issue(
    subject: { holderDid: string; userDid: string; appDid?: string; nonce: string },
    exp: number,
  ): Promise<IssuedToken> {
    const props = {
      userDid: subject.userDid,
      ...(subject.appDid ? { appDid: subject.appDid } : {}),
      nonce: subject.nonce,
    };
    return issueNodeToken(this.identity, this.now(), {
      sub: ACCESS_TOKEN_SUBJECT,
      aud: subject.holderDid,
      exp,
      props,
    });
  }

  async verify(token: string): Promise<Caller> {
    const { claims, props } = await verifyNodeToken(this.identity, this.now(), token, {
      sub: ACCESS_TOKEN_SUBJECT,
      what: 'access token',
      props: propsSchema,
    });
    const aud = claims.aud;
    if (typeof aud !== 'string' || !aud.startsWith('did:'))
      throw unauthorized('invalid access token: no audience');
    // Without the app-instance flow the token's audience is the vault owner itself.
    if (!props.appDid && aud !== props.userDid)
      throw unauthorized('invalid access token: issued for another audience');
    return {
      kind: 'user',
      userDid: props.userDid,
      ...(props.appDid ? { appDid: props.appDid } : {}),
      exp: Number(claims.exp),
    };
  }
}
