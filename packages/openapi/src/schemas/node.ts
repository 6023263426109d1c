import { z } from 'zod';
import { did, epochSeconds } from './common.js';

export const nodeVersion = z
  .object({ major: z.number().int(), minor: z.number().int(), patch: z.number().int(), version: z.string() })
  .meta({ id: 'NodeVersion' });

const bytes = z.number().int().meta({ description: 'Bytes.' });

export const nodeInfo = z
  .object({
    service_did: did,
    name: z.string(),
    version: z.string(),
    role: z.enum(['vault', 'backup']),
    document_engine: z.enum(['sqlite', 'mongodb']),
    block_engine: z.enum(['helia', 'kubo']),
    owner_did: z
      .string()
      .meta({
        description: "The owner's DID: the issuer of the node's ownership credential ('' without one).",
      }),
    ownership_presentation: z.record(z.string(), z.unknown()).meta({
      description:
        "A verifiable presentation by the node's DID (realm = the node DID, a fresh nonce) holding the owner's `HiveNodeOwnerCredential` (none without one).",
    }),
    email: z.string(),
    description: z.string(),
    last_commit_id: z.string().meta({ description: "The build's git commit, else the version." }),
    user_count: z
      .number()
      .int()
      .meta({ description: 'Users with a vault record here (also unsubscribed ones).' }),
    vault_count: z.number().int().meta({ description: 'Vaults in use (not unsubscribed).' }),
    backup_count: z.number().int().meta({ description: 'Backups this node keeps.' }),
    latest_access_time: epochSeconds.meta({ description: 'The latest signed-in request; -1 = none yet.' }),
    memory_used: bytes,
    memory_total: bytes,
    storage_used: bytes.meta({ description: "Bytes used on the data directory's file system." }),
    storage_total: bytes,
  })
  .meta({ id: 'NodeInfo' });

export const health = z
  .object({ status: z.literal('ok'), uptime_seconds: z.number() })
  .meta({ id: 'Health' });
