/**
 * The reference counts a whole vault database holds: what a restore or a forced unsubscribe gives
 * back when it drops a vault's database, and what the backup's import takes back on failure.
 */
import type { Database } from '@cella/document-store';
import type { Logger } from '../logger.js';
import { INTERNAL_COLLECTIONS } from '../vault/names.js';

/** The CIDs named by the file metadata of `db` (one per file: a CID named twice counts twice). */
export async function fileRefsOf(db: Database): Promise<string[]> {
  if (!(await db.hasCollection(INTERNAL_COLLECTIONS.files))) return [];
  return (await db.collection(INTERNAL_COLLECTIONS.files).find({}, { projection: { cid: 1 } })).map((d) =>
    String(d.cid),
  );
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
