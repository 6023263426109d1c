/**
 * Node-to-node sign-in on a backup node (`POST /api/v2/did/backup_auth`, reference hive-node §7.4).
 * The primary node first signs in like a user (`/did/signin` with its own DID document), then sends
 * a presentation it signed as holder, with realm = this node and the challenge's nonce, holding the
 * user's HiveBackupCredential. Checked here: the presentation and the credential (signatures,
 * expiry, the issuer resolved), the nonce (live, issued to that holder, consumed), and the grant:
 * subject = the calling node, target = this node. The answer is a BackupToken bound to
 * (primary, user), plus this node's DID document so the primary can check who answered.
 */
import { verifyDocument, type DidResolver } from '@cella/did';
import { checkOnBackupNode, grantOf, type BackupGrant } from '../backup/credential.js';
import { CellaError, unauthorized } from '../errors.js';
import type { BackupTokens } from './backup-tokens.js';
import { verifyChallengeResponse } from './challenge-response.js';
import { fromDidError } from './did-errors.js';
import type { NodeIdentity } from './node-identity.js';
import type { NonceStore, PresentedDocumentStore } from './node-stores.js';

/** How long an issuer document waits for its node-to-node sign-in to be accepted. */
const PENDING_ISSUER_DOCUMENT_SECONDS = 600;

export interface BackupAuthOptions {
  identity: NodeIdentity;
  resolver: DidResolver;
  nonces: NonceStore;
  presented: PresentedDocumentStore;
  tokens: BackupTokens;
  tokenTtlSeconds: number;
  /** Only a backup node accepts backups. */
  acceptsBackups: boolean;
  now?: () => number;
}

export interface BackupAuthResult {
  token: string;
  exp: number;
  document: Record<string, unknown>;
  grant: BackupGrant;
}

export class BackupAuthService {
  private readonly now: () => number;

  constructor(private readonly o: BackupAuthOptions) {
    this.now = o.now ?? (() => Math.floor(Date.now() / 1000));
  }

  async authenticate(challengeResponse: unknown, issuerDocument?: unknown): Promise<BackupAuthResult> {
    if (!this.o.acceptsBackups)
      throw new CellaError('FORBIDDEN', 'this node does not accept backups (it is not a backup node)');
    if (issuerDocument !== undefined) await this.remember(issuerDocument);
    const presentation = await verifyChallengeResponse(
      challengeResponse,
      { resolver: this.o.resolver, realm: this.o.identity.did, now: this.now() * 1000, minCredentials: 1 },
      'the backup sign-in was refused',
    );
    const record = await this.o.nonces.take(presentation.nonce);
    if (!record) throw unauthorized('the challenge is unknown, expired or was already used: sign in again');
    if (record.expiresAt < this.now()) throw unauthorized('the challenge has expired: sign in again');
    if (record.did !== presentation.holder)
      throw unauthorized('the nonce belongs to a challenge issued to another DID');
    const credential = presentation.credentials.find(
      (c) => c.types.includes('HiveBackupCredential') || c.types.includes('BackupCredential'),
    );
    if (!credential) throw unauthorized('the presentation holds no HiveBackupCredential');
    const grant = grantOf(credential);
    checkOnBackupNode(grant, presentation.holder, this.o.identity.did);
    // Accepted: the documents presented for it are kept (else swept, as any unfinished sign-in's).
    await this.o.presented.confirm(presentation.holder);
    if (issuerDocument !== undefined) await this.o.presented.confirm(grant.userDid);
    const exp = Math.min(this.now() + this.o.tokenTtlSeconds, grant.expiresAt);
    const issued = await this.o.tokens.issue(
      {
        userDid: grant.userDid,
        sourceDid: presentation.holder,
        targetUrl: grant.targetUrl,
        nonce: record.nonce,
      },
      exp,
    );
    return { ...issued, document: this.o.identity.document as unknown as Record<string, unknown>, grant };
  }

  /**
   * A did:elastos user this node cannot resolve: accept their self-certifying document, as at
   * sign-in, pending until the sign-in is accepted.
   */
  private async remember(input: unknown): Promise<void> {
    let document;
    try {
      document = await verifyDocument(input, { now: this.now() * 1000 });
    } catch (error) {
      throw fromDidError(error, 'the issuer document was refused');
    }
    await this.o.presented.put(document.id, document, this.now() + PENDING_ISSUER_DOCUMENT_SECONDS);
  }
}
