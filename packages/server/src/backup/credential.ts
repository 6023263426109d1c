/**
 * The user's authorisation to move their vault: a `HiveBackupCredential` (reference hive-node §7).
 *
 *   issuer                        the user (the vault owner)
 *   credentialSubject.id          the primary node's DID (the node allowed to move the vault)
 *   credentialSubject.sourceHiveNodeDID   the same primary (optional; legacy `sourceDID`)
 *   credentialSubject.targetHiveNodeDID   the backup node's DID (legacy `targetDID`)
 *   credentialSubject.targetNodeURL       the backup node's base URL (legacy `targetHost`)
 *   expirationDate                required, in the future
 *
 * Both nodes check it: the primary when the user starts a backup or restore (issuer = the caller,
 * subject = itself), the backup node at node-to-node sign-in (issuer = the user the token will be
 * bound to, subject = the calling node, target = itself).
 */
import { normalizeCredential, verifyCredential, type DidResolver, type VerifiedCredential } from '@cella/did';
import { fromDidError } from '../auth/did-errors.js';
import { CellaError, invalid } from '../errors.js';

export const BACKUP_CREDENTIAL_TYPES = ['HiveBackupCredential', 'BackupCredential'] as const;

export interface BackupGrant {
  /** The user whose vault moves (the credential's issuer). */
  userDid: string;
  /** The primary node (the credential's subject). */
  sourceDid: string;
  targetDid: string;
  /** Base URL of the backup node, without a trailing slash. */
  targetUrl: string;
  /** Epoch seconds. */
  expiresAt: number;
  /** The normalized credential (what the primary presents to the backup node). */
  credential: VerifiedCredential['credential'];
}

/** The credential as sent: an object or its JSON text. */
export function parseCredentialInput(input: unknown): unknown {
  if (typeof input !== 'string') return input;
  try {
    return JSON.parse(input) as unknown;
  } catch {
    throw invalid('credential must be a verifiable credential object or its JSON text');
  }
}

function claim(subject: Record<string, unknown>, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = subject[name];
    if (typeof value === 'string' && value.length > 0) return value;
  }
  return undefined;
}

function normaliseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw refused(`targetNodeURL "${value}" is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw refused('targetNodeURL must be an http(s) URL');
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

function refused(reason: string): CellaError {
  return new CellaError('UNAUTHORIZED', `the backup credential was refused: ${reason}`);
}

/** Reads the grant out of a credential whose signature and expiry were verified. */
export function grantOf(vc: VerifiedCredential): BackupGrant {
  if (!vc.types.some((t) => (BACKUP_CREDENTIAL_TYPES as readonly string[]).includes(t))) {
    throw refused(`it is not a HiveBackupCredential (types: ${vc.types.join(', ')})`);
  }
  if (!vc.expirationDate) throw refused('it has no expirationDate');
  const subject = vc.subject as Record<string, unknown>;
  const source = claim(subject, 'sourceHiveNodeDID', 'sourceDID');
  if (source !== undefined && source !== vc.subject.id) {
    throw refused(`its sourceHiveNodeDID ${source} is not its subject ${vc.subject.id}`);
  }
  const targetDid = claim(subject, 'targetHiveNodeDID', 'targetDID');
  const targetUrl = claim(subject, 'targetNodeURL', 'targetHost');
  if (!targetDid || !targetDid.startsWith('did:'))
    throw refused("targetHiveNodeDID (the backup node's DID) is missing");
  if (!targetUrl) throw refused("targetNodeURL (the backup node's URL) is missing");
  return {
    userDid: vc.issuer,
    sourceDid: vc.subject.id,
    targetDid,
    targetUrl: normaliseUrl(targetUrl),
    expiresAt: Math.floor(vc.expirationDate.getTime() / 1000),
    credential: vc.credential,
  };
}

/**
 * Verifies signature and expiry (resolving the issuer), then reads the grant. `precheck` sees the
 * issuer and subject first, so a credential meant for someone else is refused with that reason
 * rather than with a failed resolution of a DID this node has never seen.
 */
export async function verifyBackupCredential(
  input: unknown,
  resolver: DidResolver,
  nowMs: number,
  precheck?: (claims: { issuer: string; subject: string }) => void,
): Promise<BackupGrant> {
  const parsed = parseCredentialInput(input);
  if (precheck) {
    let normalized;
    try {
      normalized = normalizeCredential(parsed);
    } catch (error) {
      throw fromDidError(error, 'the backup credential is malformed');
    }
    precheck({ issuer: normalized.issuer, subject: normalized.credentialSubject.id });
  }
  let vc: VerifiedCredential;
  try {
    vc = await verifyCredential(parsed, { resolver, now: nowMs });
  } catch (error) {
    const e = fromDidError(error, 'the backup credential was refused');
    throw e.code === 'INVALID_PARAMETER' || e.code === 'UNAVAILABLE' ? e : refused((error as Error).message);
  }
  return grantOf(vc);
}

/** What the primary node checks when its user starts a backup or a restore. */
export function checkOnPrimary(
  grant: Pick<BackupGrant, 'userDid' | 'sourceDid'>,
  callerDid: string,
  nodeDid: string,
): void {
  if (grant.userDid !== callerDid)
    throw refused(`it was issued by ${grant.userDid}, not by you (${callerDid})`);
  if (grant.sourceDid !== nodeDid)
    throw refused(`it authorises the node ${grant.sourceDid}, not this node (${nodeDid})`);
}

/** What the backup node checks at node-to-node sign-in. */
export function checkOnBackupNode(grant: BackupGrant, callingNodeDid: string, nodeDid: string): void {
  if (grant.sourceDid !== callingNodeDid)
    throw refused(`it authorises the node ${grant.sourceDid}, not the calling node ${callingNodeDid}`);
  if (grant.targetDid !== nodeDid)
    throw refused(`it names the backup node ${grant.targetDid}, not this node (${nodeDid})`);
}
