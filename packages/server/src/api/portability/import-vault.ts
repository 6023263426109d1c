/**
 * POST /api/v2/vault/import — a vault export streamed into the caller's vault, all or nothing
 * (portability/import-service.ts, docs/portability.md). A declared length past the node's cap is
 * refused before the first byte; the rest of the bounds apply as the bytes arrive.
 */
import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';
import { withStreamedBody } from '../streamed-body.js';
import { tooLarge } from '../../portability/import-receive.js';

export const importVault = procedureFor(endpoints.importVault).mutation(async ({ input: { query }, ctx }) => {
  const imports = ctx.app.vaultImport;
  return withStreamedBody(ctx, 'import', async ({ body, declared, signal }) => {
    if (declared !== undefined && declared > imports.maxBytes)
      throw tooLarge(imports.maxBytes, `the node accepts (CELLA_IMPORT_MAX_BYTES = ${imports.maxBytes})`);
    return imports.importVault(ctx.caller.userDid, body, { mode: query.mode ?? 'empty', signal });
  });
});
