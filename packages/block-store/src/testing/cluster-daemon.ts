/**
 * Starts throwaway IPFS Clusters for tests through scripts/services/ipfs-cluster.sh: `peers` cluster
 * peers on loopback, each with its own kubo daemon, in a temp dir, from the binaries that
 * `ipfs-cluster.sh install` and `kubo.sh install` cache.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { kuboBinary } from './kubo-daemon.js';

const run = promisify(execFile);
export const CLUSTER_SH = fileURLToPath(
  new URL('../../../../scripts/services/ipfs-cluster.sh', import.meta.url),
);

export interface ClusterPeer {
  /** The peer's REST API. */
  clusterUrl: string;
  /** Its kubo daemon's RPC API. */
  ipfsApiUrl: string;
}

export interface TestCluster {
  peers: ClusterPeer[];
  dir: string;
  stop(): Promise<void>;
}

/** True when both the cluster binaries and kubo are cached. */
export function clusterAvailable(): boolean {
  const bin = join(process.env.CELLA_TOOLS_DIR ?? join(homedir(), '.cache', 'cella', 'tools'), 'bin');
  return (
    kuboBinary() !== undefined &&
    existsSync(join(bin, 'ipfs-cluster-service')) &&
    existsSync(join(bin, 'ipfs-cluster-ctl'))
  );
}

export async function startCluster(peers: number): Promise<TestCluster> {
  const dir = await mkdtemp(join(tmpdir(), 'cella-cluster-'));
  const stop = async (): Promise<void> => {
    await run(CLUSTER_SH, ['stop', dir], { timeout: 60_000 });
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const { stdout } = await run(CLUSTER_SH, ['start', dir, String(peers)], { timeout: 120_000 });
    const lines = stdout.trim().split('\n').slice(-peers);
    return {
      dir,
      stop,
      peers: lines.map((line) => {
        const [clusterUrl = '', ipfsApiUrl = ''] = line.trim().split(' ');
        return { clusterUrl, ipfsApiUrl };
      }),
    };
  } catch (err) {
    await stop().catch(() => undefined);
    throw err;
  }
}
