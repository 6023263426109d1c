/**
 * The BlockStore engines the file tests run on: helia (embedded, always) and kubo when a daemon
 * can be had — `KUBO_API_URL`, or one started from the cached binary through
 * scripts/services/kubo.sh (the block-store tests' helper). Without either, kubo is skipped loudly.
 * The same for an IPFS Cluster of two peers (scripts/services/ipfs-cluster.sh), pins replicated to
 * both (the cluster's default, every peer).
 */
import {
  clusterAvailable,
  kuboBinary,
  startCluster,
  startKubo,
  type KuboDaemon,
  type TestCluster,
} from '@cella/block-store/testing';
import { mongoTargetAvailable, startMongoTarget, type MongoTarget } from '@cella/document-store/testing';

export interface EngineUnderTest {
  name: 'helia' | 'kubo' | 'IPFS Cluster' | 'helia + MongoDB';
  /** Node config overrides selecting the engines (call once per node). */
  config(): Promise<{ ipfsApiUrl?: string; ipfsClusterUrl?: string; mongodbUri?: string }>;
  stop(): Promise<void>;
}

export function helia(): EngineUnderTest {
  return { name: 'helia', config: async () => ({}), stop: async () => undefined };
}

/** A kubo engine, or undefined (with a warning) when no daemon is available. */
export function kubo(): EngineUnderTest | undefined {
  const external = process.env.KUBO_API_URL;
  if (external)
    return { name: 'kubo', config: async () => ({ ipfsApiUrl: external }), stop: async () => undefined };
  if (kuboBinary() === undefined) {
    console.warn(
      `\n${'!'.repeat(100)}\nSKIPPED: the file tests on kubo did not run. Set KUBO_API_URL, or build the binary with ` +
        '`scripts/services/kubo.sh install` (needs Go).\n' +
        `${'!'.repeat(100)}\n`,
    );
    return undefined;
  }
  const daemons: KuboDaemon[] = [];
  return {
    name: 'kubo',
    async config() {
      const daemon = await startKubo();
      daemons.push(daemon);
      return { ipfsApiUrl: daemon.apiUrl };
    },
    async stop() {
      for (const d of daemons.splice(0)) await d.stop();
    },
  };
}

/** The cluster engine on peer 0 of a two-peer cluster, or undefined (with a warning) without binaries. */
export function cluster(): EngineUnderTest | undefined {
  if (!clusterAvailable()) {
    console.warn(
      `\n${'!'.repeat(100)}\nSKIPPED: the file tests on IPFS Cluster did not run. Build the binaries with ` +
        '`scripts/services/ipfs-cluster.sh install` and `scripts/services/kubo.sh install` (need Go).\n' +
        `${'!'.repeat(100)}\n`,
    );
    return undefined;
  }
  const clusters: TestCluster[] = [];
  return {
    name: 'IPFS Cluster',
    async config() {
      const started = await startCluster(2);
      clusters.push(started);
      const [peer] = started.peers;
      return { ipfsApiUrl: peer!.ipfsApiUrl, ipfsClusterUrl: peer!.clusterUrl };
    },
    async stop() {
      for (const c of clusters.splice(0)) await c.stop();
    },
  };
}

/**
 * The metadata's DocumentStore on MongoDB (MONGODB_URI, or FerretDB from the cached binary) with
 * helia: the files service's writes (beforeCommit charges, conditional updates) on the other store.
 */
export function heliaOnMongo(): EngineUnderTest | undefined {
  if (!mongoTargetAvailable()) {
    console.warn(
      'SKIPPED: the file tests on MongoDB did not run (no MONGODB_URI, no cached FerretDB binary).',
    );
    return undefined;
  }
  const targets: MongoTarget[] = [];
  return {
    name: 'helia + MongoDB',
    async config() {
      const target = await startMongoTarget();
      if (!target) throw new Error('no MongoDB target');
      targets.push(target);
      return { mongodbUri: target.uri };
    },
    async stop() {
      for (const t of targets.splice(0)) await t.stop();
    },
  };
}

/** The BlockStore engines, and the MongoDB DocumentStore (CELLA_TEST_ENGINES=helia,kubo,cluster,mongodb narrows it). */
export function engines(): EngineUnderTest[] {
  const only = process.env.CELLA_TEST_ENGINES?.split(',');
  const list: EngineUnderTest[] = [];
  if (!only || only.includes('helia')) list.push(helia());
  if (!only || only.includes('kubo')) {
    const k = kubo();
    if (k) list.push(k);
  }
  if (!only || only.includes('cluster')) {
    const c = cluster();
    if (c) list.push(c);
  }
  if (!only || only.includes('mongodb')) {
    const m = heliaOnMongo();
    if (m) list.push(m);
  }
  return list;
}
