/**
 * Hardening probe (issue 27, item 1): a route that needs a user reads nothing of a request's body
 * before the caller is known, and a request without a valid token is counted in the anonymous
 * budget of its address. Before, with `CELLA_RATE_LIMIT_ANONYMOUS=5`, 20 tokenless inserts,
 * 10 tokenless uploads and 10 inserts with a garbage token all got 401 and never 429; a 15 MiB
 * JSON body without a token was read and parsed before the 401 (0.15–0.19 s against
 * 0.002–0.006 s for a small one); a malformed body without a token got 400 instead of 401.
 *
 * Each test calls from its own loopback address (127.0.0.N), so each has its own anonymous budget.
 */
import { spawnNode, type SpawnedNode } from '@cella/server/testing';
import { Agent, fetch } from 'undici';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { signedInUser } from '../helpers/users.js';
import { keepWriting, untilClosed } from './probes.js';

const MiB = 1024 * 1024;
const BUDGET = 5;
let node: SpawnedNode;
const agents: Agent[] = [];

beforeAll(async () => {
  node = await spawnNode({ env: { CELLA_RATE_LIMIT_ANONYMOUS: String(BUDGET) } });
}, 60_000);
afterAll(async () => {
  await Promise.all(agents.map((agent) => agent.close()));
  await node?.stop();
});

interface Init {
  method: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** fetch from a loopback address of this test's own. */
function from(localAddress: string) {
  const dispatcher = new Agent({ localAddress });
  agents.push(dispatcher);
  return async (path: string, init: Init) => {
    const response = await fetch(`${node.url}${path}`, { ...init, dispatcher });
    const text = await response.text();
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      error: text ? (JSON.parse(text) as { error: { message: string } }).error : undefined,
    };
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

test('a 15 MiB insert without a token is answered 401 without the node reading its body', async () => {
  const request = {
    method: 'POST',
    path: '/api/v2/vault/db/notes',
    headers: { 'content-type': 'application/json' },
  };
  // What a tiny tokenless insert takes, from the same kind of client (budget: 3 of 5).
  const tiny: number[] = [];
  for (let i = 0; i < 3; i++) {
    const answer = await keepWriting(node.url, { ...request, bodyBytes: 16, localAddress: '127.0.0.11' });
    expect(answer.status).toBe(401);
    tiny.push(answer.answeredMs);
  }
  const big = await keepWriting(node.url, { ...request, bodyBytes: 15 * MiB, localAddress: '127.0.0.12' });
  expect(big.status).toBe(401);
  expect(JSON.parse(big.body)).toEqual({
    error: { message: expect.stringMatching(/needs an access token/) },
  });
  // Answered while the client was still writing, and the node stopped taking bytes: the client
  // could not hand it the whole body (it had all 15 MiB read and parsed before).
  expect(big.sentAtAnswer).toBeLessThan(15 * MiB);
  expect(big.sent).toBeLessThan(15 * MiB);
  // The node itself says how much of that connection it read: the head and at most a buffer.
  await expect
    .poll(() => /"bytesRead":(\d+)[^\n]*without reading the body/.exec(node.output())?.[1], { timeout: 5000 })
    .toBeDefined();
  const read = Number(/"bytesRead":(\d+)[^\n]*without reading the body/.exec(node.output())![1]);
  expect(read).toBeLessThan(1 * MiB);
  // A generous bound, not a timing assertion: as quick as a tiny request, give or take the load.
  expect(big.answeredMs).toBeLessThan(Math.max(1000, 20 * median(tiny)));
}, 60_000);

test('small refused bodies are read off: the connection goes on to the next request', async () => {
  // From an address of its own (the budget is 5); the last request asks to close.
  const body = '{"document":[{"a":1}]}';
  const one = `POST /api/v2/vault/db/notes HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
  const last = 'GET /api/v2/node/version HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n';
  const answers = await untilClosed(node.url, one.repeat(3) + last, '127.0.0.13');
  expect(answers.match(/HTTP\/1.1 401/g)?.length).toBe(3);
  expect(answers).toMatch(/HTTP\/1.1 200/);
});

test('inserts, uploads and garbage tokens are counted in the anonymous budget of the address', async () => {
  const cases: { address: string; n: number; init: Init; path: string }[] = [
    {
      address: '127.0.0.21',
      n: 20,
      init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"document":[{}]}' },
      path: '/api/v2/vault/db/notes',
    },
    {
      address: '127.0.0.22',
      n: 10,
      init: {
        method: 'PUT',
        headers: { 'content-type': 'application/octet-stream' },
        body: Buffer.alloc(1000),
      },
      path: '/api/v2/vault/files/a.bin',
    },
    {
      address: '127.0.0.23',
      n: 10,
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer not-a-token' },
        body: '{"document":[{}]}',
      },
      path: '/api/v2/vault/db/notes',
    },
    {
      // The Hive dialect's upload, with a token that is no JWT at all.
      address: '127.0.0.24',
      n: 10,
      init: { method: 'PUT', headers: { authorization: 'token x.y.z' }, body: Buffer.alloc(1000) },
      path: '/api/v2/vault/files/b.bin',
    },
  ];
  for (const { address, n, init, path } of cases) {
    const call = from(address);
    const answers = [];
    for (let i = 0; i < n; i++) answers.push(await call(path, init));
    const refused = answers.filter((a) => a.status === 401);
    const limited = answers.filter((a) => a.status === 429);
    // The budget (one more may refill while the test runs: 5 a minute), then 429s.
    expect(refused.length, `${init.method} ${path} from ${address}`).toBeGreaterThanOrEqual(BUDGET);
    expect(refused.length).toBeLessThanOrEqual(BUDGET + 1);
    expect(limited.length).toBe(n - refused.length);
    expect(answers.at(-1)!.status).toBe(429);
    for (const answer of limited) {
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(answer.error?.message).toMatch(/too many requests without a token from this address/);
    }
  }
}, 60_000);

test('401 comes before 400 and 413: a malformed or oversized body without a valid token', async () => {
  const call = from('127.0.0.31');
  const json = { 'content-type': 'application/json' };
  const malformed = await call('/api/v2/vault/db/notes', {
    method: 'POST',
    headers: json,
    body: '{"document": [',
  });
  expect(malformed.status).toBe(401);
  const garbage = await call('/api/v2/vault/db/notes', {
    method: 'POST',
    headers: { ...json, authorization: 'Bearer garbage' },
    body: '{not json',
  });
  expect(garbage.status).toBe(401);
  // The two dialects' DELETE on one route, where the body picks the entry: still no body read.
  const bodyPicked = await call('/api/v2/vault/db/notes', { method: 'DELETE', headers: json, body: '[[[' });
  expect(bodyPicked.status).toBe(401);
  // Past the entry's body limit (declared): the caller is refused first.
  const oversized = await call('/api/v2/vault/db/notes', {
    method: 'PUT',
    headers: json,
    body: Buffer.alloc(5 * MiB, 0x20),
  });
  expect(oversized.status).toBe(401);
  // A script run (a token is optional there, but a token that is sent must be valid).
  const run = await call('/api/v2/vault/scripting/s/run', {
    method: 'POST',
    headers: { ...json, authorization: 'Bearer garbage' },
    body: '{',
  });
  expect(run.status).toBe(401);
}, 60_000);

test('a signed-in caller on an address whose anonymous budget is spent is served, and still gets its 400', async () => {
  const user = await signedInUser(node.url);
  const token = await user.session.token();
  await user.db.createCollection('notes');
  const call = from('127.0.0.41');
  for (let i = 0; i < BUDGET + 2; i++)
    await call('/api/v2/vault/db/notes', { method: 'POST', headers: {}, body: '{}' });
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const malformed = await call('/api/v2/vault/db/notes', { method: 'POST', headers, body: '{"document": [' });
  expect(malformed.status).toBe(400);
  const inserted = await call('/api/v2/vault/db/notes', {
    method: 'POST',
    headers,
    body: '{"document":[{"a":1}]}',
  });
  expect(inserted.status).toBe(201);
}, 60_000);
