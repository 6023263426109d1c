import { handle } from '../handler.js';

/** Checks the credential, records the job and answers at once; the backup runs in the background. */
export const startBackup = handle('startBackup', async (input, ctx) =>
  ctx.app.backup.startBackup(ctx.caller, input.body.credential),
);
