/**
 * The procedures: every JSON endpoint of the contract becomes one function that runs, in a fixed
 * order, the auth check of its table entry (`user`: a signed-in user, `node`: a node-to-node backup
 * token, else none), the validation of `{params, query, body}` with the entry's zod schemas, then its
 * handler. The REST adapter (json-routes.ts) and the raw routes call them through one caller, so the
 * same checks guard every JSON endpoint.
 *
 * Plain functions, not tRPC procedures: tRPC's middleware chain (a context merge and an async step
 * per middleware) cost ~15 µs of CPU per request, as much as a whole indexed find, and the node
 * used nothing else of tRPC (its REST routes and OpenAPI document come from the endpoint table).
 */
import type { Endpoint, EndpointId } from '@cella/openapi';
import { z } from 'zod';
import type { RequestContext } from '../context.js';
import { notImplemented } from '../errors.js';
import type { JsonHandler } from '../api/handler.js';
import { requireCaller } from './request-context.js';

/** Runs one endpoint: auth check, input validation, handler. */
export type Procedure = (input: unknown, ctx: RequestContext) => Promise<unknown>;

/** The input every procedure receives: decoded path params, the query object and the JSON body. */
export function inputSchemaOf(endpoint: Endpoint) {
  return z.object({
    params: endpoint.params ?? z.object({}),
    query: endpoint.query ?? z.object({}).passthrough(),
    body: endpoint.body ?? z.unknown(),
  });
}

function procedureOf(endpoint: Endpoint, handler: JsonHandler): Procedure {
  const schema = inputSchemaOf(endpoint);
  return async (input, ctx) => {
    // Authentication first: a caller without a token gets 401 before any 400 about its input.
    requireCaller(endpoint.auth, ctx);
    return handler((await schema.parseAsync(input)) as never, ctx);
  };
}

export function buildProcedures(
  endpoints: readonly Endpoint[],
  handlers: Partial<Record<EndpointId, JsonHandler>>,
): Map<string, Procedure> {
  const procedures = new Map<string, Procedure>();
  for (const endpoint of endpoints) {
    // An endpoint without a handler still authenticates first, then answers 501.
    const handler: JsonHandler =
      handlers[endpoint.operationId as EndpointId] ??
      (async () => {
        throw notImplemented(endpoint.operationId);
      });
    procedures.set(endpoint.operationId, procedureOf(endpoint, handler));
  }
  return procedures;
}
