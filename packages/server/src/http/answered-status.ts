/**
 * The status a request ended with, for the access log and the metrics. A client that closed the
 * connection (or reset its HTTP/2 stream) before the node answered was given nothing: fastify
 * still reports the reply's default 200 then, so such a request counts as 499, "client closed
 * the request" (nginx's convention). A request whose answer had begun keeps the status the client
 * was given, and `clientClosed` says the answer did not reach its end.
 */
import type { FastifyReply } from 'fastify';

export const CLIENT_CLOSED = 499;

export function answeredStatus(reply: FastifyReply): { status: number; clientClosed: boolean } {
  const raw = reply.raw;
  if (!raw.headersSent) return { status: CLIENT_CLOSED, clientClosed: true };
  return { status: reply.statusCode, clientClosed: !raw.writableEnded };
}
