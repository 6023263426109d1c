/**
 * How a handler that answered itself (a stream, a 304, a 503 with its own body) tells the router
 * so: it returns `ANSWERED`. Not the reply: a fastify reply is a thenable, so an async handler
 * that returns it hands back whatever awaiting it gives (undefined once the answer is sent), and
 * the router, taking that for a JSON result, would answer a second time ("Reply was already
 * sent", logged once per download before this marker).
 */
import type { FastifyReply } from 'fastify';

/** A class, not a symbol: a unique symbol's type widens to `symbol` in inferred handler types. */
export class Answered {
  private readonly answered = true;
}
export const ANSWERED = new Answered();

/** Sends `payload` as the answer through `reply` (headers and status as set on it). */
export function answerWith(reply: FastifyReply, payload?: unknown): Answered {
  void reply.send(payload);
  return ANSWERED;
}
