/**
 * Probing a node process as an attacker would (issue 18): a raw HTTP/1.1 client over node:net
 * that keeps writing whatever the node answers, and readings of the node process's resident
 * memory and open descriptors from /proc.
 */
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';

/** Resident memory of a process, in MiB. */
export function rssMiB(pid: number): number {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return 0; // the process is gone
  }
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Samples a process's resident memory every 20 ms until stopped; answers the peak in MiB. */
export function rssPeak(pid: number): { stop(): number } {
  let peak = rssMiB(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 20);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, rssMiB(pid));
    },
  };
}

/** Open file descriptors of a process. */
export function openDescriptors(pid: number): number {
  return readdirSync(`/proc/${pid}/fd`).length;
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Body bytes the client managed to hand to the connection. */
  sent: number;
  /** The error writing met, if any (EPIPE, ECONNRESET: the node closed while the client wrote). */
  writeError: string | undefined;
  /** Body bytes handed to the connection when the whole answer had arrived. */
  sentAtAnswer: number;
  /** Milliseconds from connecting until the whole answer had arrived. */
  answeredMs: number;
}

export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** Body bytes to send; the client writes them all unless the connection closes first. */
  bodyBytes: number;
  /** Declare the length (default) or send chunked. */
  chunked?: boolean;
  /** Body bytes per second (default: as fast as the connection takes them). */
  bytesPerSecond?: number;
  /** The client's own address (a loopback one: 127.0.0.2 …), so it counts apart from other tests. */
  localAddress?: string;
}

type ParsedAnswer = Omit<RawAnswer, 'sent' | 'writeError' | 'sentAtAnswer' | 'answeredMs'>;

function parseAnswer(raw: Buffer): ParsedAnswer | undefined {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine, ...lines] = raw.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const at = line.indexOf(':');
    headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  const length = Number(headers['content-length'] ?? NaN);
  const body = raw.subarray(end + 4);
  if (!Number.isFinite(length) || body.length < length) return undefined;
  return {
    status: Number(statusLine?.split(' ')[1]),
    headers,
    body: body.subarray(0, length).toString('utf8'),
  };
}

/**
 * Sends a request whose body it keeps writing regardless of any answer (a client that reads while
 * it writes, as browsers and Node do), and answers what it read once the body is written or the
 * connection closed. Fails if nothing arrives within `timeoutMs`.
 */
export function keepWriting(url: string, request: RawRequest, timeoutMs = 30_000): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect({
      port: Number(port),
      host: hostname,
      ...(request.localAddress ? { localAddress: request.localAddress } : {}),
    });
    const started = Date.now();
    const received: Buffer[] = [];
    let sent = 0;
    let writeError: string | undefined;
    let written = false;
    let answered: { sentAtAnswer: number; answeredMs: number } | undefined;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms (sent ${sent} bytes)`));
    }, timeoutMs);
    const finish = () => {
      const answer = parseAnswer(Buffer.concat(received));
      if (!answer) return false;
      clearTimeout(timer);
      socket.destroy();
      resolve({
        ...answer,
        sent,
        writeError,
        ...(answered ?? { sentAtAnswer: sent, answeredMs: Date.now() - started }),
      });
      return true;
    };
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk);
      if (!answered && parseAnswer(Buffer.concat(received)))
        answered = { sentAtAnswer: sent, answeredMs: Date.now() - started };
      if (written) finish();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => (writeError ??= error.code ?? error.message));
    socket.on('close', () => {
      if (!finish()) {
        clearTimeout(timer);
        reject(new Error(`the connection closed without an answer (sent ${sent} bytes, ${writeError})`));
      }
    });
    const head = [
      `${request.method} ${request.path} HTTP/1.1`,
      `Host: ${hostname}:${port}`,
      request.chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${request.bodyBytes}`,
      ...Object.entries(request.headers ?? {}).map(([k, v]) => `${k}: ${v}`),
      '',
      '',
    ].join('\r\n');
    const piece = Buffer.alloc(
      request.bytesPerSecond ? Math.max(1, Math.min(65_536, request.bytesPerSecond)) : 65_536,
      0x20,
    );
    const frame = (data: Buffer) =>
      request.chunked
        ? Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')])
        : data;
    socket.once('connect', () => {
      socket.write(head);
      const pump = () => {
        while (sent < request.bodyBytes && !socket.destroyed) {
          const data = piece.subarray(0, Math.min(piece.length, request.bodyBytes - sent));
          sent += data.length;
          const more = socket.write(frame(data));
          if (request.bytesPerSecond) {
            setTimeout(pump, 1000);
            return;
          }
          if (!more) {
            socket.once('drain', pump);
            return;
          }
        }
        if (!socket.destroyed && request.chunked) socket.write('0\r\n\r\n');
        written = true;
        finish();
      };
      pump();
    });
  });
}

/** One request on a fresh connection with a hand-written head; answers the status and body. */
export function rawRequest(url: string, head: string, timeoutMs = 30_000): Promise<RawAnswer> {
  return keepWritingHead(url, head, timeoutMs);
}

function keepWritingHead(url: string, head: string, timeoutMs: number): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(head));
    const received: Buffer[] = [];
    let writeError: string | undefined;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk);
      const answer = parseAnswer(Buffer.concat(received));
      if (answer) {
        clearTimeout(timer);
        socket.destroy();
        resolve({ ...answer, sent: 0, writeError, sentAtAnswer: 0, answeredMs: 0 });
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => (writeError ??= error.code));
    socket.on('close', () => {
      clearTimeout(timer);
      reject(new Error(`the connection closed without an answer (${writeError})`));
    });
  });
}

/**
 * Writes `head` on a fresh connection, then reads until the node closes it; answers everything
 * read (any number of answers, or none).
 */
export function untilClosed(url: string, head: string, localAddress?: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(
      { port: Number(port), host: hostname, ...(localAddress ? { localAddress } : {}) },
      () => socket.write(head),
    );
    let got = '';
    socket.on('data', (chunk: Buffer) => (got += chunk.toString('utf8')));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(got));
  });
}
