import { handle } from '../handler.js';

export const backupNodeHoldRoots = handle('backupNodeHoldRoots', async (input, ctx) =>
  ctx.app.backup.backupNode().holdRoots(ctx.caller, input.body.attempt_id, input.body.cids),
);
