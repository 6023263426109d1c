/**
 * A node for benchmarks: a child process (so the load generator does not share its event loop),
 * running the compiled app as `npm start` does (the root `npm run bench` builds it first);
 * CELLA_BENCH_SOURCES=1 runs the TypeScript sources through tsx instead.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { connect, createDevIdentity, type Signer, type Vault } from '@cella/sdk';
import { spawnNode, type SpawnedNode } from '../src/testing/index.js';

export interface BenchNode {
  node: SpawnedNode;
  vault: Vault;
  token: string;
  /** Stops the node and removes its data dir. */
  stop(): Promise<void>;
}

/** Whether the bench nodes run compiled JavaScript (the default). */
export function benchCompiled(app: 'node' | 'backup-node' = 'node'): boolean {
  if (process.env.CELLA_BENCH_SOURCES === '1') return false;
  const main = new URL(`../../../apps/${app}/dist/main.js`, import.meta.url);
  if (!existsSync(main))
    throw new Error(`${main.pathname} is missing: run \`npm run build\` (or CELLA_BENCH_SOURCES=1 for tsx)`);
  return true;
}

/**
 * Budgets no load of a benchmark reaches: the rate limits are still counted on every request (so
 * their cost is in the figures), but never refuse one.
 */
export const UNLIMITED = {
  CELLA_RATE_LIMIT_USER: '1000000000',
  CELLA_RATE_LIMIT_ANONYMOUS: '1000000000',
  CELLA_RATE_LIMIT_SIGNIN: '1000000000',
  CELLA_RATE_LIMIT_NODE: '1000000000',
};

export async function startBenchNode(
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
  /** The user's signer (default: a new identity); the same one on two nodes is the same user. */
  signer: Signer = createDevIdentity().signer,
): Promise<BenchNode> {
  const node = await spawnNode({
    env: { CELLA_LOG_LEVEL: 'error', ...UNLIMITED, ...env },
    nodeArgs,
    compiled: benchCompiled(),
  });
  const vault = await connect({ url: node.url, signer });
  const token = await vault.session.token();
  const stop = async () => {
    await node.stop();
    rmSync(node.dataDir, { recursive: true, force: true }); // a files bench leaves GiBs of blocks
  };
  return { node, vault, token, stop };
}

/** Resident memory of a process in MiB (Linux /proc). */
export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}
