/**
 * Sign-in state that anonymous callers create is bounded (issue 18, item 4): expired challenges'
 * nonces and the documents of sign-ins never completed are swept on a timer, and at most
 * `maxPendingChallenges` challenges may be outstanding (then 429 with Retry-After). A node in
 * this process with a movable clock, sign-ins over HTTP.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDocument, type DIDDocument } from '@cella/did';
import { connect, createDevIdentity } from '@cella/sdk';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadConfig, startNode, type CellaNode } from '../../src/index.js';

const CAP = 2000;
let now = Date.now();
let node: CellaNode;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'cella-node-'));
  node = await startNode(
    loadConfig(
      {},
      // The per-IP sign-in rate limit is off: this test floods on purpose to reach the challenge cap.
      {
        port: 0,
        dataDir,
        logLevel: 'silent',
        challengeTtlSeconds: 1,
        maxPendingChallenges: CAP,
        rateLimitSignInPerMinute: 0,
      },
    ),
    { clock: () => now },
  );
});
afterAll(async () => {
  await node?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const rows = (collection: string): Promise<number> => node.ctx.nodeDb.collection(collection).count({});

async function signIn(document: DIDDocument): Promise<Response> {
  return fetch(`${node.url}/api/v2/did/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ document }),
  });
}

/** `count` sign-ins spread over `documents`, a few at a time; answers their statuses. */
async function signIns(documents: DIDDocument[], count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 16) {
    const batch = Array.from({ length: Math.min(16, count - i) }, (_, j) =>
      signIn(documents[(i + j) % documents.length]!).then(async (r) => {
        await r.arrayBuffer();
        return r.status;
      }),
    );
    statuses.push(...(await Promise.all(batch)));
  }
  return statuses;
}

test('thousands of unfinished sign-ins: capped while live, swept once expired; completed ones stay', async () => {
  // Five users complete their sign-in: their documents are kept.
  for (let i = 0; i < 5; i++) await connect({ url: node.url, signer: createDevIdentity('elastos').signer });
  expect(await rows('auth_nonces')).toBe(0);
  expect(await rows('auth_documents')).toBe(5);

  // Anonymous sign-ins from 200 DIDs, never completed, up to the cap.
  const documents = await Promise.all(
    Array.from({ length: 200 }, () => createDocument(createDevIdentity('elastos').signer)),
  );
  expect(new Set(await signIns(documents, CAP))).toEqual(new Set([201]));
  expect(await rows('auth_nonces')).toBe(CAP);
  expect(await rows('auth_documents')).toBe(205);

  // Past the cap: 429 with Retry-After and the standard error body; nothing stored.
  const refused = await signIn(documents[0]!);
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
    /too many sign-ins are pending/,
  );
  expect(await rows('auth_nonces')).toBe(CAP);

  // The challenges expire: a new sign-in is accepted (the expired ones make room), and the timer's
  // sweep leaves only the live ones and the completed users' documents.
  now += 5000;
  expect(await signIns(documents.slice(0, 10), 10)).toEqual(Array(10).fill(201));
  await expect.poll(() => rows('auth_nonces'), { timeout: 10_000, interval: 100 }).toBe(10);
  await expect.poll(() => rows('auth_documents'), { timeout: 10_000, interval: 100 }).toBe(15);
  now += 5000;
  await expect.poll(() => rows('auth_nonces'), { timeout: 10_000, interval: 100 }).toBe(0);
  await expect.poll(() => rows('auth_documents'), { timeout: 10_000, interval: 100 }).toBe(5);

  // The completed users sign in again without trouble.
  await connect({ url: node.url, signer: createDevIdentity('key').signer });
}, 120_000);
