/**
 * GET /api/v2/vault/files/{path}/hash — the file's CID (the `?comp=hash` form is download-file.ts).
 *
 * The path is ambiguous when `{path}` is a folder: then `{path}/hash` names a file called `hash`
 * inside it, and that file is sent as a download. A file and a folder cannot share a name, so at
 * most one reading exists; when neither does, the answer is 404.
 */
import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';
import { serveFile } from './serve-file.js';

export const fileHash = procedureFor(endpoints.fileHash).query(async ({ input: { params }, ctx }) => {
  const { files } = ctx.app;
  const vault = await ctx.vault();
  const entry = await files.stat(vault, params.path);
  if (entry.is_file) return files.hash(vault, params.path);
  return serveFile(ctx.http, files, vault, `${params.path}/hash`);
});
