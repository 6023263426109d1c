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
import { z } from 'zod';
import type { Caller } from './caller.js';
import { unauthorized } from '../errors.js';
import type { NodeIdentity } from './node-identity.js';
import { issueNodeToken, verifyNodeToken, type IssuedToken } from './node-jwt.js';

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

  issue(subject: BackupTokenSubject, exp: number): Promise<IssuedToken> {
    const props = {
      userDid: subject.userDid,
      sourceDID: subject.sourceDid,
      targetDID: this.identity.did,
      targetHost: subject.targetUrl,
      nonce: subject.nonce,
    };
    return issueNodeToken(this.identity, this.now(), {
      sub: BACKUP_TOKEN_SUBJECT,
      aud: subject.sourceDid,
      exp,
      props,
    });
  }

  async verify(token: string): Promise<Caller> {
    const { claims, props } = await verifyNodeToken(this.identity, this.now(), token, {
      sub: BACKUP_TOKEN_SUBJECT,
      what: 'backup token',
      props: propsSchema,
    });
    if (claims.aud !== props.sourceDID) throw unauthorized('invalid backup token: issued for another node');
    if (props.targetDID !== this.identity.did)
      throw unauthorized('invalid backup token: issued for another backup node');
    return { kind: 'node', userDid: props.userDid, nodeDid: props.sourceDID, exp: Number(claims.exp) };
  }
}
