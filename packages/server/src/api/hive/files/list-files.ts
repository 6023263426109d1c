/** GET /api/v2/vault/files/{path}?comp=children — every file below the folder (the reference's listing). */
import { hiveEndpoints } from '@cella/openapi';
import { procedureFor } from '../../procedures.js';

export const hiveListFiles = procedureFor(hiveEndpoints.hiveListFiles).query(
  async ({ input: { params }, ctx }) => ({
    value: await ctx.app.files.listFiles(await ctx.vault(), params.path),
  }),
);
