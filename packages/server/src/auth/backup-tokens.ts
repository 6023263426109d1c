/**
 * BackupTokens: what a backup node gives a primary node after node-to-node sign-in (reference
 * hive-node §4, "backup_auth answer"). ES256 JWTs signed by the backup node:
 *
 *   claims  {iss: <backup node DID>, sub: "BackupToken", aud: <primary node DID>, iat, nbf, exp, jti,
 *            props: "{\"userDid\":…,\"sourceDID\":<primary>,\"targetDID\":<backup node>,\"targetHost\":…,\"nonce\":…}"}
 *
 * Bound to the (primary node, user) pair and to this node as audience of the credential: a token
 * verifies only here, only as a node caller (`Caller.kind = 'node'`), and only for that user.
 * Its lifetime never exceeds the backup credential's expiry.
 */
import { randomUUID } from 'node:crypto';
import { signJwt, verifyJwt } from '@cella/did';
import { z } from 'zod';
import type { Caller } from '../context.js';
import { unauthorized } from '../errors.js';
import { fromDidError } from './did-errors.js';
import type { IssuedToken } from './access-tokens.js';
import type { NodeIdentity } from './node-identity.js';

export const BACKUP_TOKEN_SUBJECT = 'BackupToken';

const propsSchema = z.object({
  userDid: z.string().startsWith('did:'),
  sourceDID: z.string().startsWith('did:'),
  targetDID: z.string().startsWith('did:'),
  targetHost: z.string().optional(),
  nonce: z.string().optional(),
});

export interface BackupTokenSubject {
  userDid: string;
  sourceDid: string;
  targetUrl: string;
  nonce: string;
}

export class BackupTokens {
  constructor(
    private readonly identity: NodeIdentity,
    private readonly now: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  async issue(subject: BackupTokenSubject, exp: number): Promise<IssuedToken> {
    const now = this.now();
    const props = JSON.stringify({
      userDid: subject.userDid,
      sourceDID: subject.sourceDid,
      targetDID: this.identity.did,
      targetHost: subject.targetUrl,
      nonce: subject.nonce,
    });
    const token = await signJwt(
      this.identity.signer,
      {
        iss: this.identity.did,
        sub: BACKUP_TOKEN_SUBJECT,
        aud: subject.sourceDid,
        iat: now,
        nbf: now,
        exp,
        jti: randomUUID(),
        props,
      },
      { kid: this.identity.signer.keyId },
    );
    return { token, exp };
  }

  async verify(token: string): Promise<Caller> {
    let claims;
    try {
      ({ claims } = await verifyJwt(token, {
        publicKey: this.identity.signer.publicKey,
        issuer: this.identity.did,
        subject: BACKUP_TOKEN_SUBJECT,
        clockSkewSeconds: 0,
        now: this.now() * 1000,
      }));
    } catch (error) {
      const e = fromDidError(error, 'invalid backup token');
      throw e.code === 'INVALID_PARAMETER' ? unauthorized(e.message) : e;
    }
    let props: z.infer<typeof propsSchema>;
    try {
      props = propsSchema.parse(JSON.parse(String(claims.props)));
    } catch {
      throw unauthorized('invalid backup token: malformed props claim');
    }
    if (claims.aud !== props.sourceDID) throw unauthorized('invalid backup token: issued for another node');
    if (props.targetDID !== this.identity.did)
      throw unauthorized('invalid backup token: issued for another backup node');
    return { kind: 'node', userDid: props.userDid, nodeDid: props.sourceDID, exp: Number(claims.exp) };
  }
}
