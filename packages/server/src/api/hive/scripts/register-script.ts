/** PUT /api/v2/vault/scripting/{script_name} — registers or replaces one of the caller's scripts. */
import { hiveEndpoints } from '@cella/openapi';
import { procedureFor } from '../../procedures.js';

export const hiveRegisterScript = procedureFor(hiveEndpoints.hiveRegisterScript).mutation(
  async ({ input: { params, body }, ctx }) =>
    ctx.app.scripts.register(await ctx.vault(), params.script_name, body),
);
