/**
 * Offline inspection of a stopped backup node's data dir: its node database (SQLite) and its backup
 * store (helia), opened directly by the test. Used after crashes to check what was kept.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { BackupStore } from '../../src/backup/backup-store.js';
import {
  BACKUPS_COLLECTION,
  type CurrentBackup,
  type PendingAttempt,
} from '../../src/backup/backup-records.js';
import { createHeliaBlockStore } from '@cella/block-store/helia';
import { createSqliteDocumentStore } from '@cella/document-store/sqlite';
import { createLogger } from '../../src/logger.js';

export interface Inspection {
  records: { userDid: string; current: CurrentBackup | null; pending: PendingAttempt | null }[];
  /** Attempts holding something. */
  holders: string[];
  /** Distinct CIDs held. */
  held: string[];
  pins: string[];
  /** Block files in the store. */
  blocks: number;
  /** Blocks reachable from the pins. */
  reachable: number;
  sweep?: Awaited<ReturnType<BackupStore['sweep']>>;
}

/** Counts the block files of a helia store directory (`blocks/<XX>/<B…>.data`). */
export async function countBlocks(storeDir: string): Promise<number> {
  let count = 0;
  const root = path.join(storeDir, 'blocks');
  let shards: string[];
  try {
    shards = await readdir(root);
  } catch {
    return 0;
  }
  for (const shard of shards) {
    try {
      count += (await readdir(path.join(root, shard))).filter((n) => n.endsWith('.data')).length;
    } catch {
      // not a directory
    }
  }
  return count;
}

export type BackupRecordView = Inspection['records'][number];

/** The backup records of a node (its SQLite database can be read while the node runs). */
export async function readRecords(dataDir: string): Promise<BackupRecordView[]> {
  const documents = createSqliteDocumentStore({ dir: path.join(dataDir, 'db') });
  try {
    return (await documents.database('cella_node').collection(BACKUPS_COLLECTION).find({})).map((d) => ({
      userDid: String(d._id),
      current: (d.current as CurrentBackup | null) ?? null,
      pending: (d.pending as PendingAttempt | null) ?? null,
    }));
  } finally {
    await documents.close();
  }
}

/** Opens the data dir of a stopped backup node; `sweep` runs the backup store's sweep first. */
export async function inspectBackupNode(
  dataDir: string,
  options: { sweep?: boolean } = {},
): Promise<Inspection> {
  const documents = createSqliteDocumentStore({ dir: path.join(dataDir, 'db') });
  const storeDir = path.join(dataDir, 'backup-store');
  const blocks = await createHeliaBlockStore({ dir: storeDir });
  try {
    const nodeDb = documents.database('cella_node');
    const store = new BackupStore(blocks, nodeDb, createLogger('silent'));
    const sweep = options.sweep ? await store.sweep() : undefined;
    const records = (await nodeDb.collection(BACKUPS_COLLECTION).find({})).map((d) => ({
      userDid: String(d._id),
      current: (d.current as CurrentBackup | null) ?? null,
      pending: (d.pending as PendingAttempt | null) ?? null,
    }));
    const pins: string[] = [];
    for await (const cid of blocks.pins()) pins.push(cid);
    const reachable = new Set<string>();
    for (const pin of pins) for await (const cid of blocks.blocksOf(pin)) reachable.add(cid);
    return {
      records,
      holders: [...(await store.attempts())].sort(),
      held: [...new Set((await store.holds.find({})).map((d) => String(d.cid)))].sort(),
      pins: pins.sort(),
      blocks: await countBlocks(storeDir),
      reachable: reachable.size,
      ...(sweep ? { sweep } : {}),
    };
  } finally {
    await blocks.close();
    await documents.close();
  }
}
