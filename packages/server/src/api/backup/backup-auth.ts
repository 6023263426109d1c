import { handle } from '../handler.js';

/** Node-to-node sign-in (backup nodes only): presentation of the user's backup credential → BackupToken. */
export const backupAuth = handle('backupAuth', async (input, ctx) => {
  const { token, exp, document } = await ctx.app.backup.auth.authenticate(
    input.body.challenge_response,
    input.body.issuer_document,
  );
  return { token, exp, document };
});
