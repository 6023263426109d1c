/**
 * The SDK's event subscriptions against a node: `vault.events.subscribe` as an async iterable that
 * reconnects by itself when the node ends the stream for a passing reason and resumes from its
 * cursor (nothing lost, nothing twice); `collection.watch(filter)`; `scripts.subscribe` with params,
 * ended by a `CellaStreamEndedError` when the script's condition fails; a 410 as `CURSOR_EXPIRED`
 * with the oldest cursor; an AbortSignal.
 */
import { CellaApiError, CellaStreamEndedError, type Vault } from '@cella/sdk';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { signedInUser } from '../helpers/users.js';
import { startTempNode, type TempNode } from '../helpers/temp-node.js';

let node: TempNode;
let alice: Vault;

beforeAll(async () => {
  node = await startTempNode({ eventsTailMs: 50 });
  alice = await signedInUser(node.url);
});
afterAll(async () => {
  await node?.stop();
});

/** Takes events from an iterable until `count`, in the background. */
function collect<T>(iterable: AsyncIterable<T>, count: number): { got: T[]; done: Promise<T[]> } {
  const got: T[] = [];
  const done = (async () => {
    for await (const event of iterable) {
      got.push(event);
      if (got.length === count) break;
    }
    return got;
  })();
  return { got, done };
}

test('subscribe: typed events, and a stream the node ends is resumed from the cursor, each event once', async () => {
  const items = await alice.db.createCollection('items');
  const subscription = alice.events.subscribe({ collections: ['items'], types: ['document'] });
  const { got, done } = collect(subscription, 20);
  await expect.poll(() => node.ctx.events.openStreams, { timeout: 10_000 }).toBe(1);
  for (let n = 0; n < 10; n++) await items.insert({ n }, { timestamp: false });
  await expect.poll(() => got.length, { timeout: 10_000 }).toBe(10);
  // The node restarts its streams (as when it shuts down): the SDK connects again after a pause.
  node.ctx.events.endStreams();
  for (let n = 10; n < 20; n++) await items.insert({ n }, { timestamp: false });
  const events = await done;
  expect(events.map((e) => e.type === 'document.inserted' && (e.document as { n: number }).n)).toEqual(
    Array.from({ length: 20 }, (_, n) => n),
  );
  expect(subscription.cursor).toBe(String(events[19]!.seq));
});

test('collection.watch(filter): the matching documents’ changes only', async () => {
  const tasks = await alice.db.createCollection('tasks');
  const { done } = collect(tasks.watch({ tag: 'home' }), 2);
  await expect.poll(() => node.ctx.events.openStreams, { timeout: 10_000 }).toBe(1);
  await tasks.insert(
    [
      { tag: 'work', t: 1 },
      { tag: 'home', t: 2 },
    ],
    { timestamp: false },
  );
  await tasks.delete({ t: 2 });
  const events = await done;
  expect(events.map((e) => [e.type, (e.document as { t: number }).t])).toEqual([
    ['document.inserted', 2],
    ['document.deleted', 2],
  ]);
});

test('scripts.subscribe with params ends with CellaStreamEndedError when the condition fails', async () => {
  const bob = await signedInUser(node.url);
  await alice.db.createCollection('members');
  await alice.db.createCollection('posts');
  await alice.db.collection('members').insert({ did: bob.did });
  await alice.scripts.register('posts_by_topic', {
    condition: { type: 'queryHasResults', collection: 'members', filter: { did: '$caller_did' } },
    executable: { type: 'find', collection: 'posts', filter: { topic: '$params.topic' } },
  });
  const seen: unknown[] = [];
  const ended = (async () => {
    for await (const event of bob.scripts.subscribe('posts_by_topic', {
      owner: alice.did,
      params: { topic: 'cats' },
    }))
      seen.push(event.document);
  })();
  await expect.poll(() => node.ctx.events.openStreams, { timeout: 10_000 }).toBeGreaterThan(0);
  await alice.db.collection('posts').insert([{ topic: 'dogs' }, { topic: 'cats', text: 'meow' }], {
    timestamp: false,
  });
  await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(1);
  expect(seen[0]).toMatchObject({ topic: 'cats', text: 'meow' });
  await alice.db.collection('members').delete({ did: bob.did });
  const error = await ended.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CellaStreamEndedError);
  expect((error as CellaStreamEndedError).reason).toBe('condition_failed');
});

test('a cursor past retention rejects with CURSOR_EXPIRED and the oldest cursor; a signal stops a subscription', async () => {
  const short = await startTempNode({ eventsRetentionSeconds: 1 });
  try {
    const carol = await signedInUser(short.url);
    const c = await carol.db.createCollection('c');
    await c.insert({ n: 1 });
    await new Promise((r) => setTimeout(r, 1300));
    await c.insert({ n: 2 });
    const error = await (async () => {
      for await (const _ of carol.events.subscribe({ since: '1' })) break;
    })().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CellaApiError);
    expect((error as CellaApiError).code).toBe('CURSOR_EXPIRED');
    expect((error as CellaApiError).details.oldest_cursor).toBe('2');
    const controller = new AbortController();
    const stopped = (async () => {
      for await (const _ of carol.events.subscribe({ signal: controller.signal })) void _;
    })().then(
      () => 'ended',
      (e: unknown) => (e as Error).name,
    );
    await expect.poll(() => short.ctx.events.openStreams, { timeout: 10_000 }).toBe(1);
    controller.abort();
    expect(await stopped).toBe('AbortError');
    await expect.poll(() => short.ctx.events.openStreams, { timeout: 10_000 }).toBe(0);
  } finally {
    await short.stop();
  }
});
