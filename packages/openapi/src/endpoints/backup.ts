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
    description: 'Returns at once; watch progress with the state endpoint.',
    body: backup.startBackupRequest,
    success: { status: 201, description: 'Started.', body: backup.backupState },
    errors: ['INVALID_PARAMETER', 'UNAUTHORIZED', 'BACKUP_IN_PROGRESS', 'VAULT_NOT_FOUND', 'UNAVAILABLE'],
    bodyLimit: 64 * KiB,
  },
  backupState: {
    operationId: 'backupState',
    method: 'GET',
    path: '/api/v2/vault/backup/state',
    auth: 'user',
    tag: 'Backup',
    summary: 'State and progress of the latest backup or restore',
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
    success: { status: 201, description: 'The new vault.', body: payment.vaultInfo },
    errors: ['BACKUP_NOT_FOUND', 'BACKUP_IN_PROGRESS', 'ALREADY_EXISTS', 'INSUFFICIENT_STORAGE'],
  },
});
