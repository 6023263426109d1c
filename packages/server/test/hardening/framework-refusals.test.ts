/**
 * Hardening probes (issue 18, items 6 and 7): query strings as long as the contract allows are
 * accepted (before, past about 16 KiB the node answered 431 with a body outside the error schema,
 * though the contract allowed 64 KiB filters); every refusal made before a route runs uses the
 * standard error body; invalid UTF-8 in a JSON body is a 400 (before, it was stored as U+FFFD).
 */
import { MAX_REQUEST_HEAD_BYTES } from '@cella/openapi';
import type { Vault } from '@cella/sdk';
import { spawnNode, type SpawnedNode } from '@cella/server/testing';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { rawCall, signedInUser } from '../helpers/users.js';
import { keepWriting, rawRequest } from './probes.js';

let node: SpawnedNode;
let alice: Vault;
let token: string;

beforeAll(async () => {
  node = await spawnNode();
  alice = await signedInUser(node.url);
  token = await alice.session.token();
  await alice.db.createCollection('probe');
  await alice.db.collection('probe').insert({ t: 'x' });
}, 60_000);
afterAll(async () => {
  await node?.stop();
});

/** A JSON object text of exactly `codePoints` code points, each of which encodes to 12 bytes. */
function widest(codePoints: number, wrap: (inner: string) => string): string {
  const frame = [...wrap('')].length;
  return wrap('😀'.repeat(codePoints - frame));
}

test('find with filter, sort and projection all at the contract limits is answered (not 431)', async () => {
  const document = (await fetch(`${node.url}/api/v2/openapi.json`).then((r) => r.json())) as {
    paths: Record<string, { get: { parameters: { name: string; schema: { maxLength?: number } }[] } }>;
  };
  const limits = Object.fromEntries(
    document.paths['/api/v2/vault/db/{collection}']!.get.parameters.map((p) => [p.name, p.schema.maxLength]),
  );
  const filter = widest(limits.filter!, (inner) => `{"t":{"$nin":["${inner}"]}}`);
  const sort = widest(limits.sort!, (inner) => `{"${inner}":1}`);
  const projection = widest(limits.projection!, (inner) => `{"${inner}":0}`);
  const query = `filter=${encodeURIComponent(filter)}&sort=${encodeURIComponent(sort)}&projection=${encodeURIComponent(projection)}`;
  // The widest encoding there is: 12 bytes per code point (the JSON punctuation around takes less).
  expect(query.length).toBeGreaterThan(12 * (limits.filter! + limits.sort! + limits.projection!) - 500);
  expect(query.length).toBeLessThan(MAX_REQUEST_HEAD_BYTES - 8 * 1024);
  const answer = await rawCall(alice, 'GET', `/api/v2/vault/db/probe?${query}`);
  expect(answer.status).toBe(200);
  expect(answer.body.items).toEqual([
    { _id: expect.anything(), t: 'x', created: expect.any(Number), modified: expect.any(Number) },
  ]);
  // One code point more is the contract's 400, not a transport error.
  const over = widest(limits.filter! + 1, (inner) => `{"t":"${inner}"}`);
  const refused = await rawCall(alice, 'GET', `/api/v2/vault/db/probe?filter=${encodeURIComponent(over)}`);
  expect(refused.status).toBe(400);
  expect(refused.body.error.message).toMatch(/filter: must be at most 16384 characters/);
});

test('refusals before any route runs come in the standard error body', async () => {
  const head = (line: string, headers = '') => `${line}\r\nHost: a\r\n${headers}\r\n`;
  const cases: [string, number, number | undefined][] = [];
  const record = async (name: string, answer: Promise<{ status: number; body: string }>) => {
    const { status, body } = await answer;
    const parsed = JSON.parse(body) as { error: { message: string; internal_code?: number } };
    expect(Object.keys(parsed)).toEqual(['error']);
    expect(typeof parsed.error.message).toBe('string');
    cases.push([name, status, parsed.error.internal_code]);
  };
  const big = 'a'.repeat(MAX_REQUEST_HEAD_BYTES);
  await record(
    'head too large',
    rawRequest(node.url, head('GET /api/v2/health HTTP/1.1', `X-Big: ${big}\r\n`)),
  );
  await record('request line too long', rawRequest(node.url, head(`GET /api/v2/health?x=${big} HTTP/1.1`)));
  await record('malformed', rawRequest(node.url, head('GET /api/v2/health HTTP/1.1', 'Bad Header\r\n')));
  await record('malformed URL', rawRequest(node.url, head('GET /api/v2/vault/db/%FF HTTP/1.1')));
  await record('no route', rawRequest(node.url, head('GET /api/v2/nowhere HTTP/1.1')));
  await record('wrong method', rawRequest(node.url, head('PATCH /api/v2/health HTTP/1.1')));
  await record('unknown query parameter', rawRequest(node.url, head('GET /api/v2/health?x=1 HTTP/1.1')));
  await record(
    'body too large',
    keepWriting(node.url, { method: 'POST', path: '/api/v2/did/auth', bodyBytes: 1024 * 1024 }),
  );
  expect(cases).toEqual([
    ['head too large', 431, 3000],
    ['request line too long', expect.toSatisfy((s: number) => s === 414 || s === 431), 3000],
    ['malformed', 400, 1],
    ['malformed URL', 400, 1],
    ['no route', 404, 3000],
    ['wrong method', 405, 3000],
    ['unknown query parameter', 400, 1],
    ['body too large', 413, 3000],
  ]);
});

test('invalid UTF-8 in a JSON body is a 400, and nothing is stored', async () => {
  const body = Buffer.concat([
    Buffer.from('{"document":{"t":"'),
    Buffer.from([0xff, 0xfe, 0xc3]),
    Buffer.from('"}}'),
  ]);
  const response = await fetch(`${node.url}/api/v2/vault/db/probe`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body,
  });
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual({
    error: { message: 'the request body is not valid UTF-8', internal_code: 1 },
  });
  expect(await alice.db.collection('probe').count({})).toBe(1);
});
