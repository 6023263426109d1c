/**
 * Time limits on the body of a request and on the answer it gets (HTTP/1.1), checked by one
 * unref'd timer per app every CHECK_MS:
 *
 * - idle body: no byte of the body for `idleMs` → 408 REQUEST_TIMEOUT;
 * - slow body: fewer than `minBytesPerSecond` × `idleMs` bytes in a window of `idleMs` (windows
 *   follow each other from the request's start) → 408: a 1 byte/s body is cut after one window,
 *   an upload at any usable speed never is;
 * - stalled reader: an answer that could not send a byte for SEND_IDLE_MS while it has bytes
 *   waiting → the connection is closed (no answer can reach such a client). Only requests with a
 *   body and answers that are streamed or large are watched: the rest cost nothing here.
 *
 * The header time limit is Node's own (`headersTimeout`, answered by client-errors.ts). A 408
 * goes out in the standard error body with `Connection: close`, and the connection closes shortly
 * after (early-answers.ts). HTTP/2 streams are left to the session's own timeout.
 */
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CellaError } from '../errors.js';
import { closeAfterAnswer, hasBody } from './early-answers.js';
import { sendError } from './error-handler.js';

export interface BodyTimeouts {
  idleMs: number;
  /** 0: no minimum rate. */
  minBytesPerSecond: number;
}

const CHECK_MS = 1000;
const SEND_IDLE_MS = 60_000;
/** Answers up to this size are not watched for a stalled reader (see `mayStall`). */
const SMALL_ANSWER_BYTES = 64 * 1024;

interface Watched {
  request: FastifyRequest;
  reply: FastifyReply;
  socket: Socket;
  lastRead: number;
  lastReadAt: number;
  windowBytes: number;
  windowAt: number;
  lastWritten: number;
  lastWrittenAt: number;
}

export function applyBodyTimeouts(app: FastifyInstance, limits: BodyTimeouts): void {
  const watched = new Set<Watched>();

  const refuse = (w: Watched, message: string) => {
    watched.delete(w);
    if (w.reply.sent || w.reply.raw.headersSent) return;
    w.request.log.info({ reason: message }, 'request body timed out');
    closeAfterAnswer(w.request);
    void sendError(w.request, w.reply, new CellaError('REQUEST_TIMEOUT', message));
  };

  const check = () => {
    const now = Date.now();
    for (const w of watched) {
      if (w.socket.destroyed) {
        watched.delete(w);
        continue;
      }
      const read = w.socket.bytesRead;
      if (read !== w.lastRead) {
        w.lastRead = read;
        w.lastReadAt = now;
      }
      const written = w.socket.bytesWritten;
      if (written !== w.lastWritten || w.socket.writableLength === 0) {
        w.lastWritten = written;
        w.lastWrittenAt = now;
      }
      if (w.reply.raw.headersSent) {
        // Answering: only a reader that stopped reading is a problem now.
        if (now - w.lastWrittenAt >= SEND_IDLE_MS) {
          watched.delete(w);
          w.request.log.info('closing a connection whose client stopped reading the answer');
          w.socket.destroy();
        }
        continue;
      }
      if (w.request.raw.complete) continue;
      if (now - w.lastReadAt >= limits.idleMs) {
        refuse(w, `no byte of the request body for ${Math.round(limits.idleMs / 1000)} s`);
        continue;
      }
      if (limits.minBytesPerSecond > 0 && now - w.windowAt >= limits.idleMs) {
        const floor = (limits.minBytesPerSecond * (now - w.windowAt)) / 1000;
        if (read - w.windowBytes < floor) {
          refuse(w, `the request body arrives slower than ${limits.minBytesPerSecond} bytes per second`);
          continue;
        }
        w.windowBytes = read;
        w.windowAt = now;
      }
    }
  };
  const timer = setInterval(check, CHECK_MS).unref();
  app.addHook('onClose', async () => clearInterval(timer));

  const watching = new WeakSet<FastifyRequest>();
  const watch = (request: FastifyRequest, reply: FastifyReply) => {
    const socket = request.raw.socket as Socket | undefined;
    if (!socket) return;
    const now = Date.now();
    const w: Watched = {
      request,
      reply,
      socket,
      lastRead: socket.bytesRead,
      lastReadAt: now,
      windowBytes: socket.bytesRead,
      windowAt: now,
      lastWritten: socket.bytesWritten,
      lastWrittenAt: now,
    };
    watching.add(request);
    watched.add(w);
    reply.raw.once('close', () => watched.delete(w));
  };

  // Callback hooks (no promise per request), and nothing at all for the common request without a
  // body and with a small answer: it needs no watching.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.raw.httpVersionMajor === 1 && hasBody(request)) watch(request, reply);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.raw.httpVersionMajor === 1 && !watching.has(request) && mayStall(payload))
      watch(request, reply);
    done(null, payload);
  });
}

/**
 * An answer a client that stops reading could leave sitting in the node's memory: a stream, or a
 * text larger than what the socket's buffers take at once. A smaller one is handed to the kernel
 * whole, and the connection caps bound how many such answers an address can park.
 */
function mayStall(payload: unknown): boolean {
  if (typeof payload === 'string' || Buffer.isBuffer(payload)) return payload.length > SMALL_ANSWER_BYTES;
  return payload !== null && payload !== undefined;
}
