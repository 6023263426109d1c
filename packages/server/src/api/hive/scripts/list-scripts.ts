/**
 * GET /api/v2/vault/scripting/scripts[?name=&skip=&limit=] — the caller's scripts; none is 404
 * (internal_code 3), as the reference.
 */
import { hiveEndpoints } from '@cella/openapi';
import { CellaError } from '../../../errors.js';
import { procedureFor } from '../../procedures.js';

export const hiveListScripts = procedureFor(hiveEndpoints.hiveListScripts).query(async ({ input, ctx }) => {
  const { name, skip, limit } = input.query;
  const listed = await ctx.app.scripts.list(await ctx.vault(), {
    ...(name === undefined ? {} : { name }),
    ...(skip === undefined ? {} : { skip }),
    ...(limit === undefined ? {} : { limit }),
  });
  if (listed.scripts.length === 0) throw new CellaError('SCRIPT_NOT_FOUND', 'no script is registered');
  return listed;
});
