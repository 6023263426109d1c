/**
 * PUT /api/v2/vault/files/{path}?dest= — copies (the router gives this entry the PUTs that carry
 * `dest`; their body is empty or `{}` and is never stored).
 */
import { hiveEndpoints } from '@cella/openapi';
import { procedureFor } from '../../procedures.js';
import { refuseRootWrite } from '../../files/file-path-required.js';

export const hiveCopyFile = procedureFor(hiveEndpoints.hiveCopyFile).mutation(
  async ({ input: { params, query }, ctx }) => {
    refuseRootWrite(ctx, params.path);
    return ctx.app.files.copy(await ctx.vault(), params.path, query.dest);
  },
);
