import { endpoints } from '@cella/openapi';
import { unsubscribeVault as unsubscribe } from '../../vault/unsubscribe.js';
import { procedureFor } from '../procedures.js';

/** Switches the caller's vault off (data kept), or with `force=true` deletes it (204 either way). */
export const unsubscribeVault = procedureFor(endpoints.unsubscribeVault).mutation(
  async ({ input: { query }, ctx }) => {
    const { app } = ctx;
    await unsubscribe(
      {
        vaults: app.vaults,
        documents: app.documents,
        refs: app.files.refs,
        transactions: app.scripts.transactions,
        backupJobs: app.backup.jobs,
        userRecords: [app.files.publicFiles, app.access],
        log: app.log,
      },
      ctx.caller.userDid,
      query.force === true,
    );
  },
);
