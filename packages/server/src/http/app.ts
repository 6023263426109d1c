/**
 * The fastify application: CORS, request ids, one access line per request, the routes of the
 * route tables (routes.ts: one router for JSON and streaming endpoints), the OpenAPI document and
 * docs page, the metrics (metrics-route.ts), 404/405 and one error mapper.
 */
import { randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import { DEFAULT_BODY_LIMIT, MAX_REQUEST_HEAD_BYTES } from '@cella/openapi';
import Fastify, { LogController, type FastifyInstance, type FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { CellaError } from '../errors.js';
import { allowTiming, corsOptions } from './cors.js';
import { answeredStatus } from './answered-status.js';
import { applyBodyTimeouts } from './body-timeouts.js';
import { answerClientError } from './client-errors.js';
import { applyConnectionLimits } from './connection-limits.js';
import { registerDocsRoutes } from './docs-routes.js';
import { applyEarlyAnswers } from './early-answers.js';
import { sendError } from './error-handler.js';
import { registerMetrics } from './metrics-route.js';
import type { JsonParser } from './read-body.js';
import type { RouteTable } from '../api/route-table.js';
import { requestLogger } from './request-logger.js';
import { registerRoutes } from './routes.js';
import type { ServerOptions } from './server-options.js';

export interface HttpAppOptions {
  /** The route tables: the contract's first, then any other dialect onto the same services. */
  tables: readonly RouteTable[];
  /** TLS (HTTPS + HTTP/2) and trusted proxies; default: plain HTTP/1.1, no proxy trusted. */
  server?: ServerOptions;
}

/** The document and the docs page have their own routes (cached text, HTML). */
export const servedByDocsRoutes: ReadonlySet<string> = new Set([
  'openApiDocument',
  'openApiHiveDocument',
  'apiReference',
  'apiReferenceHive',
]);

/** Fastify's schema compilers, never used: routes carry no JSON schemas. */
function noSchemas(): never {
  throw new Error('fastify route schemas are not used: validate with the contract’s zod schemas');
}

export async function createHttpApp(ctx: AppContext, options: HttpAppOptions): Promise<FastifyInstance> {
  // Typed as the default instance so plugins and route helpers share one type (pino's Logger vs
  // FastifyBaseLogger differ only in type parameters).
  const app = Fastify({
    // TLS makes it an HTTP/2 server (fastify types that apart; the instance is cast below anyway).
    ...((options.server ?? { trustProxy: false }) as object),
    loggerInstance: ctx.log,
    // Each request's child logger is made when it first writes a line (request-logger.ts).
    childLoggerFactory: requestLogger,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: DEFAULT_BODY_LIMIT,
    // Time and size bounds of the HTTP server (client-errors.ts answers their refusals): the
    // request head within MAX_REQUEST_HEAD_BYTES and the header timeout; no limit on a whole
    // request's time (a large upload at a normal speed takes what it takes), the body's pace is
    // watched instead (body-timeouts.ts); idle keep-alive connections close.
    http: {
      maxHeaderSize: MAX_REQUEST_HEAD_BYTES,
      headersTimeout: ctx.config.headersTimeoutSeconds * 1000,
      requestTimeout: 0,
      connectionsCheckingInterval: 1000,
    },
    requestTimeout: 0,
    keepAliveTimeout: ctx.config.keepAliveTimeoutSeconds * 1000,
    clientErrorHandler: answerClientError,
    // One access line per request is written by our onResponse hook instead (path without query).
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 2048 },
    forceCloseConnections: true,
    // No route has a fastify JSON schema (tRPC validates with zod): without these factories
    // fastify would load ajv and fast-json-stringify at start for nothing (~200 ms, docs/architecture.md).
    schemaController: { compilersFactory: { buildValidator: noSchemas, buildSerializer: noSchemas } },
    // Errors the router raises before any route runs (e.g. `%FF` in a path) get our error body too.
    frameworkErrors: (error, request, reply) =>
      void sendError(
        request,
        reply,
        new CellaError('INVALID_PARAMETER', `malformed request URL: ${error.message}`),
      ),
  }) as unknown as FastifyInstance;

  // Connection refusals first (a refused connection's request runs no further hook), then the
  // body time limits and the handling of answers given before a body was read.
  applyConnectionLimits(app, {
    perIp: ctx.config.maxConnectionsPerIp,
    total: ctx.config.maxConnections,
    requestsPerConnection: ctx.config.maxRequestsPerConnection,
  });
  applyBodyTimeouts(app, {
    idleMs: ctx.config.bodyIdleTimeoutSeconds * 1000,
    minBytesPerSecond: ctx.config.bodyMinBytesPerSecond,
  });
  applyEarlyAnswers(app);

  await app.register(cors, corsOptions(ctx.config.corsOrigins));

  // No body is parsed before the router has picked the endpoint: JSON bodies are read then
  // (routes.ts), with fastify's own parser (prototype-poisoning keys refused); streams never.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  const jsonParser = app.getDefaultJsonParser('error', 'ignore');
  const parseJson: JsonParser = (request: FastifyRequest, text: string) =>
    new Promise((resolve, reject) => {
      void jsonParser(request, text, (error, value) => (error ? reject(error) : resolve(value)));
    });

  // Callback hooks on every request: no promise each.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    allowTiming(reply);
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (ctx.log.isLevelEnabled('info')) {
      const path = (request.raw.url ?? '').split('?')[0];
      const { status, clientClosed } = answeredStatus(reply);
      // The request logger's line, without making its child (request-logger.ts): the same bindings.
      ctx.log.info(
        {
          reqId: request.id,
          method: request.method,
          path,
          status,
          ms: Math.round(reply.elapsedTime),
          ...(clientClosed ? { clientClosed } : {}),
        },
        'request',
      );
    }
    done();
  });

  app.setErrorHandler((error, request, reply) => sendError(request, reply, error));

  // Event streams stay open until the client leaves: the node ends them (`shutting_down`) before
  // the server waits for its answers to finish.
  app.addHook('preClose', (done) => {
    ctx.events.endStreams();
    done();
  });

  registerMetrics(app, ctx);

  const methodsAt = registerRoutes(app, ctx, { tables: options.tables, skip: servedByDocsRoutes, parseJson });
  registerDocsRoutes(app, ctx.config.publicUrl);

  app.setNotFoundHandler((request, reply) => {
    const path = (request.raw.url ?? '').split('?')[0] ?? '';
    const methods = methodsAt(path);
    const error =
      methods.length > 0
        ? new CellaError(
            'METHOD_NOT_ALLOWED',
            `${request.method} is not allowed here; use ${methods.join(', ')}`,
          )
        : new CellaError('ROUTE_NOT_FOUND', `no endpoint at ${request.method} ${path}`);
    if (methods.length > 0) reply.header('allow', methods.join(', '));
    return sendError(request, reply, error);
  });
  return app;
}
