import { z } from 'zod';
import { did, epochSeconds } from './common.js';
import { didDocumentObject, presentationObject } from './auth.js';

export const backupCredential = z
  .union([z.record(z.string(), z.unknown()), z.string().min(1).max(65_536)])
  .meta({
    id: 'BackupCredential',
    description:
      'A `HiveBackupCredential` VC issued by the user to this node, naming the backup node (`targetHiveNodeDID`, `targetNodeURL`), as an object or a JSON string.',
  });

export const startBackupRequest = z
  .strictObject({ credential: backupCredential })
  .meta({ id: 'StartBackupRequest' });
export const restoreRequest = z.strictObject({ credential: backupCredential }).meta({ id: 'RestoreRequest' });

export const backupState = z
  .object({
    state: z
      .enum(['idle', 'backup', 'restore'])
      .meta({ description: 'The kind of the latest job; `idle` when none ever ran.' }),
    result: z.enum(['running', 'success', 'failed']),
    message: z.string(),
    progress: z.object({
      bytes_done: z.number().int().meta({ description: 'Content bytes moved so far in this run.' }),
      bytes_total: z.number().int().meta({
        description:
          'Content bytes this run must move: only what the other side lacks (an incremental backup moves little).',
      }),
      items_done: z.number().int(),
      items_total: z.number().int().meta({ description: 'Files and database chunks this run must move.' }),
      vault_bytes: z
        .number()
        .int()
        .meta({ description: 'Size of the whole vault content the job covers (files + documents).' }),
      network_bytes: z.number().int().meta({
        description: 'Bytes that actually travelled between the nodes (compressed, with protocol framing).',
      }),
    }),
    started_at: epochSeconds.nullable(),
    finished_at: epochSeconds.nullable(),
    last_success_at: epochSeconds.nullable(),
  })
  .meta({ id: 'BackupState' });

// ── Node-to-node (internal) ──────────────────────────────────────────────────

export const cidString = z
  .string()
  .min(8)
  .max(128)
  .regex(/^b[a-z2-7]+$/, 'must be a CIDv1 in base32')
  .meta({ id: 'Cid', description: 'A CIDv1, base32 (`bafy…` dag-pb, `bafk…` raw).' });

export const backupAuthRequest = z
  .strictObject({
    challenge_response: z.union([presentationObject, z.string().min(1).max(65_536)]).meta({
      description:
        "A presentation by the primary node (holder) with realm = this node's DID and the challenge nonce, holding the user's `HiveBackupCredential` about the primary; or a JWT whose `presentation` claim is that object.",
    }),
    issuer_document: didDocumentObject.optional().meta({
      description:
        "The user's DID document, for a did:elastos user this node cannot resolve (no identity chain); self-certifying documents only.",
    }),
  })
  .meta({ id: 'BackupAuthRequest' });

export const backupToken = z
  .object({
    token: z.string().meta({
      description:
        'BackupToken JWT (sub `BackupToken`, aud = the primary node, bound to the user); send it as `Authorization: Bearer <token>` on the internal API.',
    }),
    exp: epochSeconds,
    document: didDocumentObject.meta({
      description:
        "The backup node's own DID document: the primary checks it is genuine, is the `targetHiveNodeDID` of the credential, and signed the token.",
    }),
  })
  .meta({ id: 'BackupToken' });

export const chunkRef = z
  .object({
    cid: cidString,
    documents: z.number().int().min(0).meta({ description: 'Entries in the chunk.' }),
    bytes: z.number().int().min(0).meta({ description: 'Size of the chunk (BSON bytes).' }),
  })
  .meta({ id: 'BackupChunk' });

export const backupManifest = z
  .object({
    version: z.literal(1),
    user_did: did,
    source_did: did,
    created: epochSeconds,
    collections: z
      .array(
        z.object({
          name: z.string().min(1).max(255),
          documents: z.number().int().min(0),
          bytes: z.number().int().min(0),
          chunks: z.array(chunkRef),
        }),
      )
      .max(100_000),
    files: z.object({
      count: z.number().int().min(0).meta({ description: 'Distinct file contents (CIDs).' }),
      bytes: z.number().int().min(0).meta({ description: 'Sum of their sizes.' }),
      chunks: z
        .array(chunkRef)
        .meta({ description: 'Chunks listing `{c: cid, s: size}`, one per distinct CID.' }),
    }),
  })
  .meta({
    id: 'BackupManifest',
    description:
      'What one backup holds: every collection of the vault database as content-addressed chunks (raw blocks of BSON documents, ≤ 1 MiB), and the file contents by CID.',
  });

export const backupSummary = z
  .object({
    id: z.string(),
    source_did: did,
    created: epochSeconds,
    manifest_hash: z.string().meta({ description: 'SHA-256 (hex) of the canonical manifest JSON.' }),
    bytes: z.number().int(),
    documents: z.number().int(),
    collections: z.number().int(),
    files: z.number().int(),
  })
  .meta({ id: 'BackupSummary' });

export const backupNodeState = z
  .object({
    current: backupSummary.nullable().meta({ description: 'The last complete, verified backup.' }),
    pending: z
      .object({
        attempt_id: z.string(),
        source_did: did,
        started_at: epochSeconds,
        updated_at: epochSeconds,
        bytes_received: z.number().int(),
      })
      .nullable(),
    plan: z.object({ name: z.string(), quota: z.number().int(), used: z.number().int() }),
  })
  .meta({ id: 'BackupNodeState' });

export const beginBackupRequest = z
  .strictObject({
    bytes: z.number().int().min(0).meta({ description: 'Expected size of the backup (content bytes).' }),
  })
  .meta({ id: 'BeginBackupRequest' });

export const beginBackupResponse = z
  .object({
    attempt_id: z.string(),
    resumed: z
      .boolean()
      .meta({ description: 'True when an unfinished attempt from this primary was picked up again.' }),
    quota: z.number().int(),
  })
  .meta({ id: 'BeginBackupResponse' });

export const cidListRequest = z
  .strictObject({ cids: z.array(cidString).max(10_000) })
  .meta({ id: 'CidList' });
export const holdRootsRequest = z
  .strictObject({ attempt_id: z.string().min(1).max(64), cids: z.array(cidString).max(10_000) })
  .meta({ id: 'HoldRootsRequest' });
export const missingCids = z.object({ missing: z.array(cidString) }).meta({ id: 'MissingCids' });

export const attemptQuery = z.object({ attempt_id: z.string().min(1).max(64) });

export const putBlocksResponse = z
  .object({ blocks: z.number().int(), bytes: z.number().int() })
  .meta({ id: 'PutBlocksResponse' });

export const commitBackupRequest = z
  .strictObject({
    attempt_id: z.string().min(1).max(64),
    manifest: backupManifest,
    manifest_hash: z.string().regex(/^[0-9a-f]{64}$/),
  })
  .meta({ id: 'CommitBackupRequest' });

export const manifestResponse = z
  .object({ summary: backupSummary, manifest: backupManifest })
  .meta({ id: 'BackupManifestResponse' });

export const exportBlocksRequest = z
  .strictObject({
    roots: z.array(cidString).max(10_000).optional().meta({ description: 'Whole DAGs (file contents).' }),
    cids: z.array(cidString).max(10_000).optional().meta({ description: 'Single blocks (database chunks).' }),
  })
  .meta({ id: 'ExportBlocksRequest' });
