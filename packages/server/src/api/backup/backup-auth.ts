import { endpoints } from '@cella/openapi';
import { countSignIn } from '../auth/count-sign-in.js';
import { procedureFor } from '../procedures.js';

/** Node-to-node sign-in (backup nodes only): presentation of the user's backup credential → BackupToken. */
export const backupAuth = procedureFor(endpoints.backupAuth).mutation(async ({ input, ctx }) => {
  const { token, exp, document } = await countSignIn(
    ctx.app.metrics,
    'node',
    ctx.app.backup.auth.authenticate(input.body.challenge_response, input.body.issuer_document),
  );
  return { token, exp, document };
});
