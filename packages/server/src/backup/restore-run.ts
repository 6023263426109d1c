/**
 * One restore run on the primary node: the vault's content is replaced by the backup node's last
 * good backup, atomically. The backup is imported into the vault's other database name (the vault
 * alternates between `node_user_<hash>` and `node_user_<hash>_r`), its file contents copied and
 * referenced; only then does one conditional write point the vault record at the new database.
 * Until that write the vault serves its old content; any failure before it drops the new database
 * and releases what it referenced, leaving the vault as it was.
 */
import { fileRefsOf, releaseAll } from '../files/vault-refs.js';
import { schemas } from '@cella/openapi';
import { CellaError } from '../errors.js';
import { vaultDatabaseName } from '../vault/names.js';
import { blocksOfCar } from './car-blocks.js';
import {
  adoptFileRefs,
  copyContents,
  importDatabase,
  indexPublished,
  missingContents,
  usageOf,
} from './import-vault.js';
import { manifestHash, totalsOf } from './manifest.js';
import type { PrimaryDeps } from './primary-deps.js';
import type { RunInput } from './backup-run.js';
import { openSession } from './backup-run.js';

/** How long in-flight requests may still use the old database after the switch. */
const DRAIN_MS = 1500;
/** Events numbers left unused between a vault's old log and its new one (restore-run below). */
const RESTORE_SEQUENCE_GAP = 1_000_000;

export function otherDatabaseName(userDid: string, current: string): string {
  const canonical = vaultDatabaseName(userDid);
  return current === canonical ? `${canonical}_r` : canonical;
}

export async function runRestore(deps: PrimaryDeps, input: RunInput): Promise<string> {
  const { userDid, progress, signal } = input;
  const { vault, client, sync } = await openSession(deps, input);
  const { summary, manifest } = await client.json(
    'GET',
    '/api/v2/vault-backup-service/manifest',
    schemas.backup.manifestResponse,
  );
  if (manifestHash(manifest) !== summary.manifest_hash)
    throw new CellaError('INTERNAL', 'the backup manifest does not match its hash');
  if (manifest.user_did !== userDid)
    throw new CellaError('INTERNAL', `the backup node sent the backup of ${manifest.user_did}`);
  const totals = totalsOf(manifest);
  const needed = usageOf(manifest);
  if (needed > vault.quota) {
    throw new CellaError(
      'INSUFFICIENT_STORAGE',
      `the backup needs at least ${needed} bytes but this vault's plan "${vault.plan}" allows ${vault.quota} bytes`,
    );
  }

  const target = otherDatabaseName(userDid, vault.database);
  if (await dropLeftover(deps, target, vault.database))
    deps.log.warn({ database: target }, 'restore: dropped the leftover of an earlier restore');
  const db = deps.documents.database(target);
  const acquired: string[] = [];
  let switched = false;
  let published: Awaited<ReturnType<typeof adoptFileRefs>>['published'] = [];
  try {
    // Sizes first, so the progress bar knows its end: chunks + the contents this node lacks.
    const fetchChunks = (cids: string[]) =>
      (async function* () {
        yield* blocksOfCar(await client.exportCar([], cids));
      })();
    progress.set({
      vault_bytes: totals.bytes,
      bytes_total: totals.chunkBytes,
      items_total: totals.chunkCids.length,
      bytes_done: 0,
      items_done: 0,
    });
    progress.note(`restoring ${totals.documents} documents in ${totals.collections} collections`);
    const imported = await importDatabase(
      db,
      manifest,
      fetchChunks,
      { ...progress, add: (v) => (progress.add(v), sync()) },
      signal,
    );
    const lacking = await missingContents(deps.blocks, imported.contents);
    progress.add({ bytes_total: lacking.bytes, items_total: lacking.count });
    progress.note(`restoring ${totals.files} files (${lacking.count} not on this node)`);
    await copyContents(
      deps.blocks,
      imported.contents,
      (roots) => client.exportCar(roots, []),
      { ...progress, add: (v) => (progress.add(v), sync()) },
      signal,
    );
    const adopted = await adoptFileRefs(
      db,
      deps.refs,
      async (cid) => deps.blocks.importCar(await client.exportCar([cid], [])).then(() => undefined),
      deps.log,
    );
    acquired.push(...adopted.acquired);
    published = adopted.published;
    if (imported.dbUsed + adopted.filesUsed > vault.quota) {
      throw new CellaError(
        'INSUFFICIENT_STORAGE',
        `the backup holds ${imported.dbUsed + adopted.filesUsed} bytes but this vault's plan "${vault.plan}" allows ${vault.quota} bytes`,
      );
    }
    // The vault's change feed goes on in the new database, numbered after the old one's, with room
    // for what is still written there until the switch: every cursor a client holds stays valid.
    const { head } = await deps.documents.database(vault.database).changeLog().bounds();
    await db.changeLog().continueAfter(head + RESTORE_SEQUENCE_GAP);
    // The switch: one conditional write.
    signal.throwIfAborted();
    const moved = await deps.vaults.switchDatabase(userDid, vault.database, target, {
      dbUsed: imported.dbUsed,
      filesUsed: adopted.filesUsed,
    });
    if (!moved)
      throw new CellaError(
        'INTERNAL',
        'the vault changed (it was removed or restored elsewhere) during the restore',
      );
    switched = true;
    await indexPublished(deps.publicFiles, userDid, published, deps.log);
    sync();
  } finally {
    if (!switched) {
      await releaseAll(deps.refs, acquired, deps.log);
      await deps.documents
        .dropDatabase(target)
        .catch((error: unknown) =>
          deps.log.error({ err: error, database: target }, 'restore: could not drop the unfinished database'),
        );
    }
  }
  // After the switch: the old content goes (its references first, then its database).
  await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
  const old = deps.documents.database(vault.database);
  await releaseAll(deps.refs, await fileRefsOf(old), deps.log);
  await deps.documents.dropDatabase(vault.database);
  return `restored ${totals.documents} documents in ${totals.collections} collections and ${totals.files} files from the backup of ${new Date(summary.created * 1000).toISOString()}`;
}

/** Drops `name` unless it is the vault's live database (a crashed restore's leftover). */
async function dropLeftover(deps: PrimaryDeps, name: string, live: string): Promise<boolean> {
  if (name === live) return false;
  return deps.documents.dropDatabase(name);
}
