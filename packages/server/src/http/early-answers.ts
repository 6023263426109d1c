/**
 * Early answers reach the client. When the node answers a request before reading its whole body
 * (413, 401, 429, 507 mid-upload, 408, …), closing the connection at once would make the kernel
 * reset it while the client is still writing, and a reset client often never reads the answer
 * (EPIPE, "connection reset"). So after such an answer the node keeps reading and discarding the
 * body — at most LINGER_BYTES, for at most LINGER_MS — and only then closes; if the body ends
 * within that, the connection simply stays open for the next request. A client that reads while
 * it writes (browsers, curl, Node) always gets the answer; one that reads only after writing gets
 * it when its body fits the drain.
 *
 * A caller refused for who it is or how often it calls (401, 429) gets a much shorter drain: a
 * body that ends within REFUSED_DRAIN_BYTES is read off (the connection goes on, as after any
 * small request); past that the node stops reading at once — the rest waits in the kernel, never
 * read — half-closes after the answer and closes CLOSE_SOON_MS later. So a request without a
 * valid token cannot make the node take in megabytes (a 15 MiB body: the head and a buffer read),
 * and a client that reads while it writes still reads its 401 or 429.
 *
 * Node would otherwise either read a refused body to its end however large (keep-alive) or reset
 * at once (`Connection: close`), so that header is taken off early answers: this module closes.
 * HTTP/2 refuses a stream with RST_STREAM and needs none of this.
 */
import { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** What an early answer may still read and discard, and for how long, before it closes. */
export const LINGER_BYTES = 32 * 1024 * 1024;
export const LINGER_MS = 10_000;
/** After a 408 (a client too slow to wait for): how long before the connection closes. */
const CLOSE_SOON_MS = 1000;
/** What the node reads off a refused caller's body (401, 429): a small JSON body's worth. */
export const REFUSED_DRAIN_BYTES = 64 * 1024;

const closeSoon = new WeakSet<FastifyRequest>();

/** The statuses that refuse the caller itself, whatever its body would have said. */
const refusesCaller = (status: number) => status === 401 || status === 429;

/** True when the request carries a body (declared or chunked). */
export function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** After this request's answer the connection closes (shortly, so the answer is still read). */
export function closeAfterAnswer(request: FastifyRequest): void {
  closeSoon.add(request);
}

/**
 * Reads off a refused caller's body up to REFUSED_DRAIN_BYTES (for LINGER_MS at most), else stops
 * reading and closes. Consuming the body ourselves is what keeps Node from pulling it off the wire
 * to its end after the answer (it discards a body nobody consumed); once paused, the body fills
 * the request's buffer and the HTTP parser stops reading the socket.
 */
function drainBriefly(request: FastifyRequest, reply: FastifyReply, socket: Socket): void {
  const body = request.raw;
  let drained = 0;
  const stop = () => {
    clearTimeout(timer);
    body.off('data', count);
    body.off('end', stop);
    socket.off('close', stop);
  };
  const close = () => {
    stop();
    body.pause();
    request.log.info(
      { drained, bytesRead: socket.bytesRead },
      'closing the connection of a refused caller without reading the body',
    );
    // After the answer: half-closed (the client reads the answer, then the end), closed soon.
    const end = () => {
      socket.end();
      setTimeout(() => socket.destroy(), CLOSE_SOON_MS).unref();
    };
    if (reply.raw.writableFinished) end();
    else reply.raw.once('finish', end);
  };
  const count = (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > REFUSED_DRAIN_BYTES) close();
  };
  const timer = setTimeout(close, LINGER_MS).unref();
  body.on('data', count);
  body.once('end', stop);
  socket.once('close', stop);
}

/** How often a lingering connection's discarded bytes are counted. */
const LINGER_CHECK_MS = 100;

function linger(request: FastifyRequest, socket: Socket, ms: number): void {
  const body = request.raw;
  const start = socket.bytesRead;
  const started = Date.now();
  // Counted on the socket: Node discards a refused body without emitting it (`_dump`).
  const check = setInterval(() => {
    const drained = socket.bytesRead - start;
    if (drained <= LINGER_BYTES && Date.now() - started < ms) return;
    clearInterval(check);
    request.log.info({ drained }, 'closing the connection after an early answer');
    socket.destroy();
  }, LINGER_CHECK_MS).unref();
  // Both listeners go with the first of them: a keep-alive connection carries many requests.
  const stop = () => {
    clearInterval(check);
    body.off('end', stop);
    socket.off('close', stop);
  };
  body.once('end', stop);
  socket.once('close', stop);
  // Read on and discard (a handler that stopped reading part-way left the body paused).
  body.unpipe();
  body.resume();
}

export function applyEarlyAnswers(app: FastifyInstance): void {
  // Callback hooks: no promise per request, and a bodiless request passes with two checks.
  // Which bodies the node leaves unread (a refused caller's), known before the answer is written:
  // the drain must consume the body before Node's own end-of-answer handling would.
  const brief = new WeakSet<FastifyRequest>();

  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.raw.httpVersionMajor === 1) {
      const bodyLeft = hasBody(request) && !request.raw.complete;
      const socket = request.raw.socket as Socket | undefined;
      if (
        bodyLeft &&
        refusesCaller(reply.statusCode) &&
        !closeSoon.has(request) &&
        request.raw.readableFlowing === null &&
        socket instanceof Socket
      ) {
        brief.add(request);
        drainBriefly(request, reply, socket);
      }
      // The connection is closed by this module (below), not reset by Node on the spot.
      if (closeSoon.has(request) || bodyLeft) reply.removeHeader('connection');
    }
    done(null, payload);
  });

  app.addHook('onResponse', (request, _reply, done) => {
    const socket = request.raw.socket as Socket | undefined;
    // A real connection only (not an injected request's stand-in).
    if (
      socket instanceof Socket &&
      !socket.destroyed &&
      request.raw.httpVersionMajor === 1 &&
      !brief.has(request)
    ) {
      if (closeSoon.has(request)) {
        socket.end();
        if (request.raw.complete) setTimeout(() => socket.destroy(), CLOSE_SOON_MS).unref();
        else linger(request, socket, CLOSE_SOON_MS);
      } else if (hasBody(request) && !request.raw.complete) linger(request, socket, LINGER_MS);
    }
    done();
  });
}
