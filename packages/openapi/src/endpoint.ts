/**
 * What one entry of the endpoint table says. The server registers its routes from these entries,
 * the OpenAPI document is generated from them, and the SDK's types are generated from that document.
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
  | 'Backup node (internal)';

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
  /** Request body cap in bytes (JSON endpoints); binary uploads are capped by quota instead. */
  bodyLimit?: number;
  /** Node-to-node endpoints: listed in the document, marked `x-internal`. */
  internal?: boolean;
}

/** The reference Hive Node answers by method: POST 201, DELETE 204, everything else 200. */
export function defaultStatus(method: HttpMethod): 200 | 201 | 204 {
  return method === 'POST' ? 201 : method === 'DELETE' ? 204 : 200;
}
