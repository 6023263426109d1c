import { z } from 'zod';
import { count, did, epochSeconds } from './common.js';
import { didDocumentObject, presentationObject } from './auth.js';
import { indexName } from './database.js';
import {
  backupCredential as credentialExample,
  backupNodeDocument,
  backupPresentation,
  backupToken as backupTokenExample,
  cids,
  nodeDid,
  time,
  userDid,
} from './example-values.js';

export const backupCredential = z
  .union([z.record(z.string(), z.unknown()), z.string().min(1).max(65_536)])
  .meta({
    id: 'BackupCredential',
    description:
      'A `HiveBackupCredential` VC issued by the user to this node, naming the backup node (`targetHiveNodeDID`, `targetNodeURL`), as an object or a JSON string.',
    examples: [credentialExample],
  });

export const startBackupRequest = z
  .strictObject({ credential: backupCredential })
  .meta({ id: 'StartBackupRequest', examples: [{ credential: credentialExample }] });
export const restoreRequest = z
  .strictObject({ credential: backupCredential })
  .meta({ id: 'RestoreRequest', examples: [{ credential: credentialExample }] });

export const backupState = z
  .object({
    state: z
      .enum(['idle', 'backup', 'restore'])
      .meta({ description: 'The kind of the latest job; `idle` when none ever ran.' }),
    result: z.enum(['running', 'success', 'failed']).meta({
      description: 'How the latest job went; `running` while it runs (it resumes after a restart).',
    }),
    message: z.string().meta({ description: 'What happened, for people: the reason of a failure.' }),
    progress: z
      .object({
        bytes_done: count.meta({ description: 'Content bytes moved so far in this run.' }),
        bytes_total: count.meta({
          description:
            'Content bytes this run must move: only what the other side lacks (an incremental backup moves little).',
        }),
        items_done: count.meta({ description: 'Files and database chunks moved so far.' }),
        items_total: count.meta({ description: 'Files and database chunks this run must move.' }),
        vault_bytes: count.meta({
          description: 'Size of the whole vault content the job covers (files + documents).',
        }),
        network_bytes: count.meta({
          description: 'Bytes that actually travelled between the nodes (compressed, with protocol framing).',
        }),
      })
      .meta({ description: 'How far the latest job got.' }),
    started_at: epochSeconds
      .nullable()
      .meta({ description: 'When the latest job started; null when none ran.' }),
    finished_at: epochSeconds.nullable().meta({ description: 'When it ended; null while it runs.' }),
    last_success_at: epochSeconds
      .nullable()
      .meta({ description: 'When a backup last completed; null when none ever did.' }),
  })
  .meta({
    id: 'BackupState',
    examples: [
      {
        state: 'backup',
        result: 'success',
        message: 'backed up 2 files and 3 database chunks',
        progress: {
          bytes_done: 493_650,
          bytes_total: 493_650,
          items_done: 5,
          items_total: 5,
          vault_bytes: 493_650,
          network_bytes: 412_907,
        },
        started_at: time.backupStarted,
        finished_at: time.backupFinished,
        last_success_at: time.backupFinished,
      },
    ],
  });

// ── Node-to-node (internal) ──────────────────────────────────────────────────

export const cidString = z
  .string()
  .min(8)
  .max(128)
  .regex(/^b[a-z2-7]+$/, 'must be a CIDv1 in base32')
  .meta({ id: 'Cid', description: 'A CIDv1, base32 (`bafy…` dag-pb, `bafk…` raw).', examples: [cids.photo] });

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
  .meta({ id: 'BackupAuthRequest', examples: [{ challenge_response: backupPresentation }] });

export const backupToken = z
  .object({
    token: z.string().meta({
      description:
        'BackupToken JWT (sub `BackupToken`, aud = the primary node, bound to the user); send it as `Authorization: Bearer <token>` on the internal API.',
    }),
    exp: epochSeconds.meta({ description: 'Expiry of the token (never after the credential).' }),
    document: didDocumentObject.meta({
      description:
        "The backup node's own DID document: the primary checks it is genuine, is the `targetHiveNodeDID` of the credential, and signed the token.",
    }),
  })
  .meta({
    id: 'BackupToken',
    examples: [
      { token: backupTokenExample, exp: time.backupStarted + 61 + 7 * 86_400, document: backupNodeDocument },
    ],
  });

export const chunkRef = z
  .object({
    cid: cidString,
    documents: z.number().int().min(0).meta({ description: 'Entries in the chunk.' }),
    bytes: z.number().int().min(0).meta({ description: 'Size of the chunk (BSON bytes).' }),
  })
  .meta({ id: 'BackupChunk', examples: [{ cid: cids.chunk1, documents: 2, bytes: 11_537 }] });

export const backupIndex = z
  .object({
    name: indexName,
    keys: z
      .array(
        z.object({
          path: z
            .string()
            .min(1)
            .max(256)
            .meta({ description: 'A field path (dotted into embedded documents).' }),
          direction: z
            .union([z.literal(1), z.literal(-1)])
            .meta({ description: '`1` ascending, `-1` descending.' }),
        }),
      )
      .min(1)
      .max(8)
      .meta({
        description:
          'The indexed paths in order (a list: the manifest’s canonical form sorts object keys, and an index’s key order matters).',
      }),
    unique: z
      .boolean()
      .meta({ description: 'Whether the index refuses a second document with the same keys.' }),
  })
  .meta({
    id: 'BackupIndex',
    description:
      'An index created through the API, rebuilt by a restore or a promotion once the documents are in (automatic indexes are not kept: queries make them again).',
    examples: [
      {
        name: 'tags_1_due_-1',
        keys: [
          { path: 'tags', direction: 1 },
          { path: 'due', direction: -1 },
        ],
        unique: false,
      },
    ],
  });

const manifestExample = {
  version: 1,
  user_did: userDid,
  source_did: nodeDid,
  created: time.backupFinished,
  collections: [
    {
      name: 'notes',
      documents: 2,
      bytes: 11_537,
      chunks: [{ cid: cids.chunk1, documents: 2, bytes: 11_537 }],
      indexes: [
        {
          name: 'tags_1_due_-1',
          keys: [
            { path: 'tags', direction: 1 },
            { path: 'due', direction: -1 },
          ],
          unique: false,
        },
      ],
    },
  ],
  files: { count: 1, bytes: 482_113, chunks: [{ cid: cids.chunk2, documents: 1, bytes: 61 }] },
};

const summaryExample = {
  id: '5b0c2a8e-3f41-4d7a-9c62-1e8f0b4d7a93',
  source_did: nodeDid,
  created: time.backupFinished,
  manifest_hash: 'a1f4c09b7e2d3856c4b0e9f17a2d5c83e6b49f0d1c7a2e58b3f6d9c0e4a7b152',
  bytes: 493_650,
  documents: 2,
  collections: 1,
  files: 1,
};

export const backupManifest = z
  .object({
    version: z.literal(1).meta({ description: 'The manifest format.' }),
    user_did: did.meta({ description: 'Whose vault.' }),
    source_did: did.meta({ description: 'The node that made the backup.' }),
    created: epochSeconds.meta({ description: 'When the backup was made.' }),
    collections: z
      .array(
        z.object({
          name: z.string().min(1).max(255).meta({ description: 'The collection (internal ones included).' }),
          documents: z.number().int().min(0).meta({ description: 'Documents in it.' }),
          bytes: z.number().int().min(0).meta({ description: 'Their BSON size.' }),
          chunks: z.array(chunkRef).meta({ description: 'The chunks holding them, in order.' }),
          indexes: z.array(backupIndex).max(16).optional().meta({
            description:
              'The indexes created through the API (`_id_` and automatic ones excluded); absent when there are none, and in backups made before indexes were kept.',
          }),
        }),
      )
      .max(100_000)
      .meta({ description: 'Every collection of the vault database.' }),
    files: z
      .object({
        count: z.number().int().min(0).meta({ description: 'Distinct file contents (CIDs).' }),
        bytes: z.number().int().min(0).meta({ description: 'Sum of their sizes.' }),
        chunks: z
          .array(chunkRef)
          .meta({ description: 'Chunks listing `{c: cid, s: size}`, one per distinct CID.' }),
      })
      .meta({ description: 'The file contents of the vault, by CID.' }),
  })
  .meta({
    id: 'BackupManifest',
    description:
      'What one backup holds: every collection of the vault database as content-addressed chunks (raw blocks of BSON documents, ≤ 1 MiB), and the file contents by CID.',
    examples: [manifestExample],
  });

export const backupSummary = z
  .object({
    id: z.string().meta({ description: 'The id of this backup.' }),
    source_did: did.meta({ description: 'The node that made it.' }),
    created: epochSeconds.meta({ description: 'When it was committed.' }),
    manifest_hash: z.string().meta({ description: 'SHA-256 (hex) of the canonical manifest JSON.' }),
    bytes: count.meta({ description: 'Content bytes: documents + files.' }),
    documents: count.meta({ description: 'Documents in all collections.' }),
    collections: count.meta({ description: 'Collections.' }),
    files: count.meta({ description: 'Distinct file contents.' }),
  })
  .meta({ id: 'BackupSummary', description: 'A complete, verified backup.', examples: [summaryExample] });

export const backupNodeState = z
  .object({
    subscribed: z.boolean().meta({
      description:
        'Whether the user has a backup service here (a backup through the primary dialect subscribes the free backup plan on its first attempt; the Hive dialect needs `PUT /subscription/backup` first).',
    }),
    current: backupSummary.nullable().meta({ description: 'The last complete, verified backup.' }),
    pending: z
      .object({
        attempt_id: z.string().meta({ description: 'The unfinished attempt.' }),
        source_did: did.meta({ description: 'The node sending it.' }),
        started_at: epochSeconds.meta({ description: 'When it began.' }),
        updated_at: epochSeconds.meta({ description: 'When data last arrived.' }),
        bytes_received: count.meta({ description: 'Bytes received so far.' }),
      })
      .nullable()
      .meta({ description: 'An unfinished attempt, or null.' }),
    plan: z
      .object({
        name: z.string().meta({ description: 'The backup plan.' }),
        quota: count.meta({ description: 'Bytes the plan allows.' }),
        used: count.meta({ description: 'Bytes the current backup uses.' }),
      })
      .nullable()
      .meta({ description: "The user's backup plan on this node; null without a backup service." }),
  })
  .meta({
    id: 'BackupNodeState',
    examples: [
      {
        subscribed: true,
        current: summaryExample,
        pending: null,
        plan: { name: 'Basic', quota: 500 * 1024 * 1024, used: 493_650 },
      },
    ],
  });

export const beginBackupRequest = z
  .strictObject({
    bytes: z.number().int().min(0).meta({ description: 'Expected size of the backup (content bytes).' }),
  })
  .meta({ id: 'BeginBackupRequest', examples: [{ bytes: 493_650 }] });

const attemptIdExample = '0f6d2c4e-7b1a-4e93-8d25-6a9c3f1b0e47';

export const beginBackupResponse = z
  .object({
    attempt_id: z.string().meta({ description: 'Names the attempt in the calls that follow.' }),
    resumed: z
      .boolean()
      .meta({ description: 'True when an unfinished attempt from this primary was picked up again.' }),
    quota: count.meta({ description: "Bytes the user's backup plan allows." }),
  })
  .meta({
    id: 'BeginBackupResponse',
    examples: [{ attempt_id: attemptIdExample, resumed: false, quota: 500 * 1024 * 1024 }],
  });

const attemptId = z
  .string()
  .min(1)
  .max(64)
  .meta({ description: 'The attempt `begin` opened.', examples: [attemptIdExample] });

export const cidListRequest = z
  .strictObject({ cids: z.array(cidString).max(10_000).meta({ description: 'Up to 10,000 CIDs.' }) })
  .meta({ id: 'CidList', examples: [{ cids: [cids.chunk1, cids.chunk2, cids.photo] }] });
export const holdRootsRequest = z
  .strictObject({
    attempt_id: attemptId,
    cids: z
      .array(cidString)
      .max(10_000)
      .meta({ description: 'Roots of file DAGs and chunks, up to 10,000.' }),
  })
  .meta({
    id: 'HoldRootsRequest',
    examples: [{ attempt_id: attemptIdExample, cids: [cids.photo, cids.chunk1] }],
  });
export const missingCids = z
  .object({
    missing: z.array(cidString).meta({ description: 'Those of the CIDs sent that this node lacks.' }),
  })
  .meta({ id: 'MissingCids', examples: [{ missing: [cids.photo] }] });

export const attemptQuery = z.object({ attempt_id: attemptId });

export const putBlocksResponse = z
  .object({
    blocks: count.meta({ description: 'Blocks received and verified.' }),
    bytes: count.meta({ description: 'Their bytes.' }),
  })
  .meta({ id: 'PutBlocksResponse', examples: [{ blocks: 1, bytes: 482_113 }] });

export const commitBackupRequest = z
  .strictObject({
    attempt_id: attemptId,
    manifest: backupManifest,
    manifest_hash: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .meta({ description: 'SHA-256 (hex) of the canonical manifest JSON.' }),
  })
  .meta({
    id: 'CommitBackupRequest',
    examples: [
      {
        attempt_id: attemptIdExample,
        manifest: manifestExample,
        manifest_hash: summaryExample.manifest_hash,
      },
    ],
  });

export const manifestResponse = z
  .object({ summary: backupSummary, manifest: backupManifest })
  .meta({ id: 'BackupManifestResponse', examples: [{ summary: summaryExample, manifest: manifestExample }] });

export const exportBlocksRequest = z
  .strictObject({
    roots: z.array(cidString).max(10_000).optional().meta({ description: 'Whole DAGs (file contents).' }),
    cids: z.array(cidString).max(10_000).optional().meta({ description: 'Single blocks (database chunks).' }),
  })
  .meta({ id: 'ExportBlocksRequest', examples: [{ roots: [cids.photo], cids: [cids.chunk1, cids.chunk2] }] });
