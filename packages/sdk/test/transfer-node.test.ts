/**
 * Uploads and downloads from Node against a real HTTP server on loopback (node:http): progress that
 * follows the socket, abort, resending after a 401, typed network errors. (Against a real Cella
 * node, over HTTP/1.1 and HTTP/2, see packages/server/test/http/tls.test.ts and the browser test.)
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CellaApiError, CellaNetworkError } from '../src/errors.js';
import { FilesApi } from '../src/files-api.js';
import { Http, type TokenSource } from '../src/http.js';

const MiB = 1024 * 1024;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

interface Received {
  url: string;
  headers: IncomingMessage['headers'];
  size: number;
  sha256: string;
  aborted: boolean;
}

let server: Server;
let url: string;
const received: Received[] = [];
/** Resolved by a test to let a paused upload be read. */
let release: (() => void) | undefined;
const download = Buffer.alloc(5 * MiB, 7);

function answer(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-length': String(download.byteLength) });
      // Written in pieces so the client sees the body arrive over time.
      let offset = 0;
      const next = () => {
        if (offset >= download.byteLength) return void res.end();
        const piece = download.subarray(offset, offset + 256 * 1024);
        offset += piece.byteLength;
        if (res.write(piece)) setImmediate(next);
        else res.once('drain', next);
      };
      return next();
    }
    if (req.headers.authorization === 'Bearer old') {
      req.resume();
      return answer(res, 401, { error: { message: 'token expired' } });
    }
    const record: Received = { url: req.url!, headers: req.headers, size: 0, sha256: '', aborted: false };
    received.push(record);
    const hash = createHash('sha256');
    const read = () => {
      req.on('data', (chunk: Buffer) => {
        record.size += chunk.byteLength;
        hash.update(chunk);
      });
      req.resume();
      req.on('end', () => {
        record.sha256 = hash.digest('hex');
        answer(res, 201, { name: req.url, cid: 'bafy', size: record.size });
      });
    };
    req.on('aborted', () => (record.aborted = true));
    req.on('close', () => {
      if (!req.complete) record.aborted = true;
    });
    if (req.url?.endsWith('slow')) {
      // Reads a piece every 5 ms: a slow link.
      req.on('data', (chunk: Buffer) => {
        record.size += chunk.byteLength;
        req.pause();
        setTimeout(() => req.resume(), 5);
      });
      req.on('end', () => answer(res, 201, { name: req.url, cid: 'bafy', size: record.size }));
    } else if (req.url?.endsWith('paused')) {
      req.pause();
      release = read;
    } else read();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function files(tokens?: TokenSource) {
  return new FilesApi(new Http({ url, ...(tokens ? { tokens } : {}) }));
}

function randomBytes(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let offset = 0; offset < size; offset += 65536)
    crypto.getRandomValues(bytes.subarray(offset, Math.min(offset + 65536, size)));
  return bytes;
}

test('a 20 MiB upload reports its progress in many steps and sends its length', async () => {
  const data = randomBytes(20 * MiB);
  for (const input of [data, new Blob([data as Uint8Array<ArrayBuffer>])]) {
    const events: [number, number | undefined][] = [];
    const result = await files().upload('big.bin', input, { onProgress: (n, t) => events.push([n, t]) });
    const got = received.at(-1)!;
    expect(result.size).toBe(data.byteLength);
    expect(got).toMatchObject({ size: data.byteLength, sha256: sha256(data) });
    expect(got.headers['content-length']).toBe(String(data.byteLength));
    expect(events.length).toBeGreaterThanOrEqual(10);
    expect(events.at(-1)).toEqual([data.byteLength, data.byteLength]);
    expect(events.every(([n], i) => i === 0 || n > events[i - 1]![0])).toBe(true);
  }
});

test('progress follows the socket: it stalls while the server does not read, and finishes once it does', async () => {
  const data = randomBytes(20 * MiB);
  const events: number[] = [];
  const upload = files().upload('paused', data, { onProgress: (n) => events.push(n) });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const stalledAt = events.at(-1) ?? 0;
  // Socket buffers take some megabytes; the rest waits for the server.
  expect(stalledAt).toBeLessThan(data.byteLength / 2);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(events.at(-1) ?? 0).toBe(stalledAt);
  release!();
  await upload;
  expect(events.at(-1)).toBe(data.byteLength);
  expect(received.at(-1)!.sha256).toBe(sha256(data));
});

test('aborting an upload rejects with the AbortError, stops reporting and closes the connection', async () => {
  const controller = new AbortController();
  const events: number[] = [];
  const upload = files().upload('abort/slow', randomBytes(20 * MiB), {
    signal: controller.signal,
    onProgress: (n) => events.push(n),
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  controller.abort();
  const reported = events.length;
  await expect(upload).rejects.toMatchObject({ name: 'AbortError' });
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(events.length).toBe(reported);
  expect(events.at(-1)).toBeLessThan(20 * MiB);
  const record = received.find((r) => r.url.includes('/abort/'));
  expect(record).toBeDefined();
  for (let i = 0; i < 50 && !record!.aborted; i++) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(record!.aborted).toBe(true);
});

test('after a 401 the SDK signs in again and resends bytes and Blobs, but never a stream', async () => {
  let current = 'old';
  const tokens: TokenSource = { token: async () => current, invalidate: () => void (current = 'new') };
  const data = randomBytes(MiB);
  await files(tokens).upload('again.bin', new Blob([data as Uint8Array<ArrayBuffer>]), {
    onProgress: () => undefined,
  });
  expect(received.at(-1)).toMatchObject({ size: MiB, sha256: sha256(data) });
  expect(received.at(-1)!.headers.authorization).toBe('Bearer new');

  current = 'old';
  const stream = new Blob([data as Uint8Array<ArrayBuffer>]).stream();
  const error = await files(tokens)
    .upload('stream.bin', stream)
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(CellaApiError);
  expect(error).toMatchObject({ status: 401 });
});

test('downloads report progress as the body is read', async () => {
  const events: [number, number | undefined][] = [];
  const bytes = await files().bytes('x', { onProgress: (n, t) => events.push([n, t]) });
  expect(Buffer.from(bytes).equals(download)).toBe(true);
  expect(events.length).toBeGreaterThanOrEqual(10);
  expect(events.at(-1)).toEqual([download.byteLength, download.byteLength]);
});

test('an unreachable node is a CellaNetworkError naming the node and the cause', async () => {
  const unused = createServer();
  await new Promise<void>((resolve) => unused.listen(0, '127.0.0.1', resolve));
  const port = (unused.address() as AddressInfo).port;
  await new Promise<void>((resolve) => unused.close(() => resolve()));
  const closed = new FilesApi(new Http({ url: `http://127.0.0.1:${port}` }));
  for (const call of [
    () => closed.upload('a', new Uint8Array(10)),
    () => closed.bytes('a'),
    () => closed.stat('a'),
  ]) {
    const error = await call().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CellaNetworkError);
    expect((error as Error).message).toBe(
      `cannot reach the node at http://127.0.0.1:${port}: fetch failed: ECONNREFUSED`,
    );
  }
});
