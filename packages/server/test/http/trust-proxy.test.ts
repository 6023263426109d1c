/**
 * Behind a reverse proxy every request comes from the proxy's address: per-IP limits (anonymous
 * script runs, sign-in) would put every caller in one bucket. With CELLA_TRUST_PROXY the client
 * address comes from X-Forwarded-For, from trusted proxies only.
 */
import { afterAll, expect, test } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { signedInUser } from '../helpers/users.js';
import { startTempNode, type TempNode } from '../helpers/temp-node.js';

const nodes: TempNode[] = [];
afterAll(async () => {
  for (const node of nodes) await node.stop();
});

async function anonymousRuns(trustProxy: string): Promise<number[]> {
  const node = await startTempNode({
    anonymousRunsPerMinute: 1,
    trustProxy: loadConfig({ CELLA_TRUST_PROXY: trustProxy }).trustProxy,
  });
  nodes.push(node);
  const owner = await signedInUser(node.url);
  await owner.subscription.subscribe();
  await owner.db.createCollection('c');
  await owner.scripts.register('open', {
    executable: { type: 'find', collection: 'c', filter: {} },
    allowAnonymous: true,
  });
  const statuses: number[] = [];
  for (const forwardedFor of ['198.51.100.1', '198.51.100.2']) {
    const response = await fetch(`${node.url}/api/v2/vault/scripting/open/run`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      body: JSON.stringify({ context: { target_did: owner.did } }),
    });
    statuses.push(response.status);
  }
  return statuses;
}

test('without trust, two callers behind one proxy share a limit; trusting the proxy separates them', async () => {
  expect(await anonymousRuns('false')).toEqual([201, 429]);
  expect(await anonymousRuns('127.0.0.1')).toEqual([201, 201]);
});

test('CELLA_TRUST_PROXY takes true/false, a hop count, or addresses and CIDRs', () => {
  const parse = (value: string) => loadConfig({ CELLA_TRUST_PROXY: value }).trustProxy;
  expect(parse('true')).toBe(true);
  expect(parse('false')).toBe(false);
  expect(parse('2')).toBe(2);
  expect(parse('10.0.0.0/8, 127.0.0.1,::1')).toBe('10.0.0.0/8,127.0.0.1,::1');
  expect(() => parse('proxy.example')).toThrow(/trustProxy \(CELLA_TRUST_PROXY\)/);
  expect(() => parse('10.0.0.0/33')).toThrow(/CELLA_TRUST_PROXY/);
  expect(loadConfig({}).trustProxy).toBe(false);
});
