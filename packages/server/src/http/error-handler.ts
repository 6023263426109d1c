/**
 * Every failure becomes the contract's error body with a 4xx/5xx status. Bad input is a 4xx with a
 * clear message; anything unexpected is a 500 whose details stay in the log (never a stack trace in a
 * response).
 */
import type { ErrorCode } from '@cella/openapi';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CellaError, invalidInput } from '../errors.js';
import { fromStoreError, isStorageFull, storageFull } from '../port-errors.js';

const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'INVALID_PARAMETER',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_PARAMETER',
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_PARAMETER',
};

/** Turns any thrown value into a CellaError (the only thing that reaches the wire). */
export function toCellaError(error: unknown): CellaError {
  if (error instanceof CellaError) return error;
  // A DocumentStore error a service let through (the caller's input is at fault: 4xx).
  const fromStore = fromStoreError(error);
  if (fromStore instanceof CellaError) return fromStore;
  // A write that reached the device around the engines' mapping (ENOSPC, SQLite's "disk is full").
  if (isStorageFull(error)) return storageFull(error);
  if (error instanceof z.ZodError) return invalidInput(error);
  const e = error as { code?: string; statusCode?: number; message?: string } | undefined;
  if (e?.code && fastifyCodes[e.code]) {
    const code = fastifyCodes[e.code]!;
    const message =
      code === 'PAYLOAD_TOO_LARGE'
        ? 'the request body is larger than this endpoint accepts'
        : code === 'UNSUPPORTED_MEDIA_TYPE'
          ? 'unsupported content type'
          : 'malformed JSON body';
    return new CellaError(code, message, { cause: error });
  }
  if (error instanceof SyntaxError || (e?.statusCode === 400 && /JSON/i.test(e.message ?? ''))) {
    return new CellaError('INVALID_PARAMETER', 'malformed JSON body', { cause: error });
  }
  if (e?.statusCode === 413)
    return new CellaError('PAYLOAD_TOO_LARGE', 'the request body is larger than this endpoint accepts');
  if (e?.statusCode === 400)
    return new CellaError('INVALID_PARAMETER', 'malformed request', { cause: error });
  return new CellaError('INTERNAL', 'internal error', { cause: error });
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  const cellaError = toCellaError(error);
  if (cellaError.code === 'INTERNAL') {
    request.log.error({ err: cellaError.cause ?? error }, 'unexpected error');
    cellaError.message = `internal error (request id ${request.id})`;
  } else if (cellaError.status >= 500) {
    request.log.warn({ code: cellaError.code }, cellaError.message);
  }
  if (reply.sent || reply.raw.headersSent) {
    // A streamed response already started: the only honest signal left is to cut the connection.
    reply.raw.destroy(cellaError);
    return reply;
  }
  if (cellaError.retryAfterSeconds !== undefined)
    reply.header('retry-after', String(Math.max(0, Math.ceil(cellaError.retryAfterSeconds))));
  return reply.code(cellaError.status).type('application/json; charset=utf-8').send(cellaError.toBody());
}
