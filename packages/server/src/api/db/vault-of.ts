import type { RequestContext } from '../../context.js';
import { unauthorized } from '../../errors.js';
import type { VaultRecord } from '../../vault/vaults.js';

/** The signed-in caller's vault (created with the free plan on first use). */
export async function callerVault(ctx: RequestContext): Promise<VaultRecord> {
  if (!ctx.caller) throw unauthorized('sign in first');
  return ctx.app.vaults.open(ctx.caller.userDid);
}
