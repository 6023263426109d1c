/** GET /api/v2/provider/vaults — every vault in use on this node (owner only); none is 404/1. */
import { hiveEndpoints } from '@cella/openapi';
import { CellaError } from '../../../errors.js';
import { totalsOf } from '../../../vault/access-stats.js';
import { procedureFor } from '../../procedures.js';
import { assertNodeOwner } from './owner-only.js';

export const hiveProviderVaults = procedureFor(hiveEndpoints.hiveProviderVaults).query(async ({ ctx }) => {
  assertNodeOwner(ctx);
  const records = (await ctx.app.vaults.all()).filter((v) => v.state !== 'removed');
  if (records.length === 0) throw new CellaError('VAULT_NOT_FOUND', 'no vault on this node');
  return {
    vaults: await Promise.all(
      records.map(async (v) => {
        const access = totalsOf(await ctx.app.access.forUser(v.userDid));
        return {
          pricing_using: v.plan,
          max_storage: v.quota,
          file_use_storage: v.filesUsed,
          db_use_storage: v.dbUsed,
          user_did: v.userDid,
          access_count: access.count,
          access_amount: access.amount,
          access_last_time: access.last,
        };
      }),
    ),
  };
});
