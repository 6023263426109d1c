/** POST /api/v2/vault/files/{path}/move `{to}` — rename a file or folder; the destination must not exist. */
import { handle } from '../handler.js';
import { callerVault } from '../db/vault-of.js';

export const moveFile = handle('moveFile', async ({ params, body }, ctx) =>
  ctx.app.files.move(await callerVault(ctx), params.path, body.to),
);
