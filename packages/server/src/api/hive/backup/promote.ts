/** POST /api/v2/backup/promotion — on the backup node: the backup kept here becomes the caller's vault. */
import { hiveEndpoints } from '@cella/openapi';
import { procedureFor } from '../../procedures.js';
import { vaultInfoView } from '../../subscription/vault-info-view.js';

export const hivePromote = procedureFor(hiveEndpoints.hivePromote).mutation(async ({ ctx }) =>
  vaultInfoView(ctx, await ctx.app.backup.promote(ctx.caller.userDid)),
);
