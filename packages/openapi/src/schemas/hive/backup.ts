/** The Hive dialect's backup requests and answers (`/vault/content`, the reference's values). */
import { z } from 'zod';
import { queryBoolean } from '../common.js';
import { backupCredential } from '../backup.js';

export const backupQuery = z.object({
  to: z.literal('hive_node').meta({ description: 'Back up to the node the credential names.' }),
  is_force: queryBoolean.optional().meta({ description: 'Accepted; the checks run either way.' }),
});

export const restoreQuery = z.object({
  from: z.literal('hive_node').meta({ description: 'Restore from the node the credential names.' }),
  is_force: queryBoolean.optional().meta({ description: 'Accepted; the checks run either way.' }),
});

export const credentialRequest = z
  .strictObject({ credential: backupCredential })
  .meta({ id: 'HiveBackupRequest' });

export const backupResult = z
  .object({
    state: z
      .enum(['stop', 'backup', 'restore'])
      .meta({ description: 'The latest job; `stop` when none ran.' }),
    result: z.enum(['success', 'failed', 'process']),
    message: z
      .string()
      .meta({ description: "Progress while in process, the reason when failed, '' before any job." }),
  })
  .meta({ id: 'HiveBackupResult' });
