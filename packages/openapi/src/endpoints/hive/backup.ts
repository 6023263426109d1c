/**
 * The Hive dialect's backup routes (the Hive SDK's BackupService and PromotionService): the
 * reference's `/vault/content` with its state and result values, onto Cella's backup jobs.
 */
import { defineEndpoints } from '../../endpoint.js';
import * as payment from '../../schemas/payment.js';
import * as hive from '../../schemas/hive/backup.js';
import { noBody } from '../../schemas/hive/common.js';
import { KiB } from '../common.js';

const credentialErrors = [
  'INVALID_PARAMETER',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'VAULT_NOT_FOUND',
  'BACKUP_IN_PROGRESS',
] as const;

export const hiveBackupEndpoints = defineEndpoints({
  hiveBackupState: {
    operationId: 'hiveBackupState',
    method: 'GET',
    path: '/api/v2/vault/content',
    auth: 'user',
    tag: 'Hive: Backup',
    summary: "The state of the caller's latest backup or restore (Hive SDK `checkResult`)",
    description:
      'The caller\'s latest backup or restore. Before any job: `stop`/`success`/`""`. A job started by the POST reads `process` from the moment the POST returns until it ends, then `success` or `failed` with the reason.',
    success: { status: 200, description: 'The state.', body: hive.backupResult },
    errors: [],
  },
  hiveStartBackup: {
    operationId: 'hiveStartBackup',
    method: 'POST',
    path: '/api/v2/vault/content',
    auth: 'user',
    tag: 'Hive: Backup',
    summary: "Back up the caller's vault to the node the credential names (Hive SDK `startBackup`)",
    description:
      'The caller backs up their vault, every space, to the backup node named in their `HiveBackupCredential` (issuer = the caller, subject = this node, unexpired; 401 otherwise). Before the job starts (unless `is_force=true`) the backup node is reached and signed in to and must hold a backup service of the caller (`PUT /subscription/backup` there; a backup to this very node is kept in its backup store, apart from the vault), else 400 at once, as the reference. Answers at once; the job runs in the background (`GET /vault/content`). 400 (internal_code 2) while a backup or restore runs; 404 (internal_code 1) without a vault.',
    query: hive.backupQuery,
    body: hive.credentialRequest,
    success: { status: 201, description: 'Started.', body: hive.backupResult },
    errors: [...credentialErrors],
    bodyLimit: 64 * KiB,
    examples: {
      response: {
        started: {
          summary: 'The job has started',
          value: { state: 'backup', result: 'process', message: 'starting' },
        },
      },
    },
  },
  hiveStartRestore: {
    operationId: 'hiveStartRestore',
    method: 'POST',
    path: '/api/v2/vault/content',
    auth: 'user',
    tag: 'Hive: Backup',
    summary: "Restore the caller's vault from the node the credential names (Hive SDK `restoreFrom`)",
    description:
      'The caller restores their vault, every space, from the backup node the credential names; the whole vault is switched in one step once complete. Before the job starts (unless `is_force=true`) the backup node must hold a complete backup of the vault, else 400 at once, as the reference. Answers at once; the job runs in the background (`GET /vault/content`). 400 (internal_code 2) while a backup or restore runs.',
    query: hive.restoreQuery,
    body: hive.credentialRequest,
    success: { status: 201, description: 'Started.', body: hive.backupResult },
    errors: [...credentialErrors],
    bodyLimit: 64 * KiB,
    examples: {
      response: {
        started: {
          summary: 'The job has started',
          value: { state: 'restore', result: 'process', message: 'starting' },
        },
      },
    },
  },
  hivePromote: {
    operationId: 'hivePromote',
    method: 'POST',
    path: '/api/v2/backup/promotion',
    auth: 'user',
    tag: 'Hive: Backup',
    summary: "Make the backup kept here the caller's vault on this node (Hive SDK `promote`)",
    description:
      'The caller, on the backup node: makes the backup kept here their vault on this node. A vault already here is 455; no backup 404 (internal_code 2); 400 (internal_code 2) while a backup is being received; 507 when the vault plan cannot hold it.',
    body: noBody,
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
