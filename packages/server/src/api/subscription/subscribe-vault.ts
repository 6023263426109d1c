import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';
import { vaultInfoView } from './vault-info-view.js';

/** Creates the caller's vault with the free plan, restores an unsubscribed one with its data, or returns it as it is (200, as the reference). */
export const subscribeVault = procedureFor(endpoints.subscribeVault).mutation(async ({ ctx }) => {
  const record = await ctx.app.vaults.subscribe(ctx.caller.userDid);
  // Read again past the request-path cache so usage is current.
  return vaultInfoView(ctx, (await ctx.app.vaults.find(ctx.caller.userDid)) ?? record);
});
