import { endpoints } from '@cella/openapi';
import { vaultInfoView } from '../subscription/vault-info-view.js';
import { procedureFor } from '../procedures.js';

/** On the backup node, synchronous: the answer is the new vault. */
export const promoteBackup = procedureFor(endpoints.promoteBackup).mutation(async ({ ctx }) =>
  vaultInfoView(ctx, await ctx.app.backup.promote(ctx.caller.userDid)),
);
