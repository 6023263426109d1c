import type { Http } from './http.js';
import type { components } from './generated/openapi.js';

export type NodeVersion = components['schemas']['NodeVersion'];
export type NodeInfo = components['schemas']['NodeInfo'];
export type Health = components['schemas']['Health'];

/** Calls about the node itself. */
export class NodeApi {
  constructor(private readonly http: Http) {}

  version(): Promise<NodeVersion> {
    return this.http.call((headers) => this.http.api.GET('/api/v2/node/version', { headers }), false);
  }

  health(): Promise<Health> {
    return this.http.call((headers) => this.http.api.GET('/api/v2/health', { headers }), false);
  }

  /** Needs a signed-in client. */
  info(): Promise<NodeInfo> {
    return this.http.call((headers) => this.http.api.GET('/api/v2/node/info', { headers }));
  }
}
