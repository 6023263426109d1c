/**
 * A small round-robin HTTP proxy on loopback, standing in for the load balancer in front of
 * several node processes: each request goes to the next backend, bodies are streamed both ways
 * (never buffered), nothing is sticky. It records which backend served each request, and a
 * backend can be taken out (a killed process) and put back, as a health check would.
 */
import { createServer, request, type IncomingMessage, type Server, Agent } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Served {
  method: string;
  path: string;
  backend: number;
}

export interface RoundRobinProxy {
  url: string;
  /** Every request so far, in order, with the index of the backend that got it. */
  served: Served[];
  /** Stops sending requests to backend `i` (its process is down). */
  remove(i: number): void;
  /** Sends requests to backend `i` again, at `url` (a restarted process may listen elsewhere). */
  restore(i: number, url: string): void;
  close(): Promise<void>;
}

// Hop-by-hop headers (RFC 9110 §7.6.1) are not forwarded.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
]);

function forwardable(headers: IncomingMessage['headers']): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  return out;
}

export async function startProxy(backendUrls: string[]): Promise<RoundRobinProxy> {
  const backends = backendUrls.map((url) => ({ url: new URL(url), up: true }));
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const served: Served[] = [];
  let next = 0;
  const pick = (): number => {
    for (let tried = 0; tried < backends.length; tried++) {
      const i = next++ % backends.length;
      if (backends[i]!.up) return i;
    }
    throw new Error('no backend is up');
  };

  const server: Server = createServer((req, res) => {
    const i = pick();
    const target = backends[i]!.url;
    served.push({ method: req.method ?? 'GET', path: req.url ?? '/', backend: i });
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...forwardable(req.headers), 'x-forwarded-for': req.socket.remoteAddress ?? '' },
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...forwardable(answer.headers), 'x-served-by': String(i) });
        answer.pipe(res);
        answer.once('error', () => res.destroy());
      },
    );
    upstream.once('error', (error) => {
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'application/json', 'x-served-by': String(i) });
        res.end(JSON.stringify({ error: { message: `proxy: backend ${i} failed: ${error.message}` } }));
      } else {
        res.destroy();
      }
    });
    // The client went away: stop the upstream request too.
    res.once('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    remove: (i) => void (backends[i]!.up = false),
    restore: (i, url) => void (backends[i] = { url: new URL(url), up: true }),
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
