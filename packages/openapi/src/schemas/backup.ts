import { z } from 'zod';
import { epochSeconds } from './common.js';

export const backupCredential = z
  .union([z.record(z.string(), z.unknown()), z.string().min(1).max(65_536)])
  .meta({
    id: 'BackupCredential',
    description:
      'A `HiveBackupCredential` VC issued by the user to this node, naming the backup node (`targetHiveNodeDID`, `targetNodeURL`), as an object or a JSON string.',
  });

export const startBackupRequest = z.object({ credential: backupCredential }).meta({ id: 'StartBackupRequest' });
export const restoreRequest = z.object({ credential: backupCredential }).meta({ id: 'RestoreRequest' });

export const backupState = z
  .object({
    state: z.enum(['idle', 'backup', 'restore']),
    result: z.enum(['running', 'success', 'failed']),
    message: z.string(),
    progress: z.object({
      bytes_done: z.number().int(),
      bytes_total: z.number().int(),
      items_done: z.number().int(),
      items_total: z.number().int(),
    }),
    started_at: epochSeconds.nullable(),
    finished_at: epochSeconds.nullable(),
    last_success_at: epochSeconds.nullable(),
  })
  .meta({ id: 'BackupState' });
