/**
 * The typed HTTP layer: openapi-fetch over the generated `paths`, a middleware that adds the access
 * token, and `call()` which unwraps `{data, error}` into a value or a thrown CellaApiError — signing in
 * again and retrying once when the node answers 401.
 */
import createFetchClient, { type Client } from 'openapi-fetch';
import { CellaApiError, CellaNetworkError, errorFromResponse } from './errors.js';
import type { paths } from './generated/openapi.js';

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
}

export class Http {
  readonly api: ApiClient;
  readonly baseUrl: string;
  readonly fetch: typeof globalThis.fetch;

  constructor(private readonly options: HttpOptions) {
    this.baseUrl = options.url.replace(/\/+$/, '');
    this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.api = createFetchClient<paths>({ baseUrl: this.baseUrl, fetch: (request) => this.fetch(request) });
  }

  get tokens(): TokenSource | undefined {
    return this.options.tokens;
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
        throw new CellaNetworkError(`cannot reach the node at ${this.baseUrl}: ${(error as Error).message}`, {
          cause: error,
        });
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
  async raw(
    path: string,
    init: RequestInit & { auth?: boolean; retryable?: boolean } = {},
  ): Promise<Response> {
    const { auth = true, retryable = true, ...rest } = init;
    const send = async (token?: string) => {
      const headers = new Headers(rest.headers);
      if (token) headers.set('authorization', `Bearer ${token}`);
      try {
        return await this.fetch(`${this.baseUrl}${path}`, { ...rest, headers });
      } catch (error) {
        if ((error as Error).name === 'AbortError') throw error;
        throw new CellaNetworkError(`cannot reach the node at ${this.baseUrl}: ${(error as Error).message}`, {
          cause: error,
        });
      }
    };
    const tokens = auth ? this.options.tokens : undefined;
    let token = tokens ? await tokens.token() : undefined;
    let response = await send(token);
    if (response.status === 401 && tokens && token && retryable) {
      await tokens.invalidate(token);
      token = await tokens.token();
      response = await send(token);
    }
    if (!response.ok) throw await errorFromResponse(response);
    return response;
  }
}

export { CellaApiError };
