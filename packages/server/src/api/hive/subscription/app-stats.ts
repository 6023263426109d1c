/**
 * GET /api/v2/subscription/vault/app_stats — one entry per application that used the caller's
 * vault: what its DID says about it, the bytes of its space, its requests. None is 404
 * (internal_code 9), as the reference.
 */
import { hiveEndpoints } from '@cella/openapi';
import { appInfoOf } from '../../../auth/app-info.js';
import { CellaError } from '../../../errors.js';
import { spaceOf } from '../../../vault/spaces.js';
import { procedureFor } from '../../procedures.js';

export const hiveAppStats = procedureFor(hiveEndpoints.hiveAppStats).query(async ({ ctx }) => {
  const { vaults, access, database, resolver } = ctx.app;
  const userDid = ctx.caller.userDid;
  const record = await vaults.find(userDid);
  if (!record) throw new CellaError('VAULT_NOT_FOUND', 'no vault for this user on this node');
  const apps = (await access.forUser(userDid)).filter((entry) => entry.app !== null);
  if (apps.length === 0) throw new CellaError('APPLICATION_NOT_FOUND', 'no application has used this vault');
  return {
    apps: await Promise.all(
      apps.map(async (entry) => {
        const app = entry.app!;
        const [info, used] = await Promise.all([
          appInfoOf(resolver, app),
          database.spaceUsage(spaceOf(record, app)),
        ]);
        return {
          name: info.name,
          developer_did: info.developerDid,
          icon_url: info.iconUrl,
          redirect_url: info.redirectUrl,
          user_did: userDid,
          app_did: app,
          used_storage_size: used,
          access_count: entry.count,
          access_amount: entry.amount,
          access_last_time: entry.last,
        };
      }),
    ),
  };
});
