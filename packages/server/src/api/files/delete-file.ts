/** DELETE /api/v2/vault/files/{path} — a file, or a folder with everything below it. */
import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';
import { refuseRootWrite } from './file-path-required.js';

export const deleteFile = procedureFor(endpoints.deleteFile).mutation(async ({ input: { params }, ctx }) => {
  refuseRootWrite(ctx, params.path);
  await ctx.app.files.delete(await ctx.vault(), params.path);
});
