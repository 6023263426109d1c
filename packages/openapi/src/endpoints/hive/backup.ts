/**
 * The Hive dialect's backup routes (the Hive SDK's BackupService and PromotionService): the
 * reference's `/vault/content` with its state and result values, onto Cella's backup jobs.
 */
import { defineEndpoints } from '../../endpoint.js';
import * as payment from '../../schemas/payment.js';
import * as hive from '../../schemas/hive/backup.js';
import { noBody } from '../../schemas/hive/common.js';
import { KiB } from '../common.js';

const CREDENTIAL =
  '{"id":"did:elastos:iWHMLNFp3hgqXMRkZEfLTfBnyVdUwFkMfd#hive-backup-credential","type":["HiveBackupCredential","VerifiableCredential"],"issuer":"did:elastos:iXyZ8qUMM3kXyDPmEJmpSBE5q2rtHc8rzN","credentialSubject":{"id":"did:elastos:iWHMLNFp3hgqXMRkZEfLTfBnyVdUwFkMfd","sourceHiveNodeDID":"did:elastos:iWHMLNFp3hgqXMRkZEfLTfBnyVdUwFkMfd","targetHiveNodeDID":"did:elastos:iZr9PLVxvDKUMbW4ChzHwBebD2cc8L2UWY","targetNodeURL":"https://backup.example.org"},"…":"…"}';
const credentialErrors = [
  'INVALID_PARAMETER',
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
      'Before any job: `stop`/`success`/`""`. A job started by the POST reads `process` from the moment the POST returns until it ends.',
    success: { status: 200, description: 'The state.', body: hive.backupResult },
    errors: [],
    example: {
      request: 'GET /api/v2/vault/content',
      response: { state: 'backup', result: 'process', message: 'sending 12 database chunks and 3 files' },
    },
  },
  hiveStartBackup: {
    operationId: 'hiveStartBackup',
    method: 'POST',
    path: '/api/v2/vault/content',
    auth: 'user',
    tag: 'Hive: Backup',
    summary: "Back up the caller's vault to the node the credential names (Hive SDK `startBackup`)",
    description: 'Every space of the vault. Answers at once; the job runs in the background.',
    query: hive.backupQuery,
    body: hive.credentialRequest,
    success: { status: 201, description: 'Started.', body: hive.backupResult },
    errors: [...credentialErrors],
    bodyLimit: 64 * KiB,
    example: {
      request: 'POST /api/v2/vault/content?to=hive_node',
      body: { credential: CREDENTIAL },
      response: { state: 'backup', result: 'process', message: 'signing in to the backup node' },
    },
  },
  hiveStartRestore: {
    operationId: 'hiveStartRestore',
    method: 'POST',
    path: '/api/v2/vault/content',
    auth: 'user',
    tag: 'Hive: Backup',
    summary: "Restore the caller's vault from the node the credential names (Hive SDK `restoreFrom`)",
    description: 'The whole vault, every space, switched in one step once complete.',
    query: hive.restoreQuery,
    body: hive.credentialRequest,
    success: { status: 201, description: 'Started.', body: hive.backupResult },
    errors: [...credentialErrors],
    bodyLimit: 64 * KiB,
    example: {
      request: 'POST /api/v2/vault/content?from=hive_node',
      body: { credential: CREDENTIAL },
      response: { state: 'restore', result: 'process', message: 'signing in to the backup node' },
    },
  },
  hivePromote: {
    operationId: 'hivePromote',
    method: 'POST',
    path: '/api/v2/backup/promotion',
    auth: 'user',
    tag: 'Hive: Backup',
    summary: "Make the backup kept here the caller's vault on this node (Hive SDK `promote`)",
    description: 'On the backup node. A vault already here is 455; no backup 404 (internal_code 2).',
    body: noBody,
    success: { status: 201, description: 'The new vault.', body: payment.vaultInfo },
    errors: ['BACKUP_NOT_FOUND', 'BACKUP_IN_PROGRESS', 'ALREADY_EXISTS', 'INSUFFICIENT_STORAGE'],
    example: {
      request: 'POST /api/v2/backup/promotion',
      body: {},
      response: {
        service_did: 'did:elastos:iZr9PLVxvDKUMbW4ChzHwBebD2cc8L2UWY',
        pricing_plan: 'Basic',
        storage_quota: 524288000,
        storage_used: 20480,
        database_used: 4096,
        files_used: 16384,
        start_time: 1767225600,
        end_time: -1,
        created: 1767225600,
        updated: 1767225600,
        state: 'running',
        app_count: 0,
        access_count: 0,
        access_amount: 0,
        access_last_time: -1,
      },
    },
  },
});
