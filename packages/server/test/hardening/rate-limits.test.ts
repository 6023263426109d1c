/**
 * Hardening probe (issue 18, items 4 and 9 of "measured"): no route is unlimited. Before, 5,000
 * anonymous sign-ins in 7 s were all answered 201 and left 5,002 nonce rows behind. Now sign-in is
 * limited per IP (the default, 30 a minute), every route per caller DID (per IP without a token),
 * each refusal a 429 with Retry-After, and the nonce table stays bounded.
 */
import path from 'node:path';
import { createDocument } from '@cella/did';
import { createSqliteDocumentStore } from '@cella/document-store/sqlite';
import { createDevIdentity } from '@cella/sdk';
import { spawnNode, type SpawnedNode } from '@cella/server/testing';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { signedInUser } from '../helpers/users.js';

/** The default budgets (the test helpers lift the sign-in one for everyone else's tests). */
let node: SpawnedNode;
/** Small general budgets, to see them run out. */
let small: SpawnedNode;

beforeAll(async () => {
  [node, small] = await Promise.all([
    spawnNode({ env: { CELLA_RATE_LIMIT_SIGNIN: '30' } }),
    spawnNode({ env: { CELLA_RATE_LIMIT_USER: '40', CELLA_RATE_LIMIT_ANONYMOUS: '60' } }),
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all([node?.stop(), small?.stop()]);
});

async function nonceRows(): Promise<number> {
  const store = createSqliteDocumentStore({ dir: path.join(node.dataDir, 'db') });
  try {
    return await store.database('cella_node').collection('auth_nonces').count({});
  } finally {
    await store.close();
  }
}

test('a flood of 5,000 anonymous sign-ins gets 429s with Retry-After; the nonce table stays bounded', async () => {
  const document = await createDocument(createDevIdentity('elastos').signer);
  const body = JSON.stringify({ document });
  const statuses = new Map<number, number>();
  const retryAfter = new Set<string | null>();
  const started = Date.now();
  for (let i = 0; i < 5000; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const response = await fetch(`${node.url}/api/v2/did/signin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        const answer = (await response.json()) as { error?: { message: string } };
        if (response.status === 429) {
          retryAfter.add(response.headers.get('retry-after'));
          // The sign-in budget, or past it the general one of callers without a token.
          expect(answer.error?.message).toMatch(
            /too many (sign-in requests|requests without a token) from this address/,
          );
        }
        return response.status;
      }),
    );
    for (const status of batch) statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  const seconds = (Date.now() - started) / 1000;
  // The budget (30, plus what refills during the flood) got through; everything else was 429.
  const allowed = statuses.get(201) ?? 0;
  expect(allowed).toBeGreaterThanOrEqual(30);
  expect(allowed).toBeLessThanOrEqual(30 + Math.ceil(seconds / 2) + 1);
  expect(statuses.get(429)).toBe(5000 - allowed);
  expect([...retryAfter].every((value) => value !== null && Number(value) >= 1)).toBe(true);
  expect(await nonceRows()).toBe(allowed);
}, 120_000);

test('every route is limited per caller DID, and one caller does not spend another one’s budget', async () => {
  const alice = await signedInUser(small.url);
  const bob = await signedInUser(small.url);
  const token = await alice.session.token();
  const statuses: number[] = [];
  let retry: string | null = null;
  for (let i = 0; i < 50; i++) {
    const response = await fetch(`${small.url}/api/v2/node/info`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await response.arrayBuffer();
    statuses.push(response.status);
    if (response.status === 429) retry = response.headers.get('retry-after');
  }
  expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(40);
  expect(statuses.filter((s) => s === 200).length).toBeLessThan(45);
  expect(statuses.at(-1)).toBe(429);
  expect(Number(retry)).toBeGreaterThanOrEqual(1);
  // Bob's budget is his own.
  const bobs = await fetch(`${small.url}/api/v2/node/info`, {
    headers: { authorization: `Bearer ${await bob.session.token()}` },
  });
  expect(bobs.status).toBe(200);
});

test('callers without a token are limited per address, public endpoints included', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 70; i++) {
    const response = await fetch(`${small.url}/api/v2/health`);
    await response.arrayBuffer();
    statuses.push(response.status);
  }
  // The sign-ins above spent part of the same anonymous budget (60 a minute).
  expect(statuses).toContain(429);
  expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(60);
  const refused = await fetch(`${small.url}/api/v2/health`);
  expect(refused.status).toBe(429);
  expect(await refused.json()).toEqual({
    error: { message: expect.stringMatching(/too many requests without a token from this address/) },
  });
});
