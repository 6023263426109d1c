import { handle } from '../handler.js';

export const backupNodeBegin = handle('backupNodeBegin', async (input, ctx) =>
  ctx.app.backup.backupNode().begin(ctx.caller, input.body.bytes),
);
