/** The caller's backups: start, state, restore, promote (on the backup node). */
import { defineEndpoints } from '../endpoint.js';
import * as backup from '../schemas/backup.js';
import * as payment from '../schemas/payment.js';
import { KiB } from './common.js';

export const backupEndpoints = defineEndpoints({
  startBackup: {
    operationId: 'startBackup',
    method: 'POST',
    path: '/api/v2/vault/backup',
    auth: 'user',
    tag: 'Backup',
    summary: 'Start backing up the vault to the backup node named in the credential',
    description:
      'The caller backs up their own vault to the backup node named in their `HiveBackupCredential` (issuer = the caller, subject = this node, unexpired; 401 otherwise). Returns at once; the backup runs in the background (it survives a restart) and moves only what the backup node lacks: watch it with the state endpoint, where failures after the start (the backup node unreachable, its plan too small) show. 400 (internal_code 2) while a backup or restore runs; 404 (internal_code 1) when there is no vault.',
    body: backup.startBackupRequest,
    success: { status: 201, description: 'Started.', body: backup.backupState },
    errors: [
      'INVALID_PARAMETER',
      'BAD_REQUEST',
      'UNAUTHORIZED',
      'BACKUP_IN_PROGRESS',
      'VAULT_NOT_FOUND',
      'UNAVAILABLE',
    ],
    bodyLimit: 64 * KiB,
  },
  backupState: {
    operationId: 'backupState',
    method: 'GET',
    path: '/api/v2/vault/backup/state',
    auth: 'user',
    tag: 'Backup',
    summary: 'State and progress of the latest backup or restore',
    description:
      "The caller's own vault: the kind, result and progress of the latest backup or restore job (`idle` when none ever ran), and when a backup last succeeded.",
    success: { status: 200, description: 'The state.', body: backup.backupState },
    errors: [],
  },
  restoreBackup: {
    operationId: 'restoreBackup',
    method: 'POST',
    path: '/api/v2/vault/backup/restore',
    auth: 'user',
    tag: 'Backup',
    summary: 'Restore the vault from its latest complete backup',
    description:
      "The caller's own vault is replaced by its latest complete backup on the backup node named in the credential. Returns at once; watch it with the state endpoint, where failures after the start show (no complete backup there, a backup bigger than the vault's plan, the backup node unreachable). The vault must exist (404, internal_code 1: subscribe first); 400 (internal_code 2) while a backup or restore runs.",
    body: backup.restoreRequest,
    success: { status: 201, description: 'Started.', body: backup.backupState },
    errors: ['INVALID_PARAMETER', 'UNAUTHORIZED', 'BACKUP_IN_PROGRESS', 'BACKUP_NOT_FOUND', 'UNAVAILABLE'],
    bodyLimit: 64 * KiB,
  },
  promoteBackup: {
    operationId: 'promoteBackup',
    method: 'POST',
    path: '/api/v2/vault/backup/promote',
    auth: 'user',
    tag: 'Backup',
    summary: "On the backup node: turn the caller's backup into a live vault here",
    description:
      "Called on the backup node, by the user whose backup it holds: the backup becomes a vault on this node with this node's free plan (a vault bigger than the free quota is read-only until upgraded; nothing is lost), for example when the original node is gone. The backup itself stays. 404 (internal_code 2) when there is no backup here; 455 when the caller already has a vault on this node; 400 (internal_code 2) while a backup of it is being received.",
    success: { status: 201, description: 'The new vault.', body: payment.vaultInfo },
    errors: [
      'BACKUP_NOT_FOUND',
      'BACKUP_IN_PROGRESS',
      'ALREADY_EXISTS',
      'INSUFFICIENT_STORAGE',
      'STORAGE_FULL',
    ],
  },
});
