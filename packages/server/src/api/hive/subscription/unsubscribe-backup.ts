/** DELETE /api/v2/subscription/backup — deletes the caller's backup service and the backup kept here. */
import { hiveEndpoints } from '@cella/openapi';
import { procedureFor } from '../../procedures.js';

export const hiveUnsubscribeBackup = procedureFor(hiveEndpoints.hiveUnsubscribeBackup).mutation(
  async ({ ctx }) => {
    await ctx.app.backup.unsubscribeBackup(ctx.caller.userDid);
  },
);
