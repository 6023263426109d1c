/**
 * Hardening probe (issue 18, item 5): a backup credential names the URL the node will call, so a
 * user could point the node at its loopback services, its private network or a cloud metadata
 * service. Real processes over loopback: a primary without an allow-list refuses every such target
 * (IP literals, a host name resolving to loopback, a redirect to loopback) with a clear message in
 * the backup state, and the target server sees not even a connection; a primary whose operator
 * allow-lists the name backs up to a real backup node there.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Signer } from '@cella/did';
import { issueBackupCredential, type Vault } from '@cella/sdk';
import { spawnNode, type SpawnedNode } from '@cella/server/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newUser, settled } from '../backup/helpers.js';

/** A server that records every connection and request it receives. */
async function listening(handler: Parameters<typeof createServer>[1]): Promise<{
  server: Server;
  port: number;
  connections: number;
  requests: string[];
}> {
  const record = { connections: 0, requests: [] as string[] };
  const server = createServer((req, res) => {
    record.requests.push(`${req.method} ${req.url}`);
    handler?.(req, res);
  });
  server.on('connection', () => record.connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(record, { server, port });
}

let primary: SpawnedNode;
let allowing: SpawnedNode;
let backupNode: SpawnedNode;
let trap: Awaited<ReturnType<typeof listening>>;
let redirector: Awaited<ReturnType<typeof listening>>;

beforeAll(async () => {
  trap = await listening((_req, res) => {
    res.writeHead(400, { 'content-type': 'application/json' });
    res.end('{"error":{"message":"secret internal answer"}}');
  });
  redirector = await listening((_req, res) => {
    res.writeHead(307, { location: `http://127.0.0.1:${trap.port}/api/v2/did/signin` });
    res.end();
  });
  [primary, allowing, backupNode] = await Promise.all([
    spawnNode(),
    spawnNode({ env: { CELLA_OUTBOUND_ALLOW: 'localhost' } }),
    spawnNode({ app: 'backup-node' }),
  ]);
}, 60_000);

afterAll(async () => {
  await Promise.all([primary, allowing, backupNode].map((node) => node?.stop()));
  for (const s of [trap, redirector]) s?.server.close();
});

async function userOn(url: string): Promise<{ signer: Signer; vault: Vault; nodeDid: string }> {
  const user = newUser();
  const vault = await user.on(url);
  await vault.subscription.subscribe();
  await vault.db.createCollection('notes');
  await vault.db.collection('notes').insert({ hello: 'world' });
  return { signer: user.signer, vault, nodeDid: (await vault.node.info()).service_did };
}

/** Starts a backup to `targetUrl` and returns its final state. */
async function backupTo(nodeUrl: string, targetUrl: string, targetNodeDid = 'did:key:zDnaeUnknownTarget') {
  const { signer, vault, nodeDid } = await userOn(nodeUrl);
  const credential = await issueBackupCredential(signer, {
    sourceNodeDid: nodeDid,
    targetNodeDid,
    targetUrl,
  });
  const started = await vault.backup.start({ credential });
  expect(started.result).toBe('running');
  return settled(vault, 30_000);
}

describe('by default the node refuses to call non-public addresses for a user', () => {
  test.each([
    ['loopback', () => `http://127.0.0.1:${trap.port}`, /127\.0\.0\.1 is loopback/],
    ['private', () => 'http://10.0.0.1', /10\.0\.0\.1 is private/],
    ['cloud metadata', () => 'http://169.254.169.254', /169\.254\.169\.254 is a cloud metadata address/],
    ['IPv6 loopback', () => `http://[::1]:${trap.port}`, /::1 is loopback/],
    ['IPv4-mapped loopback', () => `http://[::ffff:127.0.0.1]:${trap.port}`, /is loopback/],
    [
      'a name resolving to loopback',
      () => `http://localhost:${trap.port}`,
      /localhost resolves to .* is loopback/,
    ],
    ['a metadata host name', () => 'http://metadata.google.internal', /cloud metadata service/],
  ])('%s', async (_what, url, reason) => {
    const final = await backupTo(primary.url, url());
    expect(final.result).toBe('failed');
    expect(final.message).toMatch(reason);
    expect(final.message).toMatch(/CELLA_OUTBOUND_ALLOW/);
    expect(final.message).not.toMatch(/retrying/);
    expect(trap.connections).toBe(0);
    expect(trap.requests).toEqual([]);
  });
});

describe('with the name allow-listed', () => {
  test('a redirect is not followed: the target behind it receives nothing', async () => {
    const final = await backupTo(allowing.url, `http://localhost:${redirector.port}`);
    expect(final.result).toBe('failed');
    expect(final.message).toMatch(
      /answered \/api\/v2\/did\/signin with a redirect \(307\); redirects are not followed/,
    );
    expect(redirector.requests).toEqual(['POST /api/v2/did/signin']);
    expect(trap.connections).toBe(0);
  });

  test('a server that is not a backup node: its answer is summarised, not echoed', async () => {
    const final = await backupTo(allowing.url, `http://localhost:${trap.port}`);
    expect(final.result).toBe('failed');
    expect(final.message).toMatch(/the backup node refused \/api\/v2\/did\/signin \(400 Bad Request\)$/);
    expect(final.message).not.toMatch(/secret internal answer/);
    trap.connections = 0;
    trap.requests.length = 0;
  });

  test('a backup to a real backup node there succeeds', async () => {
    const backupDid = (await (await newUser().on(backupNode.url)).node.info()).service_did;
    const port = new URL(backupNode.url).port;
    const final = await backupTo(allowing.url, `http://localhost:${port}`, backupDid);
    expect(final.result, final.message).toBe('success');
  });
});
