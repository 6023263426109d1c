/**
 * POST /api/v2/vault/content?to=hive_node `{credential}` — starts a backup of the whole vault
 * (every space) to the node the credential names; answers at once with `process`. Without
 * `is_force` the backup node is checked first, as the reference does (BackupService.checkTarget).
 */
import { hiveEndpoints } from '@cella/openapi';
import { procedureFor } from '../../procedures.js';
import { backupResultOf } from './backup-result.js';

export const hiveStartBackup = procedureFor(hiveEndpoints.hiveStartBackup).mutation(
  async ({ input: { query, body }, ctx }) =>
    backupResultOf(
      await ctx.app.backup.startBackup(ctx.caller.userDid, body.credential, {
        checkTarget: query.is_force !== true,
      }),
    ),
);
