import type { DIDDocument, Signer } from '@cella/did';
import { BackupApi } from './backup-api.js';
import { DatabaseApi } from './database-api.js';
import type { EncryptionSettings } from './encryption.js';
import { CellaSdkError } from './errors.js';
import { EventsApi } from './events-api.js';
import { FilesApi } from './files-api.js';
import { importVault, type ImportVaultOptions, type VaultImportResult } from './portability-api.js';
import { moveVault, type MoveOptions, type MoveResult } from './vault-move.js';
import type { UploadData } from './transfer.js';
import { Http, type HttpOptions } from './http.js';
import { NodeApi } from './node-api.js';
import { PaymentApi } from './payment-api.js';
import { AnonymousScriptsApi, ScriptsApi } from './scripts-api.js';
import { Session } from './session.js';
import { SubscriptionApi } from './subscription-api.js';
import { memoryTokenStore, type TokenStore } from './token-store.js';
import type { RetryOptions } from './retry.js';
import type { UploadTransport } from './upload-transport.js';

export interface ClientOptions {
  /** Base URL of the node, e.g. `https://vault.example.org`. */
  url: string;
  fetch?: typeof globalThis.fetch;
  /**
   * How uploads carry their bytes (default `auto`): a streamed body in Node and, in browsers, where
   * the node speaks HTTP/2 (https://); XMLHttpRequest in browsers otherwise. See `UploadTransport`.
   */
  uploads?: UploadTransport | 'auto';
  /**
   * Requests the node refuses with 429 or 503 are sent again after the wait its `Retry-After` asks
   * (else a growing backoff): at most 3 times, never waiting over 30 s. `false` turns it off.
   */
  retry?: RetryOptions | false;
}

export interface CellaClient {
  readonly url: string;
  readonly node: NodeApi;
  /** Script runs; anonymous on a client from `createClient`, as the signed-in caller on a Vault. */
  readonly scripts: AnonymousScriptsApi;
  readonly http: Http;
}

function httpOptions(options: ClientOptions): HttpOptions {
  return {
    url: options.url,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.uploads ? { uploads: options.uploads } : {}),
    ...(options.retry !== undefined ? { retry: options.retry } : {}),
  };
}

/** An anonymous client: node version, health, and anonymous script runs. */
export function createClient(options: ClientOptions): CellaClient {
  const http = new Http(httpOptions(options));
  return { url: http.baseUrl, node: new NodeApi(http), scripts: new AnonymousScriptsApi(http), http };
}

export interface ConnectOptions extends ClientOptions {
  /** The user's DID key: `createKeySigner(privateKey)`, or a wallet's Signer. */
  signer: Signer;
  /** The signer's DID document (did:elastos); created from the signer when absent. */
  document?: DIDDocument;
  /** Credentials to present at sign-in (the reference's AppIdCredential flow). */
  credentials?: unknown[];
  /**
   * The application end-to-end encryption keys are for (docs/encryption.md). Default: the `appDid`
   * of the AppIdCredential presented (the official Hive SDK's identifier), else `default`.
   */
  appId?: string;
  /** Where the access token is kept. Default: memory. */
  tokenStore?: TokenStore;
}

/**
 * A signed-in connection to one node, without the vault's areas: what `database(connection)` takes,
 * so that an app using only the database bundles none of the files, scripts, payment and backup
 * code. `connect()` gives a `Vault`, which is a Connection with every area.
 */
export class Connection {
  readonly url: string;
  readonly node: NodeApi;

  constructor(
    readonly http: Http,
    readonly session: Session,
    /** The key material end-to-end encryption derives from (never sent anywhere). */
    readonly encryption: EncryptionSettings = { signer: undefined, appId: 'default' },
  ) {
    this.url = http.baseUrl;
    this.node = new NodeApi(http);
  }

  /** The signed-in DID. */
  get did(): string {
    return this.session.did;
  }

  /** Forget the access token. */
  signOut(): Promise<void> {
    return this.session.signOut();
  }
}

/** A signed-in connection to the caller's vault on one node, with every area. */
export class Vault extends Connection implements CellaClient {
  /** The document database. */
  readonly db: DatabaseApi;
  /** The file store: streamed upload and download, list, move, copy, delete, hash, stat. */
  readonly files: FilesApi;
  /** The vault itself: subscribe, plan, quota and usage, freeze. */
  readonly subscription: SubscriptionApi;
  /** Plans paid on-chain: orders, settlement, receipts (pay with `payOrder` from `@cella/sdk/ethers`). */
  readonly payment: PaymentApi;
  /** Stored scripts: register, run (own or others' vaults), remove, list, transaction streams. */
  readonly scripts: ScriptsApi;
  /** Backup to a backup node, its state, restore, and promotion (on the backup node). */
  readonly backup: BackupApi;
  /** The vault's change feed: every committed change as it happens, resumable (docs/events.md). */
  readonly events: EventsApi;

  constructor(
    http: Http,
    session: Session,
    /** The signed-in key (issues backup credentials; the key material of encryption). */
    signer?: Signer,
    appId = 'default',
    /** Signs in on another node with this vault's identity (what `connect` was given): `moveTo(url)`. */
    private readonly reach?: (url: string) => Promise<Connection>,
  ) {
    super(http, session, { signer, appId });
    this.db = new DatabaseApi(http, this);
    this.files = new FilesApi(http, this);
    this.subscription = new SubscriptionApi(http);
    this.payment = new PaymentApi(http);
    this.scripts = new ScriptsApi(http);
    this.backup = new BackupApi(http, signer);
    this.events = new EventsApi(http);
  }

  /**
   * Imports a vault export (the CAR `GET /api/v2/vault/export` answers, from this node or another)
   * into this vault, streamed, all or nothing: documents keep their `_id`s, files their CIDs.
   * The export must be of this user's vault; `mode: 'replace'` replaces a vault that is not empty.
   */
  importVault(car: UploadData, options?: ImportVaultOptions): Promise<VaultImportResult> {
    return importVault(this.http, car, options);
  }

  /**
   * Moves this vault to another node (docs/portability.md, "Move"): signs in there with the same
   * identity (or takes a connection signed in there), streams this node's export into that node's
   * import, compares what both hold, then marks the vault here moved: every later write here is
   * refused (403 `VAULT_MOVED`) naming `target`. Stopped anywhere, a move called again resumes
   * (it sends only what the target lacks). Fails with a `CellaMoveError` (`TARGET_NOT_EMPTY`,
   * `MISMATCH`, `STILL_CHANGING`) or the node's `CellaApiError`; the vault here stays writable
   * unless the move completed.
   */
  async moveTo(target: string | Connection, options?: MoveOptions): Promise<MoveResult> {
    let there: Connection;
    if (typeof target !== 'string') there = target;
    else if (this.reach) there = await this.reach(target.replace(/\/+$/, ''));
    else
      throw new CellaSdkError(
        'this vault was not opened by connect(): pass a connection signed in on the target instead of its URL',
      );
    if (there.did !== this.did)
      throw new CellaSdkError(`the target connection is signed in as ${there.did}, not ${this.did}`);
    return moveVault({ from: this.http, to: there.http, url: there.url }, options);
  }
}

/**
 * Signs in (signin → sign the challenge → auth) and returns the connection alone; take the areas
 * you use from it (`database(connection)`), or call `connect` for a Vault with all of them.
 */
export async function signIn(options: ConnectOptions): Promise<Connection> {
  const { http, session } = await startSession(options);
  return new Connection(http, session, { signer: options.signer, appId: appIdOf(options) });
}

async function startSession(options: ConnectOptions): Promise<{ http: Http; session: Session }> {
  // The HTTP layer asks the session for tokens, and the session signs in through the HTTP layer.
  const late: { session?: Session } = {};
  const http = new Http({
    ...httpOptions(options),
    tokens: { token: () => late.session!.token(), invalidate: (t) => late.session!.invalidate(t) },
  });
  const session = (late.session = new Session(http, {
    signer: options.signer,
    store: options.tokenStore ?? memoryTokenStore(),
    ...(options.document ? { document: options.document } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
  }));
  await session.token();
  return { http, session };
}

/** Signs in (signin → sign the challenge → auth) and returns the caller's vault, every area ready. */
export async function connect(options: ConnectOptions): Promise<Vault> {
  const { http, session } = await startSession(options);
  return new Vault(http, session, options.signer, appIdOf(options), (url) =>
    signIn({ ...options, url, tokenStore: memoryTokenStore() }),
  );
}

/** The application id of the keys: as given, else the app DID an AppIdCredential names, else `default`. */
function appIdOf(options: ConnectOptions): string {
  const subject = (options.credentials?.[0] as { credentialSubject?: { appDid?: unknown } } | undefined)
    ?.credentialSubject;
  return options.appId ?? (typeof subject?.appDid === 'string' ? subject.appDid : 'default');
}

/** `Cella.connect(...)`, `Cella.client(...)`. */
export const Cella = { connect, client: createClient };
