/** Picks the engines from the configuration: embedded by default, servers when configured. */
import path from 'node:path';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { ReadPoolFigures } from '../metrics/index.js';
import type { BlockStore } from '@cella/block-store';
import type { ChangeLogSettings, DocumentStore } from '@cella/document-store';
import type { StoragePath } from '../storage/free-space.js';

const documentsDir = (config: Config) => path.join(config.dataDir, 'db');
const blocksDir = (config: Config) => path.join(config.dataDir, 'blocks');

/** The directories the embedded engines write to (db/, blocks/), and the data dir itself. */
export function localStoragePaths(config: Config): StoragePath[] {
  const paths: StoragePath[] = [{ part: 'data', path: config.dataDir }];
  if (!config.mongodbUri) paths.push({ part: 'documents', path: documentsDir(config) });
  if (!config.ipfsApiUrl) paths.push({ part: 'blocks', path: blocksDir(config) });
  return paths;
}

/**
 * The DocumentStore engine. Reads that name no `maxTimeMS` (the node's own) are bounded by
 * `CELLA_QUERY_TIMEOUT_MAX`; the services bound a caller's queries themselves (vault/query-gate.ts).
 * `changeLog`: what logged writes append to their database's log (the vaults' change feed).
 */
export async function openDocumentStore(
  config: Config,
  log: Logger,
  changeLog?: ChangeLogSettings,
): Promise<{ store: DocumentStore; readPool: ReadPoolFigures | null }> {
  const maxTimeMs = config.queryTimeoutMaxSeconds * 1000;
  if (config.mongodbUri) {
    const { createMongoDocumentStore } = await import('@cella/document-store/mongodb');
    const store = createMongoDocumentStore({
      uri: config.mongodbUri,
      maxTimeMs,
      ...(changeLog ? { changeLog } : {}),
    });
    log.info('document store: MongoDB');
    return { store, readPool: null };
  }
  const { createSqliteDocumentStore, defaultReadWorkers, sqliteReadPool } =
    await import('@cella/document-store/sqlite');
  const dir = documentsDir(config);
  const store = createSqliteDocumentStore({
    dir,
    maxTimeMs,
    ...(config.dbWorkers !== undefined ? { workers: config.dbWorkers } : {}),
    ...(changeLog ? { changeLog } : {}),
  });
  const pool = sqliteReadPool(store);
  log.info(
    { dir, readWorkers: config.dbWorkers ?? defaultReadWorkers() },
    'document store: SQLite (embedded)',
  );
  return { store, readPool: pool ? () => pool.stats() : null };
}

export async function openBlockStore(config: Config, log: Logger): Promise<BlockStore> {
  if (config.ipfsClusterUrl && config.ipfsApiUrl) {
    const { createClusterBlockStore } = await import('@cella/block-store/cluster');
    const store = await createClusterBlockStore({
      clusterUrl: config.ipfsClusterUrl,
      ipfsApiUrl: config.ipfsApiUrl,
      replicationMin: config.ipfsClusterReplicationMin,
      replicationMax: config.ipfsClusterReplicationMax,
      pinTimeoutMs: config.ipfsClusterPinTimeoutSeconds * 1000,
    });
    // The URL may carry basic-auth credentials: log the peer, not the URL.
    log.info(
      { peer: store.peerId, cluster: store.version, ipfs: config.ipfsApiUrl },
      'block store: IPFS Cluster (pins) over its peer’s IPFS daemon (content)',
    );
    return store;
  }
  if (config.ipfsApiUrl) {
    const { createKuboBlockStore } = await import('@cella/block-store/kubo');
    log.info({ url: config.ipfsApiUrl }, 'block store: IPFS daemon (kubo RPC)');
    return createKuboBlockStore({ apiUrl: config.ipfsApiUrl });
  }
  const dir = blocksDir(config);
  log.info({ dir }, 'block store: helia (embedded)');
  return openHeliaBlockStore(config, dir);
}

/** An embedded helia store in `dir` (the node's own, or a backup's), with CELLA_FILE_WORKERS, CELLA_FILE_DIRECT_WRITES, CELLA_FILE_WORKER_NICE and CELLA_FILE_IO_NICE. */
export async function openHeliaBlockStore(config: Config, dir: string): Promise<BlockStore> {
  const { createHeliaBlockStore } = await import('@cella/block-store/helia');
  return createHeliaBlockStore({
    dir,
    directWrites: config.fileDirectWrites,
    workerNice: config.fileWorkerNice,
    ioNice: config.fileIoNice,
    ...(config.fileWorkers !== undefined ? { workers: config.fileWorkers } : {}),
  });
}
