/**
 * What one entry of the endpoint table says. The server registers its routes from these entries,
 * the OpenAPI document is generated from them, and the SDK's types are generated from that document.
 * An entry is also where an endpoint's policy is declared, once: who may call (`auth`), how big a
 * body may be (`bodyLimit`) and how often it may be called (`rateLimit`).
 */
import type { z } from 'zod';
import type { ErrorCode } from './error-codes.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/**
 * - `public`: no token (version, health, docs, sign-in).
 * - `user`: a user access token (`Authorization: Bearer <jwt>`).
 * - `optional`: a token if present; anonymous callers allowed where the resource allows it (scripts).
 * - `node`: a node-to-node backup token (internal backup API).
 */
export type AuthMode = 'public' | 'user' | 'optional' | 'node';

export type Tag =
  | 'Node'
  | 'Authentication'
  | 'Database'
  | 'Files'
  | 'Scripts'
  | 'Payment'
  | 'Subscription'
  | 'Backup'
  | 'Backup node (internal)'
  | HiveTag;

/** The reference Hive Node's own routes (the Hive dialect), onto the same services. */
export type HiveTag =
  | 'Hive: Node'
  | 'Hive: Subscription'
  | 'Hive: Database'
  | 'Hive: Files'
  | 'Hive: Scripts'
  | 'Hive: Payment'
  | 'Hive: Backup'
  | 'Hive: Provider';

/**
 * A realistic exchange, shown in the document: the request line (method, path, query), its JSON
 * body and the success answer. The request line and body appear as a code sample of the operation.
 */
export interface EndpointExample {
  request: string;
  body?: unknown;
  response?: unknown;
}

/**
 * A rate limit: the requests it covers are counted in a named bucket, per key; the bucket's budget
 * is node configuration, and endpoints naming the same bucket share it.
 * - `anonymous-ip`: only callers without a token, counted per client IP address;
 * - `ip`: every caller, per client IP address;
 * - `did`: signed-in callers, per caller DID.
 */
export interface RateLimit {
  bucket: string;
  key: 'anonymous-ip' | 'ip' | 'did';
}

/** The body limit of a JSON endpoint that declares none. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

export interface BinaryBody {
  contentType: 'application/octet-stream' | 'application/vnd.ipld.car' | 'text/html';
  description: string;
}

export interface Endpoint {
  operationId: string;
  method: HttpMethod;
  /** OpenAPI path template under the server root, e.g. `/api/v2/vault/db/{collection}`. */
  path: string;
  auth: AuthMode;
  tag: Tag;
  summary: string;
  description?: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** A JSON request body. */
  body?: z.ZodType;
  /** A raw request body streamed to the handler, never buffered or parsed. */
  binaryBody?: BinaryBody;
  success: {
    status: 200 | 201 | 204;
    description: string;
    body?: z.ZodType;
    /** A raw streamed response (downloads); 206 for ranges is implied where `ranges` is true. */
    binary?: BinaryBody & { ranges?: boolean };
  };
  errors: ErrorCode[];
  /** Request body cap in bytes (JSON endpoints; default `DEFAULT_BODY_LIMIT`); binary uploads are capped by quota instead. */
  bodyLimit?: number;
  /** How often callers may call it (none: no limit beyond the node's general ones). */
  rateLimit?: RateLimit;
  /**
   * The path parameter that may contain `/` (file paths). The router matches it across segments,
   * followed only by the literal rest of the template (`{path}/move`).
   */
  multiSegmentParam?: string;
  /** Node-to-node endpoints: listed in the document, marked `x-internal`. */
  internal?: boolean;
  /** A realistic request and answer for the document. */
  example?: EndpointExample;
}

/** Declares a group of entries, keeping each entry's literal types (the server derives handler types from them). */
export function defineEndpoints<const T extends Record<string, Endpoint>>(table: T): T {
  return table;
}

/** The reference Hive Node answers by method: POST 201, DELETE 204, everything else 200. */
export function defaultStatus(method: HttpMethod): 200 | 201 | 204 {
  return method === 'POST' ? 201 : method === 'DELETE' ? 204 : 200;
}
