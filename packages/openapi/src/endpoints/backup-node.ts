/** The backup node's internal API (node-to-node, `x-internal` in the document). */
import { defineEndpoints } from '../endpoint.js';
import * as backup from '../schemas/backup.js';
import { KiB, MiB, SIGN_IN_RATE_LIMIT } from './common.js';

export const backupNodeEndpoints = defineEndpoints({
  // The primary node signs in to the backup node with its own DID (signin, then backup_auth with
  // the user's HiveBackupCredential) and moves the backup with a BackupToken. See docs/backup.md.
  backupAuth: {
    operationId: 'backupAuth',
    method: 'POST',
    path: '/api/v2/did/backup_auth',
    auth: 'public',
    tag: 'Backup node (internal)',
    internal: true,
    summary:
      "Node-to-node sign-in: the primary node presents the user's backup credential, gets a BackupToken",
    description:
      "Only on a backup node. After `POST /api/v2/did/signin` with the primary node's own DID document, the primary sends a presentation (holder = primary, realm = this node, the challenge nonce) holding the user's `HiveBackupCredential` (issuer = user, subject = primary, `targetHiveNodeDID` = this node, unexpired).",
    body: backup.backupAuthRequest,
    success: { status: 201, description: 'The BackupToken and its expiry.', body: backup.backupToken },
    errors: ['INVALID_PARAMETER', 'UNAUTHORIZED', 'FORBIDDEN', 'UNAVAILABLE'],
    bodyLimit: 128 * KiB,
    rateLimit: SIGN_IN_RATE_LIMIT,
  },
  backupNodeState: {
    operationId: 'backupNodeState',
    method: 'GET',
    path: '/api/v2/vault-backup-service/state',
    auth: 'node',
    tag: 'Backup node (internal)',
    internal: true,
    summary: "The user's backup on this node: the last good one, an unfinished attempt, the backup plan",
    description:
      'Node-to-node, with a BackupToken (the user is the one the token is bound to). 403 when this node is not a backup node.',
    success: { status: 200, description: 'The state.', body: backup.backupNodeState },
    errors: ['FORBIDDEN'],
  },
  backupNodeBegin: {
    operationId: 'backupNodeBegin',
    method: 'POST',
    path: '/api/v2/vault-backup-service/begin',
    auth: 'node',
    tag: 'Backup node (internal)',
    internal: true,
    summary: 'Open (or resume) a backup attempt for the user',
    description:
      "An unfinished attempt from the same primary is resumed. Refused when the expected size exceeds the backup plan's quota (507).",
    body: backup.beginBackupRequest,
    success: { status: 201, description: 'The attempt.', body: backup.beginBackupResponse },
    errors: ['FORBIDDEN', 'BACKUP_IN_PROGRESS', 'INSUFFICIENT_STORAGE', 'STORAGE_FULL'],
    bodyLimit: 4 * KiB,
  },
  backupNodeHoldRoots: {
    operationId: 'backupNodeHoldRoots',
    method: 'POST',
    path: '/api/v2/vault-backup-service/roots',
    auth: 'node',
    tag: 'Backup node (internal)',
    internal: true,
    summary:
      'Keep the given contents (file DAGs, chunks) for the attempt; answers those not stored completely here',
    description:
      'Node-to-node, with a BackupToken. What is held is kept from garbage collection while the attempt lasts; the answer lists what must still be sent. 404 (internal_code 2) for an unknown attempt.',
    body: backup.holdRootsRequest,
    success: { status: 201, description: 'The CIDs still to send.', body: backup.missingCids },
    errors: ['FORBIDDEN', 'BACKUP_NOT_FOUND'],
    bodyLimit: 1 * MiB,
  },
  backupNodeMissingBlocks: {
    operationId: 'backupNodeMissingBlocks',
    method: 'POST',
    path: '/api/v2/vault-backup-service/blocks/missing',
    auth: 'node',
    tag: 'Backup node (internal)',
    internal: true,
    summary: 'Which of these blocks this node does not store',
    description: 'Node-to-node, with a BackupToken: lets the primary send only the blocks that are missing.',
    body: backup.cidListRequest,
    success: { status: 201, description: 'The missing blocks.', body: backup.missingCids },
    errors: ['FORBIDDEN'],
    bodyLimit: 1 * MiB,
  },
  backupNodePutBlocks: {
    operationId: 'backupNodePutBlocks',
    method: 'PUT',
    path: '/api/v2/vault-backup-service/blocks',
    auth: 'node',
    tag: 'Backup node (internal)',
    internal: true,
    summary:
      'Send blocks as a CAR stream (`Content-Encoding: gzip` allowed); every block is verified against its CID',
    description:
      "Node-to-node, with a BackupToken. A block whose bytes do not hash to its CID refuses the stream (400); another content encoding than gzip is a 415; past the backup plan's quota 507 (the attempt is abandoned). 404 (internal_code 2) for an unknown attempt.",
    query: backup.attemptQuery,
    binaryBody: { contentType: 'application/vnd.ipld.car', description: 'A CARv1 stream of blocks.' },
    success: { status: 200, description: 'Blocks stored.', body: backup.putBlocksResponse },
    errors: ['FORBIDDEN', 'BACKUP_NOT_FOUND', 'INSUFFICIENT_STORAGE', 'STORAGE_FULL'],
  },
  backupNodeCommit: {
    operationId: 'backupNodeCommit',
    method: 'POST',
    path: '/api/v2/vault-backup-service/commit',
    auth: 'node',
    tag: 'Backup node (internal)',
    internal: true,
    summary:
      "Finish the attempt: verify the manifest against what was received, then make it the user's backup",
    description:
      "Checks the manifest hash, that every chunk and file content is held completely, every chunk's document count and size, and the backup quota. Only then does the new backup replace the previous one; a failure leaves the previous backup in place.",
    body: backup.commitBackupRequest,
    success: { status: 201, description: 'The new backup.', body: backup.backupSummary },
    errors: ['FORBIDDEN', 'BAD_REQUEST', 'BACKUP_NOT_FOUND', 'INSUFFICIENT_STORAGE', 'STORAGE_FULL'],
    bodyLimit: 32 * MiB,
  },
  backupNodeAbort: {
    operationId: 'backupNodeAbort',
    method: 'DELETE',
    path: '/api/v2/vault-backup-service/pending',
    auth: 'node',
    tag: 'Backup node (internal)',
    internal: true,
    summary: 'Abandon the unfinished attempt and release what it held',
    description: 'Node-to-node, with a BackupToken. The previous complete backup stays.',
    query: backup.attemptQuery,
    success: { status: 204, description: 'Abandoned (or there was nothing to abandon).' },
    errors: ['FORBIDDEN'],
  },
  backupNodeManifest: {
    operationId: 'backupNodeManifest',
    method: 'GET',
    path: '/api/v2/vault-backup-service/manifest',
    auth: 'node',
    tag: 'Backup node (internal)',
    internal: true,
    summary: "The manifest of the user's last good backup (restore)",
    description:
      'Node-to-node, with a BackupToken: the primary reads it to restore the vault. 404 (internal_code 2) when there is no complete backup.',
    success: { status: 200, description: 'The manifest.', body: backup.manifestResponse },
    errors: ['FORBIDDEN', 'BACKUP_NOT_FOUND'],
  },
  backupNodeExportBlocks: {
    operationId: 'backupNodeExportBlocks',
    method: 'POST',
    path: '/api/v2/vault-backup-service/blocks/export',
    auth: 'node',
    tag: 'Backup node (internal)',
    internal: true,
    summary: "Blocks of the user's last good backup as a CAR stream (restore)",
    description:
      "Node-to-node, with a BackupToken: the requested file DAGs and chunks as one CARv1 stream. A CID that is not part of the user's backup is a 404; no complete backup is a 404 (internal_code 2).",
    body: backup.exportBlocksRequest,
    success: {
      status: 200,
      description: 'A CARv1 stream.',
      binary: {
        contentType: 'application/vnd.ipld.car',
        description: 'A CARv1 stream of the requested DAGs and blocks.',
      },
    },
    errors: ['FORBIDDEN', 'BACKUP_NOT_FOUND', 'NOT_FOUND'],
    bodyLimit: 1 * MiB,
  },
});
