/** PATCH /api/v2/vault/files/{path}?to= — moves or renames a file or folder. */
import { hiveEndpoints } from '@cella/openapi';
import { procedureFor } from '../../procedures.js';
import { refuseRootWrite } from '../../files/file-path-required.js';

export const hiveMoveFile = procedureFor(hiveEndpoints.hiveMoveFile).mutation(
  async ({ input: { params, query }, ctx }) => {
    refuseRootWrite(ctx, params.path);
    return ctx.app.files.move(await ctx.vault(), params.path, query.to);
  },
);
