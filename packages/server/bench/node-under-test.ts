/** A node for benchmarks: a child process (so the load generator does not share its event loop). */
import { connect, createDevIdentity, type Vault } from '@cella/sdk';
import { spawnNode, type SpawnedNode } from '../src/testing/index.js';

export interface BenchNode {
  node: SpawnedNode;
  vault: Vault;
  token: string;
  stop(): Promise<void>;
}

/**
 * Budgets no load of a benchmark reaches: the rate limits are still counted on every request (so
 * their cost is in the figures), but never refuse one.
 */
const UNLIMITED = {
  CELLA_RATE_LIMIT_USER: '1000000000',
  CELLA_RATE_LIMIT_ANONYMOUS: '1000000000',
  CELLA_RATE_LIMIT_SIGNIN: '1000000000',
  CELLA_RATE_LIMIT_NODE: '1000000000',
};

export async function startBenchNode(
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<BenchNode> {
  const node = await spawnNode({ env: { CELLA_LOG_LEVEL: 'error', ...UNLIMITED, ...env }, nodeArgs });
  const vault = await connect({ url: node.url, signer: createDevIdentity().signer });
  const token = await vault.session.token();
  return { node, vault, token, stop: async () => void (await node.stop()) };
}
