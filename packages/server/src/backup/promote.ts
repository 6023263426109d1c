/**
 * Promotion, on the backup node: the user's last good backup becomes a live vault here. The
 * database is rebuilt from the backup's chunks into `node_user_<hash>`, the file contents are copied
 * from the backup store into the live BlockStore and referenced through the files service, and
 * the vault record is created last — with this node's free plan and the backup's usage (a vault
 * bigger than the free quota is read-only until the user upgrades; nothing is lost). The backup
 * itself stays: promotion copies, it does not consume.
 *
 * Refused while a backup of this user is being received (400 BACKUP_IN_PROGRESS) and when the user
 * already has a vault here (455). A promotion that fails drops what it built; one killed midway
 * leaves a marker (`backup_promotions`) so the next promotion cleans up first.
 */
import type { BlockStore } from '@cella/block-store';
import type { Database, DocumentStore } from '@cella/document-store';
import { CellaError } from '../errors.js';
import type { Logger } from '../logger.js';
import { vaultDatabaseName } from '../vault/names.js';
import type { VaultRecord, VaultService } from '../vault/vaults.js';
import type { BackupRecords } from './backup-records.js';
import type { BackupStore } from './backup-store.js';
import { adoptFileRefs, copyContents, importDatabase, indexPublished } from './import-vault.js';
import { releaseAll } from '../files/vault-refs.js';
import type { FileRefs, PublicFileIndex } from './primary-deps.js';
import type { ProgressSink } from './progress.js';
import type { BackupReceiver } from './receiver.js';

export interface PromoteDeps {
  documents: DocumentStore;
  nodeDb: Database;
  vaults: VaultService;
  blocks: BlockStore;
  refs: FileRefs;
  publicFiles: PublicFileIndex;
  records: BackupRecords;
  store: BackupStore;
  receiver: BackupReceiver;
  log: Logger;
  clock: () => number;
  staleAttemptSeconds: number;
}

const silent: ProgressSink = { set: () => undefined, add: () => undefined, note: () => undefined };

export async function promote(deps: PromoteDeps, userDid: string): Promise<VaultRecord> {
  const record = await deps.records.find(userDid);
  if (!record?.current)
    throw new CellaError('BACKUP_NOT_FOUND', 'there is no complete backup of your vault on this node');
  const now = Math.floor(deps.clock() / 1000);
  if (record.pending && record.pending.updatedAt > now - deps.staleAttemptSeconds) {
    throw new CellaError(
      'BACKUP_IN_PROGRESS',
      'a backup of your vault is being received here: promote once it has finished',
    );
  }
  const markers = deps.nodeDb.collection('backup_promotions');
  const database = vaultDatabaseName(userDid);
  if (await deps.vaults.find(userDid)) {
    const marker = await markers.findOne({ _id: userDid });
    if (!marker)
      throw new CellaError(
        'ALREADY_EXISTS',
        'you already have a vault on this node: promotion would overwrite it',
      );
    deps.log.warn({ userDid }, 'promote: cleaning up an interrupted promotion');
    await releaseAll(deps.refs, (marker.acquired as string[] | undefined) ?? [], deps.log);
    await deps.vaults.remove(userDid);
  }
  await markers.replaceOne({ _id: userDid }, { _id: userDid, started: now, acquired: [] }, { upsert: true });
  await deps.documents.dropDatabase(database);
  const db = deps.documents.database(database);
  const manifest = await deps.receiver.readManifest(record.current);
  const signal = new AbortController().signal;
  let acquired: string[] = [];
  try {
    const fetchChunks = (cids: string[]) =>
      (async function* () {
        for (const cid of cids) yield { cid, bytes: await deps.store.blocks.readBlock(cid) };
      })();
    const imported = await importDatabase(db, manifest, fetchChunks, silent, signal);
    const exportFrom = async (roots: string[]) => {
      const store = deps.store.blocks;
      const list = async function* () {
        for (const root of roots) yield* store.blocksOf(root);
      };
      return store.exportCar(roots, list());
    };
    await copyContents(deps.blocks, imported.contents, exportFrom, silent, signal);
    const adopted = await adoptFileRefs(
      db,
      deps.refs,
      async (cid) => deps.blocks.importCar(await exportFrom([cid])).then(() => undefined),
      deps.log,
    );
    acquired = adopted.acquired;
    await markers.updateOne({ _id: userDid }, { $set: { acquired } });
    await deps.vaults.open(userDid);
    await deps.vaults.setUsage(userDid, 'db', imported.dbUsed);
    await deps.vaults.setUsage(userDid, 'files', adopted.filesUsed);
    await deps.vaults.update(userDid, {});
    await indexPublished(deps.publicFiles, userDid, adopted.published, deps.log);
    await markers.deleteOne({ _id: userDid });
    deps.log.info(
      { userDid, documents: manifest.collections.length, files: imported.contents.size },
      'promote: the backup is now a live vault',
    );
    return (await deps.vaults.find(userDid))!;
  } catch (error) {
    await releaseAll(deps.refs, acquired, deps.log);
    await deps.vaults.remove(userDid).catch(() => undefined);
    await deps.documents.dropDatabase(database).catch(() => undefined);
    await markers.deleteOne({ _id: userDid }).catch(() => undefined);
    throw error;
  }
}
