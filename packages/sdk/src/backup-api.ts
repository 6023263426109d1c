/**
 * `vault.backup`: back the vault up to a backup node, watch the job, restore from the last good
 * backup, and — signed in to the backup node — promote that backup to a live vault there.
 *
 * The user authorises each move with a `HiveBackupCredential` they sign: issued to the vault's
 * node (the subject), naming the backup node's DID and URL, with an expiry. `start({ target })`
 * issues one with the signed-in key; `issueBackupCredential` does it for a wallet flow.
 */
import {
  createDocument,
  decodeJwt,
  issueCredential,
  type Signer,
  type VerifiableCredential,
} from '@cella/did';
import { CellaApiError, errorFromResponse, networkError } from './errors.js';
import type { components } from './generated/openapi.js';
import type { Http } from './http.js';
import { sleep } from './retry.js';

export type BackupState = components['schemas']['BackupState'];
export type BackupProgress = BackupState['progress'];
export type PromotedVault = components['schemas']['VaultInfo'];

export const BACKUP_CREDENTIAL_TYPE = 'HiveBackupCredential';

export interface BackupCredentialOptions {
  /** DID of the node that holds the vault (the credential's subject). */
  sourceNodeDid: string;
  /** DID of the backup node. */
  targetNodeDid: string;
  /** Base URL of the backup node as the vault's node reaches it. */
  targetUrl: string;
  /** Validity; default 7 days. The node-to-node tokens never outlive it. */
  expiresInSeconds?: number;
  now?: Date;
}

/** Signs a HiveBackupCredential: the user allows `sourceNodeDid` to move their vault to the backup node. */
export async function issueBackupCredential(
  signer: Signer,
  options: BackupCredentialOptions,
): Promise<VerifiableCredential> {
  const now = options.now ?? new Date();
  return issueCredential(signer, {
    id: '#hive-backup-credential',
    types: [BACKUP_CREDENTIAL_TYPE],
    subject: {
      id: options.sourceNodeDid,
      sourceHiveNodeDID: options.sourceNodeDid,
      targetHiveNodeDID: options.targetNodeDid,
      targetNodeURL: options.targetUrl,
    },
    expirationDate: new Date(now.getTime() + (options.expiresInSeconds ?? 7 * 86400) * 1000),
    now,
  });
}

/**
 * The DID of the node at `url`, read from a sign-in challenge (the challenge is signed by the node
 * and names it as issuer; the nonce is simply left to expire).
 */
export async function discoverNodeDid(
  url: string,
  signer: Signer,
  fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis),
): Promise<string> {
  const document = await createDocument(signer);
  const base = url.replace(/\/+$/, '');
  let challenge: unknown;
  try {
    const response = await fetchImpl(`${base}/api/v2/did/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ document }),
    });
    if (!response.ok) {
      const error = await errorFromResponse(response);
      throw new CellaApiError(
        error.status,
        error.code,
        `the backup node at ${url} refused a sign-in challenge: ${error.message}`,
        error.internalCode,
        error.requestId,
        error.retryAfterSeconds,
      );
    }
    ({ challenge } = (await response.json()) as { challenge?: unknown });
  } catch (error) {
    if (error instanceof SyntaxError)
      throw new CellaApiError(502, 'UNKNOWN', `the node at ${url} did not answer a valid challenge`);
    throw networkError(error, base);
  }
  const iss = typeof challenge === 'string' ? decodeJwt(challenge).claims.iss : undefined;
  if (typeof iss !== 'string' || !iss.startsWith('did:'))
    throw new CellaApiError(502, 'UNKNOWN', `the node at ${url} did not answer a valid challenge`);
  return iss;
}

export interface BackupTarget {
  /** Base URL of the backup node, as the vault's node reaches it. */
  url: string;
  /** Its DID; discovered from the node when absent. */
  did?: string;
}

export interface StartBackupOptions {
  /** A credential issued beforehand (e.g. by a wallet); otherwise one is issued for `target`. */
  credential?: unknown;
  target?: BackupTarget;
  /** Validity of an issued credential (default 7 days). */
  expiresInSeconds?: number;
}

export interface WatchOptions {
  /** Poll interval, default 1000 ms. */
  intervalMs?: number;
  signal?: AbortSignal;
}

export class BackupApi {
  constructor(
    private readonly http: Http,
    private readonly signer?: Signer,
  ) {}

  /** A credential for moving this vault to `target`, signed with the signed-in key. */
  async credentialFor(target: BackupTarget, expiresInSeconds?: number): Promise<VerifiableCredential> {
    if (!this.signer)
      throw new TypeError('issuing a backup credential needs the signer: pass `credential` instead');
    const info = await this.http.call((headers) => this.http.api.GET('/api/v2/node/info', { headers }));
    const targetDid = target.did ?? (await discoverNodeDid(target.url, this.signer, this.http.fetch));
    return issueBackupCredential(this.signer, {
      sourceNodeDid: info.service_did,
      targetNodeDid: targetDid,
      targetUrl: target.url,
      ...(expiresInSeconds !== undefined ? { expiresInSeconds } : {}),
    });
  }

  private async credentialOf(options: StartBackupOptions): Promise<unknown> {
    if (options.credential !== undefined) return options.credential;
    if (!options.target) throw new TypeError('pass `credential` or `target`');
    return this.credentialFor(options.target, options.expiresInSeconds);
  }

  /** Starts a backup in the background and returns at once (watch it with `watch` or `state`). */
  async start(options: StartBackupOptions): Promise<BackupState> {
    const credential = (await this.credentialOf(options)) as Record<string, unknown>;
    return this.http.call((headers) =>
      this.http.api.POST('/api/v2/vault/backup', { headers, body: { credential } }),
    );
  }

  /** State and progress of the latest backup or restore. */
  state(): Promise<BackupState> {
    return this.http.call((headers) => this.http.api.GET('/api/v2/vault/backup/state', { headers }));
  }

  /** Polls until the running job ends; calls `onProgress` with every state seen. Resolves with the last state (check `result`). */
  async watch(onProgress?: (state: BackupState) => void, options: WatchOptions = {}): Promise<BackupState> {
    const interval = options.intervalMs ?? 1000;
    for (;;) {
      options.signal?.throwIfAborted();
      const state = await this.state();
      onProgress?.(state);
      if (state.result !== 'running') return state;
      await sleep(interval, options.signal);
    }
  }

  /** Restores the vault from the last good backup on the backup node (background job, like `start`). */
  async restore(options: StartBackupOptions): Promise<BackupState> {
    const credential = (await this.credentialOf(options)) as Record<string, unknown>;
    return this.http.call((headers) =>
      this.http.api.POST('/api/v2/vault/backup/restore', { headers, body: { credential } }),
    );
  }

  /** On the backup node: turns the backup kept there into a live vault there. */
  promote(): Promise<PromotedVault> {
    return this.http.call((headers) => this.http.api.POST('/api/v2/vault/backup/promote', { headers }));
  }
}
