import { handle } from '../handler.js';

/** Checks the credential, records the restore job and answers at once. */
export const restoreBackup = handle('restoreBackup', async (input, ctx) =>
  ctx.app.backup.startRestore(ctx.caller, input.body.credential),
);
