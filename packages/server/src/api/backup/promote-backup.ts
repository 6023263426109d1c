import { vaultInfoView } from '../subscription/vault-info-view.js';
import { handle } from '../handler.js';

/** On the backup node, synchronous: the answer is the new vault. */
export const promoteBackup = handle('promoteBackup', async (_input, ctx) =>
  vaultInfoView(await ctx.app.backup.promote(ctx.caller), ctx.app.identity.did),
);
