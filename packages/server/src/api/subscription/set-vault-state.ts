import { endpoints } from '@cella/openapi';
import { CellaError } from '../../errors.js';
import { procedureFor } from '../procedures.js';
import { vaultInfoView } from './vault-info-view.js';

/** `op=deactivation` freezes the vault (every write 403, reads work); `op=activation` unfreezes it. */
export const setVaultState = procedureFor(endpoints.setVaultState).mutation(
  async ({ input: { query }, ctx }) => {
    const record = await ctx.app.vaults.setState(
      ctx.caller.userDid,
      query.op === 'deactivation' ? 'frozen' : 'running',
    );
    if (!record)
      throw new CellaError(
        'VAULT_NOT_FOUND',
        'no vault for this user on this node: subscribe first (PUT /api/v2/subscription/vault)',
      );
    return vaultInfoView(ctx, record);
  },
);
