/**
 * GET /api/v2/vault/files/{path}?list=true[&recursive=true] — a folder listing;
 * GET /api/v2/vault/files/{path}?comp=metadata — properties of a file or folder.
 * (`comp=children` is the reference's spelling of `list=true`; `comp=hash` goes to fileHash.)
 * The same operation id as the raw download: the dispatcher sends JSON forms here.
 */
import { handle } from '../handler.js';
import { callerVault } from '../db/vault-of.js';

export const listOrProperties = handle('downloadFile', async ({ params, query }, ctx) => {
  const vault = await callerVault(ctx);
  if (query.comp === 'metadata') return ctx.app.files.stat(vault, params.path);
  return { value: await ctx.app.files.list(vault, params.path, { recursive: query.recursive === true }) };
});
