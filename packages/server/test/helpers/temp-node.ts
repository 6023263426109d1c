/**
 * Starts an in-process node on a free loopback port with its own temporary data dir.
 * `CELLA_TEST_TLS=1`: every such node speaks HTTPS with HTTP/2 (a test certificate), and this test
 * process trusts it and offers HTTP/2 in fetch and undici — to run a suite against a TLS node.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Agent, setGlobalDispatcher } from 'undici';
import { loadConfig, startNode, type CellaNode, type Config } from '../../src/index.js';
import { createTestCertificate, type TestCertificate } from '../../src/testing/index.js';

export interface TempNode extends CellaNode {
  dataDir: string;
  stop(): Promise<void>;
}

let tls: TestCertificate | undefined;

function tlsOverrides(): Partial<Config> {
  if (process.env.CELLA_TEST_TLS !== '1') return {};
  if (!tls) {
    tls = createTestCertificate();
    setGlobalDispatcher(new Agent({ connect: { ca: tls.cert }, allowH2: true }));
  }
  return { tlsCert: tls.certFile, tlsKey: tls.keyFile };
}

/** The test certificate of `CELLA_TEST_TLS=1` runs (for raw clients that must trust it). */
export const testCertificate = (): string | undefined => tls?.cert;

export async function startTempNode(overrides: Partial<Config> = {}): Promise<TempNode> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cella-node-'));
  // All test users sign in from one address: the per-IP sign-in limit is lifted (test/hardening
  // tests it).
  const config = loadConfig(
    {},
    {
      port: 0,
      dataDir,
      logLevel: 'silent',
      rateLimitSignInPerMinute: 1_000_000,
      ...tlsOverrides(),
      ...overrides,
    },
  );
  const node = await startNode(config);
  return {
    ...node,
    dataDir,
    stop: async () => {
      await node.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
