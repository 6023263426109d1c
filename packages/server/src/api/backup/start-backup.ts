import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';

/** Checks the credential, records the job and answers at once; the backup runs in the background. */
export const startBackup = procedureFor(endpoints.startBackup).mutation(async ({ input, ctx }) =>
  ctx.app.backup.startBackup(ctx.caller.userDid, input.body.credential),
);
