import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';

/** Node-to-node sign-in (backup nodes only): presentation of the user's backup credential → BackupToken. */
export const backupAuth = procedureFor(endpoints.backupAuth).mutation(async ({ input, ctx }) => {
  const { token, exp, document } = await ctx.app.backup.auth.authenticate(
    input.body.challenge_response,
    input.body.issuer_document,
  );
  return { token, exp, document };
});
