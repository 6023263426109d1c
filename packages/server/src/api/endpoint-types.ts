/** Handler input and output types, derived from an endpoint's contract entry. */
import type { EndpointId, Endpoints, HiveEndpointId, HiveEndpoints } from '@cella/openapi';
import type { z } from 'zod';

type Out<S, Absent> = S extends z.ZodType ? z.output<S> : Absent;

/** The validated input of an endpoint: decoded path params, query and JSON body. */
export interface EndpointInput<E> {
  params: E extends { params: infer P } ? Out<P, Record<string, never>> : Record<string, never>;
  query: E extends { query: infer Q } ? Out<Q, Record<string, never>> : Record<string, never>;
  /** A JSON body as its schema parses it; `unknown` when the entry declares none (streams stay in `request.raw`). */
  body: E extends { body: infer B } ? Out<B, unknown> : unknown;
}

/** What a JSON handler returns: its success body before serialization. */
export type EndpointOutput<E> = E extends { success: { body: infer B } }
  ? B extends z.ZodType
    ? z.input<B>
    : void
  : void;

/** A handler that answered itself (a stream, or a 304) returns `ANSWERED` (answered.ts). */
export type { Answered } from './answered.js';

/** The answer type of an operation of the contract (for answers built as JSON text). */
export type OutputOf<Id extends EndpointId> = EndpointOutput<Endpoints[Id]>;

/** The answer type of an operation of the Hive dialect's table. */
export type HiveOutputOf<Id extends HiveEndpointId> = EndpointOutput<HiveEndpoints[Id]>;
