/**
 * `vault.scripts`: stored scripts — register, run, remove, list — and the byte streams of their
 * file transactions. `createClient({url}).scripts` runs scripts anonymously (those registered with
 * `allowAnonymous`) and follows their transactions without a token.
 *
 * Results of a run are keyed by executable name (default: the script name):
 * `find` → `{total, items}`, `count` → `{count}`, `insert` → `{acknowledged, inserted_id}`,
 * `update` → `{acknowledged, matched_count, modified_count, upserted_id}`, `delete` →
 * `{acknowledged, deleted_count}`, `fileUpload`/`fileDownload` → `{transaction_id}`,
 * `fileProperties` → `{type, name, size, last_modify}`, `fileHash` → `{SHA256, cid}`.
 */
import {
  subscription,
  type EventSubscription,
  type ScriptStreamEvent,
  type StreamOptions,
} from './events-api.js';
import type { components } from './generated/openapi.js';
import type { Http } from './http.js';
import { allPages } from './pages.js';
import { progressDownload, readAll, type ProgressListener, type UploadData } from './transfer.js';
import { sendUpload } from './upload.js';

export type ScriptCondition = components['schemas']['Condition'];
export type ScriptExecutable = components['schemas']['Executable'];
export type Script = components['schemas']['Script'];
export type RegisterScriptResult = components['schemas']['RegisterScriptResult'];
export type TransactionUploadResult = components['schemas']['UploadResult'];

export interface ScriptDefinition {
  /** Who may run it; absent: every caller the auth rules admit. */
  condition?: ScriptCondition;
  executable: ScriptExecutable;
  /** Callers without a token may run it (sets the reference's allowAnonymousUser and allowAnonymousApp). */
  allowAnonymous?: boolean;
}

export interface RunOptions {
  /** DID of the vault owner whose script runs. Default: the signed-in caller. */
  owner?: string;
  /** Values for `$params.<name>` in the script; they keep their JSON type. */
  params?: Record<string, unknown>;
}

export interface AnonymousRunOptions extends RunOptions {
  /** Required: an anonymous caller has no vault of their own. */
  owner: string;
}

/** Bytes an upload accepts (as `vault.files.upload`). A stream is sent once (no resend after re-signing in). */
export type UploadContent = UploadData;

/** Progress and abort for transaction streams (as `UploadOptions` / `DownloadOptions` of `vault.files`). */
export interface TransferOptions {
  onProgress?: ProgressListener;
  signal?: AbortSignal;
  /** Length of a stream input, when known. */
  size?: number;
}

const streamPath = (transactionId: string) =>
  `/api/v2/vault/scripting/stream/${encodeURIComponent(transactionId)}`;

/** The transaction calls, shared by the signed-in and the anonymous API. */
class TransactionStreams {
  constructor(
    protected readonly http: Http,
    protected readonly auth: boolean,
  ) {}

  /** Sends the content of a `fileUpload` transaction (single use). */
  async uploadByTransaction(
    transactionId: string,
    content: UploadContent,
    options: TransferOptions = {},
  ): Promise<TransactionUploadResult> {
    const path = streamPath(transactionId);
    const response = await sendUpload(this.http, path, content, { ...options, auth: this.auth });
    return this.http.parse<TransactionUploadResult>(response, path);
  }

  /** The content of a `fileDownload` transaction (single use), as a stream. */
  async streamByTransaction(
    transactionId: string,
    options: Omit<TransferOptions, 'size'> = {},
  ): Promise<ReadableStream<Uint8Array>> {
    const response = await this.http.raw(streamPath(transactionId), {
      method: 'GET',
      auth: this.auth,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    return progressDownload(response, this.http.baseUrl, options);
  }

  /** The content of a `fileDownload` transaction (single use), in memory. */
  async downloadByTransaction(
    transactionId: string,
    options: Omit<TransferOptions, 'size'> = {},
  ): Promise<Uint8Array> {
    return readAll(await this.streamByTransaction(transactionId, options));
  }
}

function runBody(options: RunOptions) {
  return {
    ...(options.owner ? { context: { target_did: options.owner } } : {}),
    ...(options.params ? { params: options.params } : {}),
  };
}

export interface ScriptSubscribeOptions extends StreamOptions {
  /** The run's `params`. */
  params?: Record<string, unknown>;
  /** The script owner's DID (default: the caller); required without a token. */
  owner?: string;
  /** The application space the script lives in (the run's `context.target_app_did`). */
  ownerApp?: string;
}

/** A script's live view: the changes it lets the caller see, as they are committed. */
function scriptSubscription(
  http: Http,
  name: string,
  options: ScriptSubscribeOptions,
  auth: boolean,
): EventSubscription<ScriptStreamEvent> {
  return subscription<ScriptStreamEvent>(
    http,
    `/api/v2/vault/scripting/${encodeURIComponent(name)}/events`,
    {
      target_did: options.owner,
      target_app_did: options.ownerApp,
      parameters: options.params ? JSON.stringify(options.params) : undefined,
    },
    options,
    auth,
  );
}

/** Anonymous script runs (no token): `createClient({url}).scripts`. */
export class AnonymousScriptsApi extends TransactionStreams {
  constructor(http: Http) {
    super(http, false);
  }

  run<T = Record<string, unknown>>(name: string, options: AnonymousRunOptions): Promise<T> {
    return this.http.call(
      (headers) =>
        this.http.api.POST('/api/v2/vault/scripting/{script_name}/run', {
          headers,
          params: { path: { script_name: name } },
          body: runBody(options),
        }),
      false,
    ) as Promise<T>;
  }

  /** A script's live view, anonymously (scripts that allow anonymous callers; `owner` required). */
  subscribe(
    name: string,
    options: ScriptSubscribeOptions & { owner: string },
  ): EventSubscription<ScriptStreamEvent> {
    return scriptSubscription(this.http, name, options, false);
  }
}

/** The signed-in caller's scripts, and runs of anyone's scripts as this caller. */
export class ScriptsApi extends TransactionStreams {
  constructor(http: Http) {
    super(http, true);
  }

  /** Registers a script, or replaces the one of that name. */
  register(name: string, definition: ScriptDefinition): Promise<RegisterScriptResult> {
    const { allowAnonymous, ...rest } = definition;
    return this.http.call((headers) =>
      this.http.api.POST('/api/v2/vault/scripting/{script_name}', {
        headers,
        params: { path: { script_name: name } },
        body: {
          ...rest,
          ...(allowAnonymous !== undefined
            ? { allowAnonymousUser: allowAnonymous, allowAnonymousApp: allowAnonymous }
            : {}),
        },
      }),
    );
  }

  /** Runs a script of `owner`'s vault (default: the caller's own) as the signed-in caller. */
  run<T = Record<string, unknown>>(name: string, options: RunOptions = {}): Promise<T> {
    return this.http.call((headers) =>
      this.http.api.POST('/api/v2/vault/scripting/{script_name}/run', {
        headers,
        params: { path: { script_name: name } },
        body: runBody(options),
      }),
    ) as Promise<T>;
  }

  /**
   * A `find` script's live view as this caller: the documents it shows them as they change
   * (docs/events.md, "Scripts"); it ends with a `CellaStreamEndedError` when its condition no
   * longer holds for the caller or the script changes.
   */
  subscribe(name: string, options: ScriptSubscribeOptions = {}): EventSubscription<ScriptStreamEvent> {
    return scriptSubscription(this.http, name, options, true);
  }

  async remove(name: string): Promise<void> {
    await this.http.call((headers) =>
      this.http.api.DELETE('/api/v2/vault/scripting/{script_name}', {
        headers,
        params: { path: { script_name: name } },
      }),
    );
  }

  /** The caller's scripts as registered, by name. */
  async list(options: { name?: string; skip?: number; limit?: number } = {}): Promise<Script[]> {
    return allPages(
      async (skip, limit) => {
        const page = await this.http.call((headers) =>
          this.http.api.GET('/api/v2/vault/scripting', {
            headers,
            params: {
              query: {
                ...(options.name !== undefined ? { name: options.name } : {}),
                ...(skip ? { skip } : {}),
                ...(limit !== undefined ? { limit } : {}),
              },
            },
          }),
        );
        return { items: page.scripts, nextSkip: page.next_skip };
      },
      options.skip ?? 0,
      options.limit,
    );
  }
}
