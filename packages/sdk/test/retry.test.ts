/**
 * Retries of refused requests against a real HTTP server on loopback (node:http) that answers 429
 * or 503 a given number of times: waits honour Retry-After, tries are bounded, `retry: false` turns
 * it off, a wait longer than allowed is not made, and a body that cannot be sent again is not.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { createClient } from '../src/client.js';
import { CellaApiError } from '../src/errors.js';
import { Http } from '../src/http.js';
import { RetryPolicy } from '../src/retry.js';

let server: Server;
let url: string;
/** The refusals still to give, each `[status, retry-after header or null]`. */
let refusals: [number, string | null][] = [];
/** When each request arrived (ms, performance.now()). */
let arrivals: number[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    arrivals.push(performance.now());
    req.resume();
    const refusal = refusals.shift();
    if (refusal) {
      const [status, retryAfter] = refusal;
      res
        .writeHead(status, {
          'content-type': 'application/json',
          ...(retryAfter ? { 'retry-after': retryAfter } : {}),
        })
        .end(JSON.stringify({ error: { message: 'slow down' } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ version: '2.9.9' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  refusals = [];
  arrivals = [];
});

test('429 and 503 are sent again after the Retry-After wait, then the answer is returned', async () => {
  refusals = [
    [429, '1'],
    [503, '0'],
  ];
  const answer = await createClient({ url }).node.version();
  expect(answer).toEqual({ version: '2.9.9' });
  expect(arrivals).toHaveLength(3);
  // The first wait is the second Retry-After asked for (a lower bound; timing on a shared machine).
  expect(arrivals[1]! - arrivals[0]!).toBeGreaterThanOrEqual(950);
});

test('without Retry-After the waits grow from minDelayMs; after `retries` tries the error is thrown', async () => {
  refusals = [
    [503, null],
    [503, null],
    [503, null],
  ];
  const client = createClient({ url, retry: { retries: 2, minDelayMs: 20 } });
  const error = await client.node.version().catch((e: unknown) => e);
  expect(error).toBeInstanceOf(CellaApiError);
  expect(error).toMatchObject({ status: 503, retryable: true });
  expect(arrivals).toHaveLength(3);
});

test('`retry: false` sends once; a Retry-After beyond maxDelayMs is not waited for', async () => {
  refusals = [[429, '1']];
  await expect(createClient({ url, retry: false }).node.version()).rejects.toMatchObject({
    status: 429,
    retryAfterSeconds: 1,
  });
  expect(arrivals).toHaveLength(1);

  refusals = [[429, '120']];
  const started = performance.now();
  await expect(createClient({ url }).node.version()).rejects.toMatchObject({ retryAfterSeconds: 120 });
  expect(arrivals).toHaveLength(2);
  expect(performance.now() - started).toBeLessThan(10_000); // answered rather than after 120 s
});

test('a raw request whose body cannot be made again is not resent; an abort ends the wait', async () => {
  refusals = [[503, '0']];
  const http = new Http({ url });
  await expect(http.raw('/stream', { method: 'POST', body: 'x', retryable: false })).rejects.toMatchObject({
    status: 503,
  });
  expect(arrivals).toHaveLength(1);

  refusals = [[503, '5']];
  arrivals = [];
  const controller = new AbortController();
  const call = http.raw('/again', { method: 'POST', body: 'x', signal: controller.signal });
  setTimeout(() => controller.abort(), 100);
  await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  expect(arrivals).toHaveLength(1);
});

test('the policy: bounded tries, Retry-After first, backoff with jitter below maxDelayMs', () => {
  const policy = new RetryPolicy({ retries: 3, minDelayMs: 100, maxDelayMs: 1000 });
  expect(policy.delay(0, 0.5)).toBe(500);
  expect(policy.delay(0, 2)).toBeUndefined();
  expect(policy.delay(3, undefined)).toBeUndefined();
  for (let retry = 0; retry < 3; retry++) {
    const wait = policy.delay(retry, undefined)!;
    const cap = Math.min(1000, 100 * 2 ** retry);
    expect(wait).toBeGreaterThanOrEqual(cap / 2);
    expect(wait).toBeLessThanOrEqual(cap);
  }
  expect(new RetryPolicy(false).delay(0, 0)).toBeUndefined();
  expect(() => new RetryPolicy({ retries: -1 })).toThrow(RangeError);
});
