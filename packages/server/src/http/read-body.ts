/**
 * Reads a JSON request body once the router knows its endpoint: within the endpoint's byte limit
 * (413 past it, checked on the declared length first), as UTF-8 (invalid UTF-8 is a 400, never
 * stored as U+FFFD), parsed by fastify's own JSON parser (prototype-poisoning keys refused),
 * whatever the Content-Type (the reference node is lenient too). No body, or only whitespace, is
 * `undefined`. HTTP/1.1 announces a body by its length or chunked encoding; HTTP/2 by neither (a
 * stream simply carries DATA frames until it ends), so there the stream itself is read. A body
 * refused part-way is left unread, not destroyed: the answer is sent and the rest drained or the
 * connection closed after it (early-answers.ts), so the client reads the 413.
 */
import type { FastifyRequest } from 'fastify';
import { CellaError } from '../errors.js';

export type JsonParser = (request: FastifyRequest, text: string) => Promise<unknown>;

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

const tooLarge = () =>
  new CellaError('PAYLOAD_TOO_LARGE', 'the request body is larger than this endpoint accepts');

export async function readJsonBody(
  request: FastifyRequest,
  limit: number,
  parse: JsonParser,
): Promise<unknown> {
  const length = request.headers['content-length'];
  const announced = request.raw.httpVersionMajor >= 2 || request.headers['transfer-encoding'] !== undefined;
  if (!announced && (length === undefined || length === '0')) return undefined;
  if (Number(length ?? 0) > limit) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of request.raw.iterator({ destroyOnReturn: false })) {
      const buffer = chunk as Buffer;
      size += buffer.length;
      if (size > limit) throw tooLarge();
      chunks.push(buffer);
    }
  } catch (error) {
    if (error instanceof CellaError) throw error;
    throw new CellaError('BAD_REQUEST', 'the request body was interrupted before its end', { cause: error });
  }
  let text: string;
  try {
    text = utf8.decode(Buffer.concat(chunks));
  } catch {
    throw new CellaError('INVALID_PARAMETER', 'the request body is not valid UTF-8');
  }
  if (text.trim() === '') return undefined;
  return parse(request, text);
}
