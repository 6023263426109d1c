/**
 * Hardening probe (issue 18, item 8): an answer given before the body is read reaches a client
 * that is still writing. Before, a client sending 24 MiB to /did/signin sometimes got EPIPE and no
 * answer, and an over-quota or unauthorised large upload could read as "cannot reach the node".
 * The client here writes its whole body whatever happens, reading as it goes (as browsers do).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawnNode, type SpawnedNode } from '@cella/server/testing';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { signedInUser } from '../helpers/users.js';
import { keepWriting, untilClosed } from './probes.js';

const MiB = 1024 * 1024;
let node: SpawnedNode;
let token: string;

beforeAll(async () => {
  node = await spawnNode();
  // A free plan of 1 MiB, so an upload passes the quota quickly.
  const plansFile = path.join(node.dataDir, 'tiny-plans.json');
  writeFileSync(
    plansFile,
    JSON.stringify({
      version: '1.0',
      pricingPlans: [{ name: 'Tiny', maxStorage: 1, serviceDays: -1, amount: 0, currency: 'ELA' }],
      backupPlans: [{ name: 'Tiny', maxStorage: 1, serviceDays: -1, amount: 0, currency: 'ELA' }],
    }),
  );
  await node.stop();
  node = await spawnNode({ dataDir: node.dataDir, env: { CELLA_PLANS_FILE: plansFile } });
  token = await (await signedInUser(node.url)).session.token();
}, 60_000);
afterAll(async () => {
  await node?.stop();
});

const errorBody = (body: string) =>
  JSON.parse(body) as { error: { message: string; internal_code?: number } };

test('a client still writing 24 MiB to /did/signin reads the 413, every time', async () => {
  for (let i = 0; i < 5; i++) {
    const answer = await keepWriting(node.url, {
      method: 'POST',
      path: '/api/v2/did/signin',
      headers: { 'content-type': 'application/json' },
      bodyBytes: 24 * MiB,
    });
    expect(answer.status).toBe(413);
    expect(errorBody(answer.body).error).toMatchObject({ internal_code: 3000 });
    // The node read the body off the wire (within its drain bound), so nothing was cut.
    expect(answer.sent).toBe(24 * MiB);
  }
});

test('an unauthorised large upload is answered 401, and the client reads it', async () => {
  const answer = await keepWriting(node.url, {
    method: 'PUT',
    path: '/api/v2/vault/files/big.bin',
    bodyBytes: 24 * MiB,
  });
  expect(answer.status).toBe(401);
  expect(errorBody(answer.body).error.message).toMatch(/access token/);
});

test('an over-quota upload is answered 507, declared up front or found mid-stream', async () => {
  const declared = await keepWriting(node.url, {
    method: 'PUT',
    path: '/api/v2/vault/files/declared.bin',
    headers: { authorization: `Bearer ${token}` },
    bodyBytes: 24 * MiB,
  });
  expect(declared.status).toBe(507);
  expect(errorBody(declared.body).error.message).toMatch(/quota/);
  const streamed = await keepWriting(node.url, {
    method: 'PUT',
    path: '/api/v2/vault/files/streamed.bin',
    headers: { authorization: `Bearer ${token}` },
    bodyBytes: 24 * MiB,
    chunked: true,
  });
  expect(streamed.status).toBe(507);
  expect(errorBody(streamed.body).error.message).toMatch(/quota/);
});

test('past the drain bound the node still answers first, then closes', async () => {
  const answer = await keepWriting(node.url, {
    method: 'POST',
    path: '/api/v2/did/signin',
    headers: { 'content-type': 'application/json' },
    bodyBytes: 200 * MiB,
  });
  expect(answer.status).toBe(413);
  // It stopped reading somewhere past 32 MiB: the client could not write it all.
  expect(answer.sent).toBeLessThan(200 * MiB);
  expect(answer.writeError).toBeDefined();
  // The node's log line reaches us through its stdout pipe, possibly after the client's error.
  await expect
    .poll(() => node.output(), { timeout: 5000, interval: 50 })
    .toMatch(/closing the connection after an early answer/);
});

test('many early answers on one keep-alive connection: each read, nothing left behind', async () => {
  // Twelve oversize sign-ins back to back on one connection, each body sent whole: each gets its
  // 413 and the connection goes on. (Each drain once left a listener on the socket: a warning
  // past ten, and a leak on a long connection.)
  const body = ' '.repeat(200 * 1024);
  const one = `POST /api/v2/did/auth HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
  const last = 'GET /api/v2/health HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n';
  const answers = await untilClosed(node.url, one.repeat(12) + last);
  expect(answers.match(/HTTP\/1.1 413/g)?.length).toBe(12);
  expect(answers).toMatch(/HTTP\/1.1 200/);
  expect(node.output()).not.toMatch(/MaxListenersExceededWarning/);
});
