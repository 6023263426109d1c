import { handle } from '../handler.js';

export const backupNodeMissingBlocks = handle('backupNodeMissingBlocks', async (input, ctx) =>
  ctx.app.backup.backupNode().missingBlocks(ctx.caller, input.body.cids),
);
