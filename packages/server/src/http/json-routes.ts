/**
 * REST adapter: registers each JSON endpoint of the contract at its spec path and runs it through
 * its tRPC procedure. Path params arrive URL-decoded, the query as an object, the body as parsed
 * JSON (lenient about Content-Type, like the reference node).
 */
import type { Endpoint, EndpointId } from '@cella/openapi';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JsonHandler } from '../api/handler.js';
import type { AppContext, RequestContext } from '../context.js';
import { notImplemented } from '../errors.js';
import { buildRouter, createCallerFactory, unwrapProcedureError } from './procedures.js';
import { JsonText } from '../json-text.js';
import { requestContext } from './request-context.js';

export const DEFAULT_JSON_BODY_LIMIT = 64 * 1024;

/** `/a/{b}/c` → `/a/:b/c` */
export function toFastifyPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}

export type ProcedureCaller = (operationId: string, input: unknown, ctx: RequestContext) => Promise<unknown>;

export function createProcedureCaller(
  endpoints: readonly Endpoint[],
  handlers: Partial<Record<EndpointId, JsonHandler>>,
): ProcedureCaller {
  const router = buildRouter(endpoints, handlers);
  const createCaller = createCallerFactory(router);
  return async (operationId, input, ctx) => {
    const caller = createCaller(ctx) as unknown as Record<
      string,
      ((input: unknown) => Promise<unknown>) | undefined
    >;
    const procedure = caller[operationId];
    if (!procedure) throw notImplemented(operationId);
    try {
      return await procedure(input);
    } catch (error) {
      throw unwrapProcedureError(error);
    }
  };
}

export function sendResult(reply: FastifyReply, endpoint: Endpoint, result: unknown): FastifyReply {
  if (endpoint.success.status === 204) return reply.code(204).send();
  return reply
    .code(endpoint.success.status)
    .type('application/json; charset=utf-8')
    .send(result instanceof JsonText ? result.text : JSON.stringify(result ?? null));
}

export function registerJsonRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  endpoints: readonly Endpoint[],
  call: ProcedureCaller,
): void {
  for (const endpoint of endpoints) {
    app.route({
      method: endpoint.method,
      url: toFastifyPath(endpoint.path),
      bodyLimit: endpoint.bodyLimit ?? DEFAULT_JSON_BODY_LIMIT,
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const rctx = await requestContext(ctx, request, endpoint.auth);
        const input = { params: request.params ?? {}, query: request.query ?? {}, body: request.body };
        const result = await call(endpoint.operationId, input, rctx);
        return sendResult(reply, endpoint, result);
      },
    });
  }
}
