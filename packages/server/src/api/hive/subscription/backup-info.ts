/** GET /api/v2/subscription/backup — the caller's backup service here; none is 404 (internal_code 2). */
import { hiveEndpoints } from '@cella/openapi';
import { procedureFor } from '../../procedures.js';
import { backupInfoView } from './backup-info-view.js';

export const hiveBackupInfo = procedureFor(hiveEndpoints.hiveBackupInfo).query(async ({ ctx }) =>
  backupInfoView(ctx.app.identity.did, await ctx.app.backup.backupSubscription(ctx.caller.userDid)),
);
