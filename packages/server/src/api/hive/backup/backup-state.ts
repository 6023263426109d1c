/** GET /api/v2/vault/content — the caller's latest backup or restore, in the reference's values. */
import { hiveEndpoints } from '@cella/openapi';
import { procedureFor } from '../../procedures.js';
import { backupResultOf } from './backup-result.js';

export const hiveBackupState = procedureFor(hiveEndpoints.hiveBackupState).query(async ({ ctx }) =>
  backupResultOf(await ctx.app.backup.state(ctx.caller.userDid)),
);
