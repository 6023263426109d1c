import { unauthorized } from '../../errors.js';
import { unsubscribeVault as unsubscribe } from '../../vault/unsubscribe.js';
import { handle } from '../handler.js';

/** Switches the caller's vault off (data kept), or with `force=true` deletes it (204 either way). */
export const unsubscribeVault = handle('unsubscribeVault', async ({ query }, ctx) => {
  if (!ctx.caller) throw unauthorized('sign in first');
  const { app } = ctx;
  await unsubscribe(
    {
      vaults: app.vaults,
      documents: app.documents,
      refs: app.files.refs,
      transactions: app.scripts.transactions,
      backupJobs: app.backup.jobs,
      log: app.log,
    },
    ctx.caller.userDid,
    query.force === true,
  );
});
