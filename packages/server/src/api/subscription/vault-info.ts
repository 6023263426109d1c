import { endpoints } from '@cella/openapi';
import { CellaError } from '../../errors.js';
import { procedureFor } from '../procedures.js';
import { vaultInfoView } from './vault-info-view.js';

/** The caller's vault. A read never creates one: 404 until the first subscribe or write. */
export const vaultInfo = procedureFor(endpoints.vaultInfo).query(async ({ ctx }) => {
  const record = await ctx.app.vaults.find(ctx.caller.userDid);
  if (!record)
    throw new CellaError(
      'VAULT_NOT_FOUND',
      'no vault for this user on this node: subscribe first (PUT /api/v2/subscription/vault)',
    );
  return vaultInfoView(ctx, record);
});
