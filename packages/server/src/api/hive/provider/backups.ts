/** GET /api/v2/provider/backups — every backup service of this backup node (owner only); none is 404/2. */
import { hiveEndpoints } from '@cella/openapi';
import { CellaError } from '../../../errors.js';
import { procedureFor } from '../../procedures.js';
import { assertNodeOwner } from './owner-only.js';

export const hiveProviderBackups = procedureFor(hiveEndpoints.hiveProviderBackups).query(async ({ ctx }) => {
  assertNodeOwner(ctx);
  const records = (await ctx.app.backup.records?.all()) ?? [];
  if (records.length === 0) throw new CellaError('BACKUP_NOT_FOUND', 'no backup service on this node');
  return {
    backups: records.map((r) => ({
      pricing_using: r.plan,
      max_storage: r.quota,
      use_storage: r.current?.bytes ?? 0,
      user_did: r.userDid,
    })),
  };
});
