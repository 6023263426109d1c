import { handle } from '../handler.js';

export const backupNodeManifest = handle('backupNodeManifest', async (_input, ctx) =>
  ctx.app.backup.backupNode().manifest(ctx.caller),
);
