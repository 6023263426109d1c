/**
 * The typed HTTP layer: openapi-fetch over the generated `paths`, a middleware that adds the access
 * token, and `call()` which unwraps `{data, error}` into a value or a thrown CellaApiError — signing in
 * again and retrying once when the node answers 401. Transport failures become CellaNetworkError.
 */
import createFetchClient, { type Client } from 'openapi-fetch';
import { CellaApiError, errorFromResponse, networkError } from './errors.js';
import type { paths } from './generated/openapi.js';
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
}

/** Sends one request; `fetch` by default, XMLHttpRequest for browser uploads. */
/** A request body (`BodyInit`, spelled so that Node-only type setups without the DOM library have it). */
export type RequestBody = NonNullable<RequestInit['body']>;

export interface RawInit extends Omit<RequestInit, 'body'> {
  /** The body, or a function making it afresh (so a streamed body can be sent again after a 401). */
  body?: RequestBody | null | (() => RequestBody);
  /** Add the access token (default true). */
  auth?: boolean;
  /** Sign in again and resend once on a 401 (default true; false when the body can't be made again). */
  retryable?: boolean;
  /** Carries the request (default: this client's fetch). */
  send?: Send;
}

export class Http {
  readonly api: ApiClient;
  readonly baseUrl: string;
  readonly fetch: typeof globalThis.fetch;
  private uploadTransport: Promise<UploadTransport> | undefined;

  constructor(private readonly options: HttpOptions) {
    this.baseUrl = options.url.replace(/\/+$/, '');
    this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
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
   * Runs one typed call. With `auth`, adds the token and, on a 401, signs in again and retries once.
   * The callback receives the headers to send.
   */
  async call<T>(
    run: (headers: Record<string, string>) => Promise<{ data?: T; error?: unknown; response: Response }>,
    auth = true,
  ): Promise<T> {
    const attempt = async (token?: string) => {
      const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
      try {
        return await run(headers);
      } catch (error) {
        throw networkError(error, this.baseUrl);
      }
    };
    const tokens = auth ? this.options.tokens : undefined;
    let token = tokens ? await tokens.token() : undefined;
    let result = await attempt(token);
    if (result.response.status === 401 && tokens && token) {
      await tokens.invalidate(token);
      token = await tokens.token();
      result = await attempt(token);
    }
    if (!result.response.ok) throw await errorFromResponse(result.response, result.error);
    return result.data as T;
  }

  /** For raw (streaming) requests that openapi-fetch does not model well: same auth and retry rules. */
  async raw(path: string, init: RawInit = {}): Promise<Response> {
    const { auth = true, retryable = true, send, body, ...rest } = init;
    const makeBody = typeof body === 'function' ? body : () => body;
    const carry: Send = send ?? ((url, request) => this.fetch(url, request));
    const attempt = async (token?: string) => {
      const headers = new Headers(rest.headers);
      if (token) headers.set('authorization', `Bearer ${token}`);
      try {
        return await carry(`${this.baseUrl}${path}`, { ...rest, headers, body: makeBody() });
      } catch (error) {
        throw networkError(error, this.baseUrl, rest.signal ?? undefined);
      }
    };
    const tokens = auth ? this.options.tokens : undefined;
    let token = tokens ? await tokens.token() : undefined;
    let response = await attempt(token);
    if (response.status === 401 && tokens && token && retryable) {
      await response.body?.cancel().catch(() => undefined);
      await tokens.invalidate(token);
      token = await tokens.token();
      response = await attempt(token);
    }
    if (!response.ok) throw await errorFromResponse(response);
    return response;
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
