/**
 * The change feed across real node processes: a node killed with SIGKILL after it acknowledged
 * writes whose events it never delivered (the client had stopped reading) delivers exactly those
 * after it restarts, from the client's cursor; an SDK subscription open through the kill
 * reconnects by itself and misses nothing; and two processes on one FerretDB serve one feed —
 * what process A commits reaches a stream held by process B (tailing the log by sequence), and a
 * client resumes on either with its cursor.
 */
import { connect, createDevIdentity, type Vault } from '@cella/sdk';
import { mongoTargetAvailable } from '@cella/document-store/testing';
import { afterAll, describe, expect, test } from 'vitest';
import { spawnNode, startScaleOut, type ScaleOut, type SpawnedNode } from '../../src/testing/index.js';
import { openStream, type OpenStream } from './sse-client.js';

const numbers = (stream: OpenStream) =>
  stream.events().map((e) => ({ seq: Number(e.id), n: (e.data.document as { n: number }).n }));

async function insertEach(vault: Vault, from: number, to: number): Promise<void> {
  const c = vault.db.collection('log');
  for (let n = from; n < to; n++) await c.insert({ n }, { timestamp: false });
}

describe('a node killed between commit and delivery', () => {
  let node: SpawnedNode | undefined;
  afterAll(async () => {
    await node?.stop();
  });

  test('after a restart, the stream resumes from its cursor with every acknowledged write, once', async () => {
    node = await spawnNode({ env: { CELLA_EVENTS_TAIL_MS: '50' }, timeoutMs: 60_000 });
    const { signer } = createDevIdentity();
    const alice = await connect({ url: node.url, signer });
    await alice.db.createCollection('log');
    const stream = await openStream(`${node.url}/api/v2/vault/events?collections=log&types=document`, {
      token: await alice.session.token(),
    });
    await insertEach(alice, 0, 10);
    await stream.waitFor(10);
    stream.close();
    const cursor = stream.lastId()!;
    // Acknowledged, never delivered: nobody is listening when the node dies.
    await insertEach(alice, 10, 25);
    // And one more in flight at the kill: it may or may not have committed.
    const inFlight = alice.db
      .collection('log')
      .insert({ n: 25 }, { timestamp: false })
      .then(
        () => true,
        () => false,
      );
    await node.kill();
    const landed = await inFlight;
    const port = Number(new URL(node.url).port);
    node = await spawnNode({
      dataDir: node.dataDir,
      port,
      env: { CELLA_EVENTS_TAIL_MS: '50' },
      timeoutMs: 60_000,
    });
    const again = await connect({ url: node.url, signer });
    const resumed = await openStream(
      `${node.url}/api/v2/vault/events?collections=log&types=document&since=${cursor}`,
      { token: await again.session.token() },
    );
    const stored = await again.db.collection('log').count();
    await resumed.waitFor(stored - 10);
    const after = numbers(resumed);
    // Exactly the writes after the cursor, each once, in order; the one in flight only if stored.
    expect(after.map((e) => e.n)).toEqual(Array.from({ length: stored - 10 }, (_, i) => 10 + i));
    expect(stored === 26 || (stored === 25 && !landed)).toBe(true);
    expect(after[0]!.seq).toBe(Number(cursor) + 1);
    for (let i = 1; i < after.length; i++) expect(after[i]!.seq).toBe(after[i - 1]!.seq + 1);
    resumed.close();
  }, 180_000);

  test('an SDK subscription held through the kill reconnects to the restarted node and gets every acknowledged write once', async () => {
    await node?.stop();
    node = await spawnNode({ env: { CELLA_EVENTS_TAIL_MS: '50' }, timeoutMs: 60_000 });
    const { signer } = createDevIdentity();
    const alice = await connect({ url: node.url, signer });
    await alice.db.createCollection('log');
    const seen: number[] = [];
    const controller = new AbortController();
    const subscription = alice.events.subscribe({
      collections: ['log'],
      types: ['document.inserted'],
      signal: controller.signal,
    });
    const reading = (async () => {
      for await (const event of subscription)
        if (event.type === 'document.inserted') seen.push((event.document as { n: number }).n);
    })().catch((error: unknown) => error);
    await expect.poll(() => subscription.cursor, { timeout: 10_000 }).toBeDefined();
    await insertEach(alice, 0, 10);
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(10);
    // Killed with the subscription open; then writes the client could not have received.
    await node.kill();
    const port = Number(new URL(node.url).port);
    node = await spawnNode({
      dataDir: node.dataDir,
      port,
      env: { CELLA_EVENTS_TAIL_MS: '50' },
      timeoutMs: 60_000,
    });
    await insertEach(alice, 10, 20);
    await expect.poll(() => seen.length, { timeout: 60_000, interval: 200 }).toBe(20);
    expect(seen).toEqual(Array.from({ length: 20 }, (_, n) => n));
    controller.abort();
    expect(((await reading) as Error).name).toBe('AbortError');
  }, 180_000);
});

describe.runIf(mongoTargetAvailable())('two node processes on one FerretDB', () => {
  let cluster: ScaleOut | undefined;
  afterAll(async () => {
    await cluster?.stop();
  });

  test('what A commits reaches a stream on B; a client resumes on either with its cursor', async () => {
    cluster = await startScaleOut({ processes: 2, env: { CELLA_EVENTS_TAIL_MS: '100' } });
    const [a, b] = cluster.nodes as [SpawnedNode, SpawnedNode];
    const { signer } = createDevIdentity();
    const onA = await connect({ url: a.url, signer });
    const onB = await connect({ url: b.url, signer });
    await onA.db.createCollection('log');
    const token = await onB.session.token();
    const url = (base: string, since?: string) =>
      `${base}/api/v2/vault/events?collections=log&types=document${since ? `&since=${since}` : ''}`;
    const streamOnB = await openStream(url(b.url), { token });
    // Writes through both processes, some at the same time.
    await insertEach(onA, 0, 10);
    await Promise.all([insertEach(onA, 10, 15), insertEach(onB, 15, 20)]);
    const got = await streamOnB.waitFor(20, 60_000);
    const seqs = got.map((e) => Number(e.id));
    expect(new Set(got.map((e) => (e.data.document as { n: number }).n))).toEqual(
      new Set(Array.from({ length: 20 }, (_, i) => i)),
    );
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    expect(new Set(seqs).size).toBe(20);
    streamOnB.close();
    // Written while nobody listens; the client comes back to the other process.
    await insertEach(onB, 20, 25);
    const onA2 = await openStream(url(a.url, got[9]!.id), { token: await onA.session.token() });
    const rest = await onA2.waitFor(15, 60_000);
    expect(rest.map((e) => Number(e.id))).toEqual([
      ...seqs.slice(10),
      ...rest.slice(10).map((e) => Number(e.id)),
    ]);
    expect(rest.slice(10).map((e) => (e.data.document as { n: number }).n)).toEqual([20, 21, 22, 23, 24]);
    onA2.close();
  }, 300_000);
});
