/** Starts an in-process node on a free loopback port with its own temporary data dir. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, startNode, type CellaNode, type Config } from '../../src/index.js';

export interface TempNode extends CellaNode {
  dataDir: string;
  stop(): Promise<void>;
}

export async function startTempNode(overrides: Partial<Config> = {}): Promise<TempNode> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cella-node-'));
  // All test users sign in from one address: the per-IP sign-in limit is lifted (test/hardening
  // tests it).
  const config = loadConfig(
    {},
    { port: 0, dataDir, logLevel: 'silent', rateLimitSignInPerMinute: 1_000_000, ...overrides },
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
