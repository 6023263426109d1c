import type { EndpointId, Endpoints } from '@cella/openapi';
import type { z } from 'zod';
import type { RequestContext } from '../context.js';

type Out<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

/** The validated input of an endpoint: decoded path params, query and JSON body. */
export interface EndpointInput<E> {
  params: E extends { params: infer P } ? Out<P> : Record<string, never>;
  query: E extends { query: infer Q } ? Out<Q> : Record<string, never>;
  body: E extends { body: infer B } ? Out<B> : undefined;
}

export type EndpointOutput<E> = E extends { success: { body: infer B } }
  ? B extends z.ZodType
    ? z.input<B>
    : void
  : void;

export type HandlerOf<Id extends EndpointId> = (
  input: EndpointInput<Endpoints[Id]>,
  ctx: RequestContext,
) => Promise<EndpointOutput<Endpoints[Id]>>;

/** The erased form the router stores. */
export type JsonHandler = (input: never, ctx: RequestContext) => Promise<unknown>;

/** Declares the handler of one endpoint, typed from its contract entry. */
export function handle<Id extends EndpointId>(
  id: Id,
  handler: HandlerOf<Id>,
): { id: Id; handler: JsonHandler } {
  return { id, handler: handler };
}
