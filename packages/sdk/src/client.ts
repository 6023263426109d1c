import { Http } from './http.js';
import { NodeApi } from './node-api.js';

export interface ClientOptions {
  /** Base URL of the node, e.g. `http://127.0.0.1:5000`. */
  url: string;
  fetch?: typeof globalThis.fetch;
}

export interface CellaClient {
  readonly url: string;
  readonly node: NodeApi;
  readonly http: Http;
}

/** An anonymous client: node version, health, and anonymous script runs. */
export function createClient(options: ClientOptions): CellaClient {
  const http = new Http(options);
  return { url: http.baseUrl, node: new NodeApi(http), http };
}
