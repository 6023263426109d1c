/**
 * Sends each bearer token to the verifier of its kind, told by the (unverified) `sub` claim: user
 * access tokens and node-to-node BackupTokens. The chosen verifier then checks everything, `sub`
 * included, so a forged `sub` only picks which check fails.
 */
import { decodeJwt } from '@cella/did';
import type { Caller, TokenVerifier } from './caller.js';
import { BACKUP_TOKEN_SUBJECT } from './backup-tokens.js';

export class TokenDispatcher implements TokenVerifier {
  constructor(
    private readonly access: TokenVerifier,
    private readonly backup: TokenVerifier,
  ) {}

  verify(token: string): Promise<Caller> {
    let sub: unknown;
    try {
      sub = decodeJwt(token).claims.sub;
    } catch {
      // Not a JWT at all: the access-token verifier words the refusal as before.
    }
    return sub === BACKUP_TOKEN_SUBJECT ? this.backup.verify(token) : this.access.verify(token);
  }
}
