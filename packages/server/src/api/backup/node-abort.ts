import { handle } from '../handler.js';

export const backupNodeAbort = handle('backupNodeAbort', async (input, ctx) => {
  await ctx.app.backup.backupNode().abort(ctx.caller, input.query.attempt_id);
});
