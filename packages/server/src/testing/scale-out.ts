/**
 * Test and benchmark support: one node served by several stateless processes (`apps/node`, each
 * with its own data dir and the same node identity) on one MongoDB-compatible store and one block
 * store, behind a round-robin proxy — a scale-out deployment in miniature on loopback.
 *
 * The document store is MONGODB_URI when set, else a FerretDB started from the cached binary
 * (emulation mode, whose writes take locks shared by all processes). The block store is a
 * `BlockBackend`: a kubo daemon by default; another engine (an IPFS Cluster) plugs in as another
 * factory (`blocks` option) giving the node environment that selects it and a way to open it.
 */
import { rmSync } from 'node:fs';
import type { BlockStore } from '@cella/block-store';
import { createKuboBlockStore } from '@cella/block-store/kubo';
import { startKubo } from '@cella/block-store/testing';
import { startMongoTarget, type MongoTarget } from '@cella/document-store/testing';
import { startProxy, type RoundRobinProxy } from './round-robin-proxy.js';
import { spawnNode, type SpawnedNode } from './spawn-node.js';

/** A running block store the node processes share, and the environment that points them at it. */
export interface BlockBackend {
  name: string;
  /** The node settings selecting it (e.g. CELLA_IPFS_API_URL). */
  env: Record<string, string>;
  /** A BlockStore on it for the test itself (to check pins), as a node process would open it. */
  open(): Promise<BlockStore>;
  stop(): Promise<void>;
}

export type BlockBackendFactory = () => Promise<BlockBackend>;

/** One kubo daemon (scripts/services/kubo.sh), offline, on loopback. */
export const kuboBackend: BlockBackendFactory = async () => {
  const daemon = await startKubo();
  return {
    name: 'kubo',
    env: { CELLA_IPFS_API_URL: daemon.apiUrl },
    open: () => createKuboBlockStore({ apiUrl: daemon.apiUrl }),
    stop: () => daemon.stop(),
  };
};

/**
 * The block stores a scale-out run can use, by name: `CELLA_SCALE_OUT_BLOCKS` picks one (default
 * `kubo`). An IPFS Cluster engine adds its factory here.
 */
export const blockBackends: Record<string, BlockBackendFactory> = { kubo: kuboBackend };

function configuredBackend(): BlockBackendFactory {
  const name = process.env.CELLA_SCALE_OUT_BLOCKS ?? 'kubo';
  const factory = blockBackends[name];
  if (!factory)
    throw new Error(
      `CELLA_SCALE_OUT_BLOCKS=${name}: no such block backend (${Object.keys(blockBackends).join(', ')})`,
    );
  return factory;
}

export interface ScaleOutOptions {
  /** Node processes (default 3). */
  processes?: number;
  /** Extra environment for every node process. */
  env?: Record<string, string>;
  /** Default: the backend CELLA_SCALE_OUT_BLOCKS names (kubo). */
  blocks?: BlockBackendFactory;
}

export interface ScaleOut {
  /** The node processes; `nodes[i]` is the proxy's backend i. */
  nodes: SpawnedNode[];
  proxy: RoundRobinProxy;
  /** The proxy's URL: what clients use. */
  url: string;
  mongo: MongoTarget;
  blocks: BlockBackend;
  /** The environment every node process got (store, block store, `env`). */
  env: Record<string, string>;
  /** SIGKILLs process i and takes it out of the proxy. */
  kill(i: number): Promise<void>;
  /** Starts process i again on its data dir and puts it back into the proxy. */
  restart(i: number): Promise<SpawnedNode>;
  stop(): Promise<void>;
}

export async function startScaleOut(options: ScaleOutOptions = {}): Promise<ScaleOut> {
  const count = options.processes ?? 3;
  const mongo = await startMongoTarget();
  if (!mongo)
    throw new Error(
      'scale-out needs MONGODB_URI or the FerretDB binary (scripts/services/ferretdb.sh install)',
    );
  let blocks: BlockBackend | undefined;
  const nodes: SpawnedNode[] = [];
  try {
    blocks = await (options.blocks ?? configuredBackend())();
    const env = { ...options.env, MONGODB_URI: mongo.uri, ...blocks.env };
    // The first process creates the node identity; the others share it.
    nodes.push(await spawnNode({ env }));
    nodes.push(
      ...(await Promise.all(
        Array.from({ length: count - 1 }, () => spawnNode({ env, identityFrom: nodes[0]!.dataDir })),
      )),
    );
    const proxy = await startProxy(nodes.map((n) => n.url));
    const backend = blocks;
    return {
      nodes,
      proxy,
      url: proxy.url,
      mongo,
      blocks: backend,
      env,
      async kill(i) {
        proxy.remove(i);
        await nodes[i]!.kill();
      },
      async restart(i) {
        const node = await spawnNode({ env, dataDir: nodes[i]!.dataDir });
        nodes[i] = node;
        proxy.restore(i, node.url);
        return node;
      },
      async stop() {
        await proxy.close();
        await Promise.all(nodes.map((n) => n.stop()));
        for (const n of nodes) rmSync(n.dataDir, { recursive: true, force: true });
        await backend.stop();
        await mongo.stop();
      },
    };
  } catch (error) {
    await Promise.all(nodes.map((n) => n.kill()));
    await blocks?.stop();
    await mongo.stop();
    throw error;
  }
}
