/**
 * The typed HTTP layer: openapi-fetch over the generated `paths`, and `call()` which adds the access
 * token and unwraps `{data, error}` into a value or a thrown CellaApiError. Every request — typed or
 * raw — signs in again and resends once when the node answers 401, and waits and resends (bounded,
 * `Retry-After` honoured: retry.ts) on 429 and 503. Transport failures become CellaNetworkError
 * (with the CORS diagnosis in browsers: network-diagnosis.ts).
 */
import createFetchClient, { type Client } from 'openapi-fetch';
import { CellaApiError, errorFromResponse, networkError, retryAfterFrom } from './errors.js';
import type { paths } from './generated/openapi.js';
import { diagnoseNetworkError } from './network-diagnosis.js';
import { isRetryableStatus, RetryPolicy, sleep, type RetryOptions } from './retry.js';
import { detectUploadTransport, type Send, type UploadTransport } from './upload-transport.js';

export type { Send };

export type ApiClient = Client<paths>;

export interface TokenSource {
  /** A valid access token, signing in if needed. */
  token(): Promise<string>;
  /** Forget the token (the node refused it). */
  invalidate(token: string): void | Promise<void>;
}

export interface HttpOptions {
  url: string;
  fetch?: typeof globalThis.fetch;
  tokens?: TokenSource;
  /**
   * How uploads carry their bytes. `auto` (default): a streamed request body in Node, and in browsers
   * where the node speaks HTTP/2 (found out once per client); XMLHttpRequest elsewhere in browsers.
   */
  uploads?: UploadTransport | 'auto';
  /** Waiting and resending on 429/503 (default: 3 retries, `Retry-After` honoured up to 30 s); false = off. */
  retry?: RetryOptions | false;
}

/** A request body (`BodyInit`, spelled so that Node-only type setups without the DOM library have it). */
export type RequestBody = NonNullable<RequestInit['body']>;

export interface RawInit extends Omit<RequestInit, 'body'> {
  /** The body, or a function making it afresh (so a streamed body can be sent again after a 401). */
  body?: RequestBody | null | (() => RequestBody);
  /** Add the access token (default true). */
  auth?: boolean;
  /**
   * Resend when the node asks for it: once after signing in again on a 401, and on 429/503 as the
   * retry policy says (default true; false when the body can't be made again).
   */
  retryable?: boolean;
  /** Carries the request (default: this client's fetch). */
  send?: Send;
}

export class Http {
  readonly api: ApiClient;
  readonly baseUrl: string;
  readonly fetch: typeof globalThis.fetch;
  readonly retry: RetryPolicy;
  private uploadTransport: Promise<UploadTransport> | undefined;

  constructor(private readonly options: HttpOptions) {
    this.baseUrl = options.url.replace(/\/+$/, '');
    this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.retry = new RetryPolicy(options.retry);
    this.api = createFetchClient<paths>({ baseUrl: this.baseUrl, fetch: (request) => this.fetch(request) });
  }

  get tokens(): TokenSource | undefined {
    return this.options.tokens;
  }

  /** How this client sends upload bodies to its node (decided once). */
  uploads(): Promise<UploadTransport> {
    const chosen = this.options.uploads;
    if (chosen !== undefined && chosen !== 'auto') return Promise.resolve(chosen);
    return (this.uploadTransport ??= detectUploadTransport(this.baseUrl, this.fetch));
  }

  /**
   * Runs one typed call. With `auth`, adds the token (signing in again on a 401). The callback
   * receives the headers to send, and may be run again (401, 429, 503).
   */
  async call<T>(
    run: (headers: Record<string, string>) => Promise<{ data?: T; error?: unknown; response: Response }>,
    auth = true,
  ): Promise<T> {
    const result = await this.exchange(
      async (token) => {
        try {
          return await run(token ? { authorization: `Bearer ${token}` } : {});
        } catch (error) {
          throw await diagnoseNetworkError(error, this.baseUrl, this.fetch);
        }
      },
      (r) => r.response,
      { auth, replayable: true },
    );
    if (!result.response.ok) throw await errorFromResponse(result.response, result.error);
    return result.data as T;
  }

  /** For raw (streaming) requests that openapi-fetch does not model well: same auth and retry rules. */
  async raw(path: string, init: RawInit = {}): Promise<Response> {
    const { auth = true, retryable = true, send, body, ...rest } = init;
    const makeBody = typeof body === 'function' ? body : () => body;
    const carry: Send = send ?? ((url, request) => this.fetch(url, request));
    const signal = rest.signal ?? undefined;
    const response = await this.exchange(
      async (token) => {
        const headers = new Headers(rest.headers);
        if (token) headers.set('authorization', `Bearer ${token}`);
        try {
          return await carry(`${this.baseUrl}${path}`, { ...rest, headers, body: makeBody() });
        } catch (error) {
          throw await diagnoseNetworkError(error, this.baseUrl, this.fetch, signal);
        }
      },
      (r) => r,
      { auth, replayable: retryable, ...(signal ? { signal } : {}) },
    );
    if (!response.ok) throw await errorFromResponse(response);
    return response;
  }

  /**
   * Sends a request until it has an answer to give: after a 401, signs in again and resends once;
   * after a 429 or 503, waits as the retry policy says (Retry-After first) and resends. An answer
   * that is not resent is returned as it is (error statuses included).
   */
  private async exchange<R>(
    attempt: (token: string | undefined) => Promise<R>,
    responseOf: (result: R) => Response,
    options: { auth: boolean; replayable: boolean; signal?: AbortSignal },
  ): Promise<R> {
    const tokens = options.auth ? this.options.tokens : undefined;
    let token = tokens ? await tokens.token() : undefined;
    let signedInAgain = false;
    for (let retry = 0; ;) {
      const result = await attempt(token);
      const response = responseOf(result);
      if (!options.replayable) return result;
      if (response.status === 401 && tokens && token && !signedInAgain) {
        await discard(response);
        await tokens.invalidate(token);
        token = await tokens.token();
        signedInAgain = true;
        continue;
      }
      if (!isRetryableStatus(response.status)) return result;
      const wait = this.retry.delay(retry++, retryAfterFrom(response.headers.get('retry-after')));
      if (wait === undefined) return result;
      await discard(response);
      await sleep(wait, options.signal);
    }
  }

  /** `raw` answered with JSON. */
  async json<T>(path: string, init: RawInit = {}): Promise<T> {
    return this.parse<T>(await this.raw(path, init), path, init.signal ?? undefined);
  }

  /** The JSON body of a successful answer to `path`. */
  async parse<T>(response: Response, path: string, signal?: AbortSignal): Promise<T> {
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw networkError(error, this.baseUrl, signal);
    }
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new CellaApiError(
        response.status,
        'UNKNOWN',
        `the node at ${this.baseUrl} answered ${path} with a body that is not JSON`,
        undefined,
        response.headers.get('x-request-id') ?? undefined,
      );
    }
  }
}

/** Frees a response that will not be read (its connection goes back to the pool). */
async function discard(response: Response): Promise<void> {
  if (!response.bodyUsed) await response.body?.cancel().catch(() => undefined);
}
