/**
 * The fastify application: CORS, lenient JSON parsing with per-route limits, request ids, the JSON
 * routes of the contract (through tRPC), the raw streaming routes, and one error mapper.
 */
import { randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import { endpointList, type Endpoint, type EndpointId } from '@cella/openapi';
import Fastify, { LogController, type FastifyInstance, type FastifyRequest } from 'fastify';
import type { JsonHandler } from '../api/handler.js';
import type { AppContext } from '../context.js';
import { CellaError } from '../errors.js';
import { corsOptions } from './cors.js';
import { sendError } from './error-handler.js';
import {
  createProcedureCaller,
  DEFAULT_JSON_BODY_LIMIT,
  registerJsonRoutes,
  toFastifyPath,
} from './json-routes.js';
import { registerRawRoutes, type RawHandlers } from './raw-routes.js';
import { registerDocsRoutes } from './docs-routes.js';
import type { ServerOptions } from './server-options.js';

/** Endpoints served by raw routes (streams and paths with slashes) rather than the JSON adapter. */
export function isRawEndpoint(endpoint: Endpoint): boolean {
  return (
    Boolean(endpoint.binaryBody || endpoint.success.binary) ||
    endpoint.path.startsWith('/api/v2/vault/files/')
  );
}

export interface HttpAppOptions {
  handlers: Partial<Record<EndpointId, JsonHandler>>;
  raw: RawHandlers;
  /** Extra endpoints beyond the public contract (e.g. the backup node's internal API). */
  endpoints?: readonly Endpoint[];
  /** TLS (HTTPS + HTTP/2) and trusted proxies; default: plain HTTP/1.1, no proxy trusted. */
  server?: ServerOptions;
}

/** The document and the docs page have their own routes (cached text, HTML). */
const servedByDocsRoutes = new Set(['openApiDocument', 'apiReference']);

function pathPattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+');
  return new RegExp(`^${escaped}/?$`);
}

export async function createHttpApp(ctx: AppContext, options: HttpAppOptions): Promise<FastifyInstance> {
  const all = options.endpoints ?? endpointList;
  // Typed as the default instance so plugins and route helpers share one type (pino's Logger vs
  // FastifyBaseLogger differ only in type parameters).
  const app = Fastify({
    // TLS makes it an HTTP/2 server (fastify types that apart; the instance is cast below anyway).
    ...((options.server ?? { trustProxy: false }) as object),
    loggerInstance: ctx.log,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: DEFAULT_JSON_BODY_LIMIT,
    // One access line per request is written by our onResponse hook instead (path without query).
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 2048 },
    forceCloseConnections: true,
    // Errors the router raises before any route runs (e.g. `%FF` in a path) get our error body too.
    frameworkErrors: (error, request, reply) =>
      void sendError(
        request,
        reply,
        new CellaError('INVALID_PARAMETER', `malformed request URL: ${error.message}`),
      ),
  }) as unknown as FastifyInstance;

  await app.register(cors, corsOptions(ctx.config.corsOrigins));

  // JSON bodies are parsed whatever the Content-Type (the reference node does the same; its SDK
  // sends `application/json` even on GET). Prototype-poisoning keys are refused.
  app.removeAllContentTypeParsers();
  const jsonParser = app.getDefaultJsonParser('error', 'ignore');
  app.addContentTypeParser('*', { parseAs: 'string' }, (request: FastifyRequest, body, done) => {
    if (typeof body !== 'string' || body.trim() === '') {
      done(null, undefined);
      return;
    }
    void jsonParser(request, body, done);
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    if (!ctx.log.isLevelEnabled('info')) return;
    const path = (request.raw.url ?? '').split('?')[0];
    request.log.info(
      { method: request.method, path, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
  });

  app.setErrorHandler((error, request, reply) => sendError(request, reply, error));

  const patterns = all.map((e) => ({ pattern: pathPattern(e.path), method: e.method }));
  app.setNotFoundHandler((request, reply) => {
    const path = (request.raw.url ?? '').split('?')[0] ?? '';
    const methods = patterns.filter((p) => p.pattern.test(path)).map((p) => p.method);
    const error =
      methods.length > 0
        ? new CellaError(
            'METHOD_NOT_ALLOWED',
            `${request.method} is not allowed here; use ${[...new Set(methods)].join(', ')}`,
          )
        : new CellaError('ROUTE_NOT_FOUND', `no endpoint at ${request.method} ${path}`);
    if (methods.length > 0) reply.header('allow', [...new Set(methods)].join(', '));
    return sendError(request, reply, error);
  });

  const call = createProcedureCaller(all, options.handlers);
  const jsonEndpoints = all.filter((e) => !isRawEndpoint(e) && !servedByDocsRoutes.has(e.operationId));
  registerJsonRoutes(app, ctx, jsonEndpoints, call);
  registerRawRoutes(app, ctx, call, options.raw);
  registerDocsRoutes(app);
  return app;
}

export { toFastifyPath };
