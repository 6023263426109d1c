/** DELETE /api/v2/vault/files/{path} — a file, or a folder with everything below it. */
import { handle } from '../handler.js';
import { callerVault } from '../db/vault-of.js';

export const deleteFile = handle('deleteFile', async ({ params }, ctx) => {
  await ctx.app.files.delete(await callerVault(ctx), params.path);
});
