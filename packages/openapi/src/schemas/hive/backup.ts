/** The Hive dialect's backup requests and answers (`/vault/content`, the reference's values). */
import { z } from 'zod';
import { queryBoolean } from '../common.js';
import { backupCredential } from '../backup.js';
import { backupCredential as credentialExample } from '../example-values.js';

const isForce = queryBoolean.optional().meta({
  description:
    "As the reference: without it the backup node is checked before the job starts (reached and signed in to, the user's backup service there, for a restore a complete backup), each refused at once with 400; `true` skips those checks.",
});

export const backupQuery = z.object({
  to: z
    .literal('hive_node')
    .meta({ description: 'Back up to the node the credential names.', examples: ['hive_node'] }),
  is_force: isForce,
});

export const restoreQuery = z.object({
  from: z
    .literal('hive_node')
    .meta({ description: 'Restore from the node the credential names.', examples: ['hive_node'] }),
  is_force: isForce,
});

export const credentialRequest = z.strictObject({ credential: backupCredential }).meta({
  id: 'HiveBackupRequest',
  // The Hive SDK sends the credential as JSON text.
  examples: [{ credential: JSON.stringify(credentialExample) }],
});

export const backupResult = z
  .object({
    state: z
      .enum(['stop', 'backup', 'restore'])
      .meta({ description: 'The latest job; `stop` when none ran.' }),
    result: z
      .enum(['success', 'failed', 'process'])
      .meta({ description: 'How it went: `process` while it runs, then `success` or `failed`.' }),
    message: z
      .string()
      .meta({ description: "Progress while in process, the reason when failed, '' before any job." }),
  })
  .meta({
    id: 'HiveBackupResult',
    examples: [{ state: 'backup', result: 'success', message: 'backed up 2 files and 3 database chunks' }],
  });
