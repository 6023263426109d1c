/**
 * Unsubscribing a vault (`DELETE /api/v2/subscription/vault`).
 *
 * Without `force` the vault record is marked `removed`: every vault call answers 404 until the
 * user subscribes again (`PUT /api/v2/subscription/vault`), which restores it with its data, as
 * the reference does. Nothing is deleted; the usage stays counted.
 *
 * With `force` the vault is deleted, in an order a crash may interrupt anywhere and a repeated
 * call finishes:
 *   1. a backup or restore of the vault that runs is cancelled (it ends `failed`, and this waits
 *      only for it to stop: a backup that cannot reach its backup node never holds the deletion);
 *   2. the record is marked `removed`: no new request reaches the vault, and a write already under
 *      way fails at its quota charge (which refuses unsubscribed vaults) inside its own
 *      transaction; the deletion then waits `drainMs` (1.5 s) for requests that were past the
 *      charge to commit (other node processes may serve a cached record for up to a second);
 *   3. the CIDs named by the file metadata (every space's) are collected and the vault's
 *      database is dropped (documents, scripts, file metadata of every space);
 *   4. those references are released (a root is unpinned when its count reaches zero; a crash
 *      here leaves counts too high, which the files sweep repairs from the metadata);
 *   5. the vault's outstanding script file transactions, its entries in node-wide indexes (public
 *      files, access statistics) and the record are deleted. A later call creates a new, empty
 *      vault with the free plan.
 * Payment orders and receipts are kept: they are payment records, not vault content, and an order
 * paid on-chain can still be settled later (the reference archives orders, which would lose such a
 * payment). Backups on backup nodes are not touched.
 */
import type { DocumentStore } from '@cella/document-store';
import { CellaError } from '../errors.js';
import { fileRefsOf, releaseAll } from '../files/vault-refs.js';
import type { Logger } from '../logger.js';
import type { VaultService } from './vaults.js';

export interface UnsubscribeDeps {
  vaults: VaultService;
  documents: DocumentStore;
  refs: { release(cid: string): Promise<void> };
  transactions: { deleteForVault(targetDid: string): Promise<number> };
  /** A running backup or restore of the vault is cancelled, never waited for. */
  backupJobs: { cancel(userDid: string, reason: string): Promise<void> };
  /** Node-wide records about the user that go with the vault (public files, access statistics). */
  userRecords: { removeUser(userDid: string): Promise<void> }[];
  log: Logger;
  /** How long writes already past their quota charge get to commit before the database goes. */
  drainMs?: number;
}

const DRAIN_MS = 1500;

function noVault(): CellaError {
  return new CellaError('VAULT_NOT_FOUND', 'no vault for this user on this node');
}

export async function unsubscribeVault(
  deps: UnsubscribeDeps,
  userDid: string,
  force: boolean,
): Promise<void> {
  const { vaults } = deps;
  if (!force) {
    if (!(await vaults.unsubscribe(userDid))) throw noVault();
    return;
  }
  const record = await vaults.findAny(userDid);
  if (!record) throw noVault();
  await deps.backupJobs.cancel(userDid, 'cancelled: the vault was deleted (forced unsubscribe)');
  await vaults.unsubscribe(userDid);
  await new Promise((resolve) => setTimeout(resolve, deps.drainMs ?? DRAIN_MS));
  const cids = await fileRefsOf(deps.documents.database(record.database));
  await deps.documents.dropDatabase(record.database);
  await releaseAll(deps.refs, cids, deps.log);
  await deps.transactions.deleteForVault(userDid);
  for (const records of deps.userRecords) await records.removeUser(userDid);
  await vaults.deleteRemoved(userDid);
  deps.log.info({ files: cids.length }, 'vault deleted (forced unsubscribe)');
}
