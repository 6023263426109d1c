/** The node as a user runs it: a child process, reached over HTTP through @cella/sdk. */
import { CellaApiError, createClient } from '@cella/sdk';
import { spawnNode, type SpawnedNode } from '@cella/server/testing';
import { afterAll, beforeAll, expect, test } from 'vitest';

let node: SpawnedNode;
beforeAll(async () => {
  node = await spawnNode();
});
afterAll(async () => {
  await node?.stop();
});

test('the SDK reaches a node started as a child process', async () => {
  const client = createClient({ url: node.url });
  const version = await client.node.version();
  expect(version).toMatchObject({ major: expect.any(Number), version: expect.any(String) });
  expect(await client.node.health()).toMatchObject({ status: 'ok' });
});

test('the SDK turns error bodies into typed errors', async () => {
  const client = createClient({ url: node.url });
  const error = await client.node.info().catch((e: unknown) => e);
  expect(error).toBeInstanceOf(CellaApiError);
  expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
});

test('SIGTERM shuts the node down gracefully', async () => {
  const extra = await spawnNode();
  expect(await extra.stop()).toBe(0);
  expect(extra.output()).toContain('shutting down');
});

test('a bad setting stops the node with one clear line and exit code 2', async () => {
  const bad: Record<string, string>[] = [
    { CELLA_PORT: 'eighty' },
    { CELLA_PLANS_FILE: '/nonexistent/plans.json' },
  ];
  for (const env of bad) {
    const error = await spawnNode({ env, timeoutMs: 20_000 }).catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/exited with 2/);
    expect((error as Error).message).not.toMatch(/\n\s+at /);
  }
});
