/** POST /api/v2/vault/files/{path}/copy `{to}` — shares the content; the size counts against the quota again. */
import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';

export const copyFile = procedureFor(endpoints.copyFile).mutation(async ({ input: { params, body }, ctx }) =>
  ctx.app.files.copy(await ctx.vault(), params.path, body.to),
);
