/** POST /api/v2/vault/files/{path}/move `{to}` — rename a file or folder; the destination must not exist. */
import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';

export const moveFile = procedureFor(endpoints.moveFile).mutation(async ({ input: { params, body }, ctx }) =>
  ctx.app.files.move(await ctx.vault(), params.path, body.to),
);
