/** Every failure is typed: the node's refusals, unreachable nodes (also the backup target), odd answers. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createKeySigner, generateKeyPair } from '@cella/did';
import { expect, test } from 'vitest';
import { BackupApi, discoverNodeDid } from '../src/backup-api.js';
import { createClient } from '../src/client.js';
import { CellaApiError, CellaNetworkError, CellaSdkError, errorFromResponse } from '../src/errors.js';
import { Http } from '../src/http.js';

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

test('a feature the node does not offer is final (501), an outage is retryable (503)', async () => {
  const body = (message: string, internal_code?: number) =>
    JSON.stringify({ error: { message, ...(internal_code ? { internal_code } : {}) } });
  const notOffered = await errorFromResponse(
    new Response(body('this node takes no payments', 1), { status: 501 }),
  );
  expect(notOffered).toMatchObject({ code: 'FEATURE_NOT_OFFERED', status: 501, retryable: false });
  const outage = await errorFromResponse(
    new Response(body('chain down'), { status: 503, headers: { 'retry-after': '7' } }),
  );
  expect(outage).toMatchObject({ code: 'UNAVAILABLE', retryable: true, retryAfterSeconds: 7 });
  expect(outage).toBeInstanceOf(CellaSdkError);
});

test('an unreachable node or backup target is a CellaNetworkError, never a bare TypeError', async () => {
  const url = `http://127.0.0.1:${await closedPort()}`;
  const signer = createKeySigner(generateKeyPair().privateKey);
  const calls: (() => Promise<unknown>)[] = [
    () => createClient({ url }).node.version(),
    () => discoverNodeDid(url, signer),
    // The vault answers its own info; the backup target is the unreachable one.
    () =>
      new BackupApi(
        new Http({
          url: 'http://vault.invalid',
          fetch: async (input, init) =>
            String(input instanceof Request ? input.url : input).startsWith('http://vault.invalid')
              ? Response.json({ service_did: 'did:elastos:x' })
              : fetch(input, init),
        }),
        signer,
      ).start({ target: { url } }),
  ];
  for (const call of calls) {
    const error = await call().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CellaNetworkError);
    expect((error as Error).message).toContain(`cannot reach the node at ${url}`);
    expect(error).toMatchObject({ retryable: true });
  }
});

test('an answer that is not JSON is a CellaApiError, not a crash', async () => {
  const http = new Http({
    url: 'http://node.invalid',
    fetch: async () => new Response('<html>', { status: 200 }),
  });
  await expect(http.json('/api/v2/x')).rejects.toBeInstanceOf(CellaApiError);
});
