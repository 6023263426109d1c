/** GET /api/v2/vault/files/{path}/hash (or `?comp=hash`) — the file's CID. */
import { handle } from '../handler.js';
import { callerVault } from '../db/vault-of.js';

export const fileHash = handle('fileHash', async ({ params }, ctx) =>
  ctx.app.files.hash(await callerVault(ctx), params.path),
);
