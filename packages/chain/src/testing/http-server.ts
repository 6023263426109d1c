// Shared plumbing of the stand-in servers: listen on 127.0.0.1 with an OS-chosen port, read
// bodies, close with every socket.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function listenLoopback(
  handler: (req: IncomingMessage, res: ServerResponse) => unknown,
  port = 0,
): Promise<RunningServer> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    Promise.resolve(handler(req, res)).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const b = chunk as Buffer;
    size += b.length;
    if (size > limit) return null;
    chunks.push(b);
  }
  return Buffer.concat(chunks);
}

/** The caller's IP without the IPv4-mapped prefix (`::ffff:127.0.0.1` → `127.0.0.1`). */
export function remoteIp(req: IncomingMessage): string {
  const ip = req.socket.remoteAddress ?? '';
  return ip.startsWith('::ffff:') ? ip.slice(7) : ip;
}

export function isLoopback(ip: string): boolean {
  return ip === '::1' || ip.startsWith('127.');
}

/** Constant-time check of an `Authorization` header against `Basic base64(user:pass)`. */
export function basicAuthMatches(header: string | undefined, user: string, pass: string): boolean {
  const expected = `Basic ${Buffer.from(`${user}:${pass}`, 'utf8').toString('base64')}`;
  if (header === undefined) return false;
  const a = Buffer.from(header);
  const b = Buffer.from(expected);
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}
