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
  | 'Events'
  | 'Payment'
  | 'Subscription'
  | 'Backup'
  | 'Portability'
  | 'Backup node (internal)'
  | HiveTag;

/** The reference Hive Node's own routes (the Hive dialect), onto the same services. */
export type HiveTag =
  | 'Hive: Node'
  | 'Hive: Authentication'
  | 'Hive: Subscription'
  | 'Hive: Database'
  | 'Hive: Files'
  | 'Hive: Scripts'
  | 'Hive: Payment'
  | 'Hive: Backup'
  | 'Hive: Provider';

/**
 * A rate limit: the requests it covers are counted in a named bucket, per key; the bucket's budget
 * is node configuration, and endpoints naming the same bucket share it.
 * - `anonymous-ip`: only callers without a token, counted per client IP address;
 * - `ip`: every caller, per client IP address;
 * - `did`: signed-in callers, per caller DID (a calling node's DID on the internal backup API).
 * IPv6 addresses count per /64 (one host usually holds a whole /64).
 */
export interface RateLimit {
  bucket: string;
  key: 'anonymous-ip' | 'ip' | 'did';
}

/**
 * Where a caller without a valid token is counted: per client IP, in the budget of anonymous
 * requests. That includes a request refused for its token (none where one is needed, a bad or
 * expired one: 401), counted before the refusal and before any byte of its body is read, so
 * tokenless requests to any route share one budget per address (429 past it).
 */
export const ANONYMOUS_RATE_LIMIT: RateLimit = { bucket: 'anonymous', key: 'ip' };

/**
 * The general limits, declared once per auth mode: every entry is counted under its mode's
 * limits, and under its own `rateLimit` too when it declares one (sign-in, anonymous script runs).
 * Callers with a token are counted per DID, callers without one per IP (`ANONYMOUS_RATE_LIMIT`,
 * which also counts the requests of any mode refused for their token).
 */
export const MODE_RATE_LIMITS: Readonly<Record<AuthMode, readonly RateLimit[]>> = {
  public: [ANONYMOUS_RATE_LIMIT],
  user: [{ bucket: 'user', key: 'did' }],
  optional: [
    { bucket: 'user', key: 'did' },
    { bucket: 'anonymous', key: 'anonymous-ip' },
  ],
  node: [{ bucket: 'node', key: 'did' }],
};

/** Every limit a request to `endpoint` is counted under, in order. */
export function rateLimitsOf(endpoint: Pick<Endpoint, 'auth' | 'rateLimit'>): RateLimit[] {
  return [...MODE_RATE_LIMITS[endpoint.auth], ...(endpoint.rateLimit ? [endpoint.rateLimit] : [])];
}

/**
 * The request line and headers together, at most (bytes as sent). The longest query parameters
 * of the contract fit within it however they are percent-encoded; past it the node answers 414
 * (a request line alone too long) or 431.
 */
export const MAX_REQUEST_HEAD_BYTES = 256 * 1024;

/** The body limit of a JSON endpoint that declares none. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

export interface BinaryBody {
  contentType: 'application/octet-stream' | 'application/vnd.ipld.car' | 'text/html';
  description: string;
}

/** One named example of a request or response body (an OpenAPI Example Object). */
export interface Example {
  summary?: string;
  description?: string;
  value: unknown;
}

/**
 * Examples an entry states itself, for the operations whose schemas' own examples do not fit.
 * The default, and the usual place, is the schema: `.meta({ examples: [value] })` on the body's
 * zod schema (and on every path and query parameter's); the document shows those for every
 * operation that uses the schema.
 */
export interface EndpointExamples {
  /** Named request bodies, instead of the body schema's examples. */
  body?: Record<string, Example>;
  /** Named success bodies, instead of the success schema's examples. */
  response?: Record<string, Example>;
  /** The message of an error this operation answers, instead of the catalogue's example message. */
  errors?: Partial<Record<ErrorCode, string>>;
}

export interface Endpoint {
  operationId: string;
  method: HttpMethod;
  /** OpenAPI path template under the server root, e.g. `/api/v2/vault/db/{collection}`. */
  path: string;
  auth: AuthMode;
  tag: Tag;
  /** One line: what it does (the reference page's heading). */
  summary: string;
  /**
   * Who may call, what it does in full, what is refused and why, the notable statuses. Required:
   * test/reference.test.ts fails for an operation without one.
   */
  description: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /**
   * Request headers the handler reads beyond auth (documented; the handler validates them): e.g.
   * `Last-Event-ID` of an event stream.
   */
  headers?: z.ZodObject;
  /** A JSON request body. */
  body?: z.ZodType;
  /** A raw request body streamed to the handler, never buffered or parsed. */
  binaryBody?: BinaryBody;
  /**
   * A body sent anyway is not read at all (left to the HTTP server to discard): a download some
   * clients send bytes with (the reference's own tests send the file's content on the GET of a
   * script transaction). Nothing in it can change the answer.
   */
  ignoresBody?: true;
  success: {
    status: 200 | 201 | 204;
    description: string;
    body?: z.ZodType;
    /** A raw streamed response (downloads); 206 for ranges is implied where `ranges` is true. */
    binary?: BinaryBody & { ranges?: boolean };
    /**
     * A Server-Sent Events stream (`text/event-stream`) that stays open: `data` is the schema of
     * one event's `data:` line (a JSON object), `example` a piece of the stream as sent.
     */
    events?: { data: z.ZodType; example: string };
  };
  errors: ErrorCode[];
  /**
   * The body of an error status when it carries more than the error body (it extends it): e.g.
   * readiness' 503 lists the status of each check.
   */
  errorBodies?: Partial<Record<number, z.ZodType>>;
  /** Request body cap in bytes (JSON endpoints; default `DEFAULT_BODY_LIMIT`); binary uploads are capped by quota instead. */
  bodyLimit?: number;
  /** A limit of its own, besides its auth mode's general ones (`MODE_RATE_LIMITS`). */
  rateLimit?: RateLimit;
  /**
   * The path parameter that may contain `/` (file paths). The router matches it across segments,
   * followed only by the literal rest of the template (`{path}/move`).
   */
  multiSegmentParam?: string;
  /** Node-to-node endpoints: listed in the document, marked `x-internal`. */
  internal?: boolean;
  /** Examples for this operation only; see `EndpointExamples`. */
  examples?: EndpointExamples;
}

/** Declares a group of entries, keeping each entry's literal types (the server derives handler types from them). */
export function defineEndpoints<const T extends Record<string, Endpoint>>(table: T): T {
  return table;
}

/** The reference Hive Node answers by method: POST 201, DELETE 204, everything else 200. */
export function defaultStatus(method: HttpMethod): 200 | 201 | 204 {
  return method === 'POST' ? 201 : method === 'DELETE' ? 204 : 200;
}
