/**
 * Connection limits of the node's HTTP server: open connections per client IP and in all, and
 * requests per keep-alive connection.
 *
 * A connection past a cap is not kept for long: if it sends a request within REFUSED_GRACE_MS,
 * that request is answered 503 OVERLOADED (standard error body, `Retry-After`, `Connection:
 * close`) without running, and the connection closed right after; one that sends nothing is
 * closed after the grace. At most REFUSED_AT_ONCE refused connections per IP wait like that;
 * beyond them a connection is closed at once, without an answer. So a client at the cap learns
 * why, and an address can hold at most its cap plus REFUSED_AT_ONCE descriptors. Counting works
 * on the TCP connection (the 'connection' event), so it holds for HTTPS and HTTP/2 too.
 *
 * Behind a reverse proxy every connection comes from the proxy's address: raise or disable the
 * per-IP cap there (CELLA_MAX_CONNECTIONS_PER_IP=0) and let the proxy limit clients.
 */
import type { Server } from 'node:net';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { CellaError } from '../errors.js';
import { ipKey } from '../rate-limits/client-key.js';
import { closeAfterAnswer } from './early-answers.js';

export interface ConnectionLimits {
  /** 0: no cap. */
  perIp: number;
  /** 0: no cap. */
  total: number;
  /** Requests per connection; the last is answered with `Connection: close` (0: no cap). */
  requestsPerConnection: number;
}

/** How long a refused connection may take to send the request it is refused on. */
const REFUSED_GRACE_MS = 2000;
/** Refused connections per IP that may wait for their request's answer at once. */
const REFUSED_AT_ONCE = 10;

/**
 * A connection by its client's address and port: the same for the TCP socket the 'connection'
 * event sees and the TLS socket (or HTTP/2 session) a request arrives on.
 */
const connectionKey = (socket: Pick<Socket, 'remoteAddress' | 'remotePort'>) =>
  `${socket.remoteAddress}|${socket.remotePort}`;

export function applyConnectionLimits(app: FastifyInstance, limits: ConnectionLimits): void {
  const server = app.server as unknown as Server;
  const perIp = new Map<string, number>();
  /** Refused connections, with the reason their request is told; and how many per IP. */
  const refused = new Map<string, string>();
  const refusedPerIp = new Map<string, number>();
  const requestsOn = new WeakMap<object, number>();
  let open = 0;

  server.on('connection', (socket: Socket) => {
    const ip = ipKey(socket.remoteAddress ?? '');
    const count = perIp.get(ip) ?? 0;
    const overTotal = limits.total > 0 && open >= limits.total;
    const overIp = limits.perIp > 0 && count >= limits.perIp;
    if (overTotal || overIp) {
      const waiting = refusedPerIp.get(ip) ?? 0;
      if (waiting >= REFUSED_AT_ONCE) {
        socket.destroy();
        return;
      }
      const key = connectionKey(socket);
      refused.set(
        key,
        overIp
          ? `too many open connections from this address (at most ${limits.perIp}); retry later`
          : 'the node has too many open connections; retry later',
      );
      refusedPerIp.set(ip, waiting + 1);
      socket.once('close', () => {
        refused.delete(key);
        const left = (refusedPerIp.get(ip) ?? 1) - 1;
        if (left <= 0) refusedPerIp.delete(ip);
        else refusedPerIp.set(ip, left);
      });
      setTimeout(() => socket.destroy(), REFUSED_GRACE_MS).unref();
      return;
    }
    open++;
    perIp.set(ip, count + 1);
    socket.once('close', () => {
      open--;
      const left = (perIp.get(ip) ?? 1) - 1;
      if (left <= 0) perIp.delete(ip);
      else perIp.set(ip, left);
    });
  });

  // First of the request hooks: a refused connection's request does not run. A callback hook:
  // no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    const socket = request.raw.socket as Socket | undefined;
    if (socket) {
      const reason = refused.size > 0 ? refused.get(connectionKey(socket)) : undefined;
      if (reason !== undefined) {
        closeAfterAnswer(request);
        done(new CellaError('OVERLOADED', reason, { retryAfterSeconds: 1 }));
        return;
      }
      if (limits.requestsPerConnection > 0 && request.raw.httpVersionMajor === 1) {
        const served = (requestsOn.get(socket) ?? 0) + 1;
        requestsOn.set(socket, served);
        if (served >= limits.requestsPerConnection) reply.header('connection', 'close');
      }
    }
    done();
  });
}
