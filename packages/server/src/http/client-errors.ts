/**
 * Refusals Node's HTTP parser makes before any route runs (fastify's `clientErrorHandler`): the
 * header timeout, a request head past MAX_REQUEST_HEAD_BYTES, a malformed request. They are
 * answered in the standard error body like every other error, then the connection is closed —
 * after a moment, so the client reads the answer before the close can reset it.
 */
import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import { MAX_REQUEST_HEAD_BYTES, type ErrorCode } from '@cella/openapi';
import { CellaError } from '../errors.js';

const CLOSE_AFTER_MS = 500;
const HEAD_KIB = MAX_REQUEST_HEAD_BYTES / 1024;

interface ParserError extends Error {
  code?: string;
  /** The chunk being parsed (typed loosely by fastify). */
  rawPacket?: unknown;
}

/** The request line alone is past the limit: the chunk that overflowed starts it and never ends it. */
function requestLineTooLong(packet: unknown): boolean {
  if (!Buffer.isBuffer(packet)) return false;
  const start = packet.subarray(0, 16).toString('latin1');
  return /^[A-Z]+ \S/.test(start) && !packet.includes('\r\n');
}

function refusalFor(error: ParserError): CellaError | null {
  switch (error.code) {
    case 'ECONNRESET':
    case 'EPIPE':
      return null;
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new CellaError('REQUEST_TIMEOUT', 'the request headers did not arrive in time');
    case 'HPE_HEADER_OVERFLOW': {
      const code: ErrorCode = requestLineTooLong(error.rawPacket) ? 'URI_TOO_LONG' : 'HEADERS_TOO_LARGE';
      return new CellaError(
        code,
        code === 'URI_TOO_LONG'
          ? `the request line is longer than this node accepts (${HEAD_KIB} KiB with the headers)`
          : `the request line and headers together are larger than this node accepts (${HEAD_KIB} KiB)`,
      );
    }
    default:
      return new CellaError('INVALID_PARAMETER', `malformed HTTP request (${error.code ?? 'parse error'})`);
  }
}

export function answerClientError(error: ParserError, socket: Socket): void {
  const refusal = socket.destroyed ? null : refusalFor(error);
  // An answer already under way on this connection cannot be followed by another.
  const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!refusal || !socket.writable || answering?.headersSent) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify(refusal.toBody());
  socket.end(
    `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status] ?? 'Error'}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
  setTimeout(() => socket.destroy(), CLOSE_AFTER_MS).unref();
}
