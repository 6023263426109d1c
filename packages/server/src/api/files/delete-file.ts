/** DELETE /api/v2/vault/files/{path} — a file, or a folder with everything below it. */
import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';

export const deleteFile = procedureFor(endpoints.deleteFile).mutation(async ({ input: { params }, ctx }) => {
  await ctx.app.files.delete(await ctx.vault(), params.path);
});
