/**
 * The tRPC layer: every JSON endpoint of the contract becomes a procedure whose input schema and
 * auth middleware come from its table entry. The REST adapter (json-routes.ts) calls procedures
 * through a server-side caller, so the same middleware chain guards every endpoint.
 */
import type { Endpoint, EndpointId } from '@cella/openapi';
import { initTRPC, TRPCError } from '@trpc/server';
import { z } from 'zod';
import type { RequestContext } from '../context.js';
import { CellaError, notImplemented, unauthorized } from '../errors.js';
import type { JsonHandler } from '../api/handler.js';

const t = initTRPC.context<RequestContext>().create({ isServer: true });

const requireUser = t.middleware(({ ctx, next }) => {
  if (ctx.caller?.kind !== 'user')
    throw ctx.authError ?? unauthorized('this endpoint needs an access token: sign in first');
  return next();
});

const requireNode = t.middleware(({ ctx, next }) => {
  if (ctx.caller?.kind !== 'node')
    throw ctx.authError ?? unauthorized('this endpoint needs a node-to-node backup token');
  return next();
});

type AnyMutation = ReturnType<ReturnType<ReturnType<typeof procedureFor>['input']>['mutation']>;

function procedureFor(endpoint: Endpoint) {
  switch (endpoint.auth) {
    case 'user':
      return t.procedure.use(requireUser);
    case 'node':
      return t.procedure.use(requireNode);
    default:
      return t.procedure;
  }
}

/** The input every procedure receives: decoded path params, the query object and the JSON body. */
export function inputSchemaOf(endpoint: Endpoint) {
  return z.object({
    params: endpoint.params ?? z.object({}),
    query: endpoint.query ?? z.object({}).passthrough(),
    body: endpoint.body ?? z.unknown(),
  });
}

export function buildRouter(
  endpoints: readonly Endpoint[],
  handlers: Partial<Record<EndpointId, JsonHandler>>,
) {
  const procedures: Record<string, AnyMutation> = {};
  for (const endpoint of endpoints) {
    // An endpoint without a handler still authenticates first, then answers 501.
    const handler: JsonHandler =
      handlers[endpoint.operationId as EndpointId] ??
      (async () => {
        throw notImplemented(endpoint.operationId);
      });
    procedures[endpoint.operationId] = procedureFor(endpoint)
      .input(inputSchemaOf(endpoint))
      .mutation(({ input, ctx }) => handler(input as never, ctx));
  }
  return t.router(procedures);
}

export const createCallerFactory = t.createCallerFactory;

/** Unwraps what tRPC threw back into the error the service meant. */
export function unwrapProcedureError(error: unknown): unknown {
  if (error instanceof TRPCError) {
    if (error.cause instanceof CellaError) return error.cause;
    if (error.cause instanceof z.ZodError) return error.cause;
    if (error.code === 'BAD_REQUEST' && error.cause) return error.cause;
    return error.cause ?? error;
  }
  return error;
}
