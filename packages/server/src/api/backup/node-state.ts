import { handle } from '../handler.js';

export const backupNodeState = handle('backupNodeState', async (_input, ctx) =>
  ctx.app.backup.backupNode().state(ctx.caller),
);
