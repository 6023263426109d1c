/**
 * The reference counts a whole vault database holds: what a restore or a forced unsubscribe gives
 * back when it drops a vault's database, and what the backup's import takes back on failure.
 */
import type { Database } from '@cella/document-store';
import type { Logger } from '../logger.js';
import { isFilesCollection } from '../vault/names.js';

/** The file metadata collections of a vault database: one per space that has files. */
export async function filesCollectionsOf(db: Database): Promise<string[]> {
  return (await db.listCollections()).filter(isFilesCollection);
}

/**
 * The CIDs named by the file metadata of `db`, every space (one per file: a CID named twice
 * counts twice).
 */
export async function fileRefsOf(db: Database): Promise<string[]> {
  const cids: string[] = [];
  for (const name of await filesCollectionsOf(db))
    for (const doc of await db.collection(name).find({}, { projection: { cid: 1 } }))
      cids.push(String(doc.cid));
  return cids;
}

/**
 * Releases each reference (unpinned at zero). A failure is logged, not thrown: the count stays too
 * high, which the files sweep repairs from the metadata.
 */
export async function releaseAll(
  refs: { release(cid: string): Promise<void> },
  cids: string[],
  log: Logger,
): Promise<void> {
  for (const cid of cids) {
    await refs
      .release(cid)
      .catch((error: unknown) =>
        log.error({ cid, err: error }, 'could not release a file reference (the files sweep repairs it)'),
      );
  }
}
