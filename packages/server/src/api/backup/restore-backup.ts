import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';

/** Checks the credential, records the restore job and answers at once. */
export const restoreBackup = procedureFor(endpoints.restoreBackup).mutation(async ({ input, ctx }) =>
  ctx.app.backup.startRestore(ctx.caller.userDid, input.body.credential),
);
