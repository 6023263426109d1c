export { CellaApiError, CellaNetworkError } from './errors.js';
export { Http, type ApiClient, type HttpOptions, type TokenSource } from './http.js';
export { NodeApi, type Health, type NodeInfo, type NodeVersion } from './node-api.js';
export { createClient, type CellaClient, type ClientOptions } from './client.js';
export type { paths, components, operations } from './generated/openapi.js';
export type { ErrorCode } from '@cella/openapi/error-codes';
