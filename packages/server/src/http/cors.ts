/**
 * CORS for browser apps on other origins: every method and request header the API (and the SDK)
 * uses, the response headers clients read, and preflights cached so a page does not pay one extra
 * round trip per call. Origins come from `corsOrigins` (`*` = any; else a comma-separated list).
 */
import type { FastifyCorsOptions } from '@fastify/cors';
import type { FastifyReply } from 'fastify';

/** Methods of both route tables (PATCH and HEAD included: the reference's routes and fastify's HEAD). */
export const CORS_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** Request headers a client may send. */
export const CORS_ALLOWED_HEADERS = [
  'Authorization',
  'Content-Type',
  'Content-Length',
  'Range',
  'If-None-Match',
  'If-Range',
  'If-Modified-Since',
  'X-Request-Id',
  'Accept',
  // An event stream's resume point, as EventSource sends it when it reconnects.
  'Last-Event-ID',
];

/** Response headers a script may read (beyond the CORS-safelisted ones). */
export const CORS_EXPOSED_HEADERS = [
  'Retry-After',
  'ETag',
  'Content-Range',
  'Content-Length',
  'Accept-Ranges',
  'Last-Modified',
  'X-Request-Id',
  'Allow',
  // A vault export's root, base and content (a mover in a browser compares them: docs/portability.md).
  'X-Cella-Export-Root',
  'X-Cella-Export-Base',
  'X-Cella-Export-Content',
];

/**
 * Seconds a browser may reuse a preflight answer. Browsers cap it (Chromium at 2 hours, Firefox at
 * 1 day); 2 hours is what every browser honours.
 */
export const CORS_MAX_AGE_SECONDS = 7200;

export function corsOptions(corsOrigins: string): FastifyCorsOptions {
  return {
    origin: corsOrigins.trim() === '*' ? true : corsOrigins.split(',').map((o) => o.trim()),
    credentials: true,
    methods: CORS_METHODS,
    allowedHeaders: CORS_ALLOWED_HEADERS,
    exposedHeaders: CORS_EXPOSED_HEADERS,
    maxAge: CORS_MAX_AGE_SECONDS,
  };
}

/**
 * An origin CORS lets read an answer may also see its timing (`Timing-Allow-Origin`, the same
 * origin): a page's Resource Timing entry then tells which protocol carried the request
 * (`nextHopProtocol`), which is how the SDK learns that a browser can stream uploads to this node
 * (HTTP/2) without a probe request that fails.
 */
export function allowTiming(reply: FastifyReply): void {
  const allowed = reply.getHeader('access-control-allow-origin');
  if (allowed !== undefined) reply.header('timing-allow-origin', allowed);
}
