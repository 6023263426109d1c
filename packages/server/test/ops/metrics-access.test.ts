/**
 * Who may read `/metrics`: anyone when no token is configured; with a token (a value, or a file
 * other users cannot read) only a scrape that presents it. `CELLA_METRICS=false` serves nothing.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { ConfigError } from '../../src/config.js';
import { startTempNode, type TempNode } from '../helpers/temp-node.js';

const dir = mkdtempSync(path.join(tmpdir(), 'cella-metrics-token-'));
const nodes: TempNode[] = [];
afterAll(async () => {
  for (const node of nodes) await node.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function started(overrides: Parameters<typeof startTempNode>[0]): Promise<TempNode> {
  const node = await startTempNode(overrides);
  nodes.push(node);
  return node;
}

const get = (url: string, token?: string) =>
  fetch(`${url}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('/metrics', () => {
  test('without a token: open, in the Prometheus text format, never cached', async () => {
    const node = await started({});
    const response = await get(node.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).toMatch(/^# HELP cella_http_requests_total /m);
    // Not part of the API: the /api/v2 tree has no metrics.
    expect((await fetch(`${node.url}/api/v2/metrics`)).status).toBe(404);
  });

  test('with a token file: 401 without it or with another, 200 with it', async () => {
    const token = 'f'.repeat(40);
    const file = path.join(dir, 'token');
    writeFileSync(file, `${token}\n`, { mode: 0o600 });
    const node = await started({ metricsTokenFile: file });
    for (const wrong of [undefined, 'g'.repeat(40), token.slice(1)]) {
      const refused = await get(node.url, wrong);
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(await refused.json()).toMatchObject({
        error: { message: expect.stringMatching(/bearer token/) },
      });
    }
    expect((await get(node.url, token)).status).toBe(200);
  });

  test('a token file other users can read, or too short a token, stops the node at start', async () => {
    const open = path.join(dir, 'open-token');
    writeFileSync(open, 'h'.repeat(40));
    chmodSync(open, 0o644);
    await expect(startTempNode({ metricsTokenFile: open })).rejects.toThrow(ConfigError);
    await expect(startTempNode({ metricsTokenFile: open })).rejects.toThrow(
      /readable by other users \(mode 644\)/,
    );
    const short = path.join(dir, 'short-token');
    writeFileSync(short, 'short', { mode: 0o600 });
    await expect(startTempNode({ metricsTokenFile: short })).rejects.toThrow(/at least 16 characters/);
  });

  test('CELLA_METRICS=false: no route (404), liveness and readiness unchanged', async () => {
    const node = await started({ metrics: false });
    expect((await get(node.url)).status).toBe(404);
    expect((await fetch(`${node.url}/api/v2/health`)).status).toBe(200);
    expect((await fetch(`${node.url}/api/v2/health/ready`)).status).toBe(200);
  });
});
