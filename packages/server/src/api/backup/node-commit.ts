import { handle } from '../handler.js';

export const backupNodeCommit = handle('backupNodeCommit', async (input, ctx) =>
  ctx.app.backup
    .backupNode()
    .commit(ctx.caller, input.body.attempt_id, input.body.manifest, input.body.manifest_hash),
);
