/**
 * The SDK's retry against a real node's rate limit: a signed-in user past the node's per-user
 * budget (`rateLimitUserPerMinute`) gets 429 with Retry-After; the SDK waits that long and sends
 * again, so the app's calls all succeed without a retry loop. `retry: false` hands the 429 to the
 * app (typed, retryable, with the wait), and a Retry-After longer than `maxDelayMs` is not waited.
 */
import { CellaApiError, connect, createDevIdentity } from '@cella/sdk';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTempNode, type TempNode } from '../helpers/temp-node.js';

/** Requests per minute per user: the bucket refills one request a second (Retry-After: 1). */
const PER_MINUTE = 60;

let node: TempNode;
const statuses: number[] = [];
const counting: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  statuses.push(response.status);
  return response;
};

beforeAll(async () => {
  node = await startTempNode({ rateLimitUserPerMinute: PER_MINUTE });
});
afterAll(async () => node?.stop());

test('past the rate limit every call still succeeds: the SDK waits Retry-After and resends; off, the 429 is the app’s', async () => {
  const { signer } = createDevIdentity();
  const vault = await connect({ url: node.url, signer, fetch: counting });
  const notes = await vault.db.createCollection('notes', { ifNotExists: true });
  // A burst beyond the user's budget: the node refuses the last few, the SDK waits and resends.
  const counts = [];
  for (let i = 0; i < PER_MINUTE + 3; i++) counts.push(await notes.count());
  expect(counts.every((count) => count === 0)).toBe(true);
  expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(1);
  expect(statuses.filter((status) => status >= 400 && status !== 429)).toEqual([]);

  // Retries off: the same user's next refused call is the app's, typed and saying when to retry.
  const noRetry = await connect({ url: node.url, signer, retry: false });
  const drained = noRetry.db.collection('notes');
  let refused: unknown;
  for (let i = 0; i <= PER_MINUTE && !refused; i++)
    await drained.count().catch((e: unknown) => (refused = e));
  expect(refused).toBeInstanceOf(CellaApiError);
  expect(refused).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryable: true });
  expect((refused as CellaApiError).retryAfterSeconds).toBeGreaterThanOrEqual(1);

  // Bounded: a wait longer than maxDelayMs is not made; the refused request is not resent.
  const refusals: number[] = [];
  const impatient = await connect({
    url: node.url,
    signer,
    retry: { maxDelayMs: 100 },
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      if (response.status === 429) refusals.push(response.status);
      return response;
    },
  });
  let thrown: unknown;
  for (let i = 0; i <= PER_MINUTE && !thrown; i++)
    await impatient.db
      .collection('notes')
      .count()
      .catch((e: unknown) => (thrown = e));
  expect(thrown).toMatchObject({ status: 429 });
  expect(refusals).toEqual([429]);
});
