/**
 * Prometheus at `GET /metrics` (the usual scrape path, outside the /api/v2 contract: an operator's
 * endpoint in Prometheus' text format, not part of the API apps and the SDK use), and the one hook
 * that counts every answered request by its route: the contract's operation id the router picked
 * (`request.operation`), else the route template, else `unmatched` — never the URL a caller sent,
 * so the number of series stays bounded.
 *
 * With a metrics token configured, a scrape needs `Authorization: Bearer <token>` (Prometheus'
 * `authorization` / `bearer_token_file` settings); without one the route is open, and the start
 * line warns when it is reachable beyond loopback.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { CellaError } from '../errors.js';
import { answeredStatus } from './answered-status.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The contract operation id of the entry the router picked ('' until then). */
    operation: string;
  }
}

export const METRICS_PATH = '/metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares in constant time (over digests, so lengths do not leak either). */
function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), expected);
}

export function registerMetrics(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('operation', '');
  const { metrics } = ctx;
  if (!metrics.enabled) return;

  // A callback hook (not async): no promise per request.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.operation || request.routeOptions.url || 'unmatched';
    metrics.observeRequest(route, request.method, answeredStatus(reply).status, reply.elapsedTime / 1000);
    done();
  });

  const token = ctx.metricsToken === undefined ? undefined : digest(ctx.metricsToken);
  app.get(METRICS_PATH, async (request, reply) => {
    if (token && !bearerMatches(request.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new CellaError('UNAUTHORIZED', 'the metrics need the bearer token the operator configured');
    }
    const { contentType, text } = await metrics.scrape();
    return reply.type(contentType).header('cache-control', 'no-store').send(text);
  });
}
