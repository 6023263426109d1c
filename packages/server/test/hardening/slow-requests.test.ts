/**
 * Hardening probe (issue 18, item 3): slow requests cannot hold the node. Before, request bodies
 * had no time limit at all: 1,000 bodies sent at 1 byte/s, anonymous ones included, took the node
 * from 40 to 1,040 open descriptors and held them. Here with short limits (2 s) so the probes
 * finish quickly; the defaults are longer (README). Uploads at a usable speed still pass.
 */
import net from 'node:net';
import { spawnNode, type SpawnedNode } from '@cella/server/testing';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { signedInUser } from '../helpers/users.js';
import { keepWriting, openDescriptors, rawRequest, untilClosed } from './probes.js';

let node: SpawnedNode;
const PER_IP = 50;

beforeAll(async () => {
  node = await spawnNode({
    env: {
      CELLA_HEADERS_TIMEOUT: '2',
      CELLA_BODY_IDLE_TIMEOUT: '2',
      CELLA_BODY_MIN_RATE: '1024',
      CELLA_KEEP_ALIVE_TIMEOUT: '1',
      CELLA_MAX_REQUESTS_PER_CONNECTION: '3',
      CELLA_MAX_CONNECTIONS_PER_IP: String(PER_IP),
    },
  });
}, 60_000);
afterAll(async () => {
  await node?.stop();
});

const errorOf = (body: string) =>
  (JSON.parse(body) as { error: { message: string; internal_code?: number } }).error;

test('a body sent at 1 byte/s is cut with 408 in the error body', async () => {
  const started = Date.now();
  const answer = await keepWriting(
    node.url,
    { method: 'POST', path: '/api/v2/did/signin', bodyBytes: 1000, bytesPerSecond: 1 },
    15_000,
  );
  expect(answer.status).toBe(408);
  expect(errorOf(answer.body)).toMatchObject({ internal_code: 3000 });
  expect(errorOf(answer.body).message).toMatch(/slower than 1024 bytes per second/);
  expect(Date.now() - started).toBeLessThan(10_000);
});

test('a body that stops is cut with 408; headers that never end too', async () => {
  const stalled = await untilClosed(
    node.url,
    'POST /api/v2/did/signin HTTP/1.1\r\nHost: a\r\nContent-Length: 100\r\n\r\n{"doc',
  );
  expect(stalled).toMatch(/^HTTP\/1.1 408/);
  expect(stalled).toMatch(/no byte of the request body for 2 s/);
  const headers = await untilClosed(node.url, 'GET /api/v2/health HTTP/1.1\r\nHost: a\r\n');
  expect(headers).toMatch(/^HTTP\/1.1 408/);
  expect(headers).toMatch(/"internal_code":3000/);
});

test('an upload at a usable speed passes, however long it takes', async () => {
  const user = await signedInUser(node.url);
  const token = await user.session.token();
  // 6 s at 64 KiB/s: three times the body windows, far above the minimum rate.
  const answer = await keepWriting(
    node.url,
    {
      method: 'PUT',
      path: '/api/v2/vault/files/steady.bin',
      headers: { authorization: `Bearer ${token}` },
      bodyBytes: 6 * 64 * 1024,
      bytesPerSecond: 64 * 1024,
    },
    30_000,
  );
  expect(answer.status).toBe(200);
  expect(JSON.parse(answer.body)).toMatchObject({ name: 'steady.bin', size: 6 * 64 * 1024 });
});

test('hundreds of slow bodies from one address hold at most the per-IP cap of descriptors, briefly', async () => {
  const pid = node.process.pid!;
  const before = openDescriptors(pid);
  const { hostname, port } = new URL(node.url);
  const sockets: net.Socket[] = [];
  try {
    const answers: Promise<string>[] = [];
    for (let i = 0; i < 300; i++) {
      const socket = net.connect(Number(port), hostname);
      sockets.push(socket);
      answers.push(
        new Promise((resolve) => {
          let got = '';
          socket.on('data', (d: Buffer) => (got += d.toString('utf8')));
          socket.on('error', () => undefined);
          socket.on('close', () => resolve(got));
          socket.once('connect', () => {
            socket.write('POST /api/v2/did/signin HTTP/1.1\r\nHost: a\r\nContent-Length: 1000\r\n\r\n');
            const drip = setInterval(
              () => (socket.destroyed ? clearInterval(drip) : socket.write('x')),
              1000,
            );
          });
        }),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // The cap, plus the few refused connections that wait to be told why (10 per address).
    expect(openDescriptors(pid) - before).toBeLessThanOrEqual(PER_IP + 10 + 5);
    const got = await Promise.all(answers);
    // The slow ones were cut with 408; of the refused ones, those that could wait were told 503.
    const statuses = got.map((text) => Number(/^HTTP\/1.1 (\d+)/.exec(text)?.[1] ?? 0));
    expect(statuses.filter((s) => s === 408).length).toBe(PER_IP);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 408 || s === 503 || s === 0)).toBe(true);
    for (const text of got) if (text !== '') expect(text).toMatch(/"internal_code":3000/);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(openDescriptors(pid) - before).toBeLessThanOrEqual(5);
  } finally {
    for (const socket of sockets) socket.destroy();
  }
}, 60_000);

test('keep-alive: an idle connection closes, and one carries at most the set number of requests', async () => {
  const get = 'GET /api/v2/health HTTP/1.1\r\nHost: a\r\n\r\n';
  const answers = await untilClosed(node.url, get + get + get + get);
  // Three answers, the third saying close; the fourth request is never served.
  expect(answers.match(/HTTP\/1.1 200/g)?.length).toBe(3);
  expect(answers.toLowerCase()).toMatch(/connection: close/);
  // One answer, then the connection idles until the node closes it (keep-alive timeout 1 s).
  const started = Date.now();
  expect(await untilClosed(node.url, get)).toMatch(/^HTTP\/1.1 200/);
  const idle = Date.now() - started;
  expect(idle).toBeLessThan(5000);
});

test('a refused connection is told so in the error body', async () => {
  const { hostname, port } = new URL(node.url);
  const held: net.Socket[] = [];
  for (let i = 0; i < PER_IP; i++) {
    const socket = net.connect(Number(port), hostname);
    socket.on('error', () => undefined);
    held.push(socket);
  }
  try {
    await Promise.all(held.map((s) => new Promise((resolve) => s.once('connect', resolve))));
    const refused = await rawRequest(node.url, 'GET /api/v2/health HTTP/1.1\r\nHost: a\r\n\r\n');
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(errorOf(refused.body)).toEqual({
      message: `too many open connections from this address (at most ${PER_IP}); retry later`,
      internal_code: 3000,
    });
  } finally {
    for (const socket of held) socket.destroy();
  }
});
