/** PUT /api/v2/subscription/backup — the backup service on this backup node, free plan; 455 when subscribed. */
import { hiveEndpoints } from '@cella/openapi';
import { procedureFor } from '../../procedures.js';
import { backupInfoView } from './backup-info-view.js';

export const hiveSubscribeBackup = procedureFor(hiveEndpoints.hiveSubscribeBackup).mutation(async ({ ctx }) =>
  backupInfoView(ctx.app.identity.did, await ctx.app.backup.subscribeBackup(ctx.caller.userDid)),
);
