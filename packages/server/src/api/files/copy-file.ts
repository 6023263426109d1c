/** POST /api/v2/vault/files/{path}/copy `{to}` — shares the content; the size counts against the quota again. */
import { handle } from '../handler.js';
import { callerVault } from '../db/vault-of.js';

export const copyFile = handle('copyFile', async ({ params, body }, ctx) =>
  ctx.app.files.copy(await callerVault(ctx), params.path, body.to),
);
