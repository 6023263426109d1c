import type { schemas } from '@cella/openapi';
import type { z } from 'zod';
import { totalsOf } from '../../vault/access-stats.js';
import { displayState, type VaultRecord } from '../../vault/vaults.js';
import type { RequestContext } from '../request-context.js';

export type VaultInfoView = z.input<typeof schemas.payment.vaultInfo>;

/**
 * The owner's view of a vault record (`GET/PUT /subscription/vault`): Cella's fields and the
 * reference's (applications and access statistics, from the access counters).
 */
export async function vaultInfoView(ctx: RequestContext, record: VaultRecord): Promise<VaultInfoView> {
  const access = totalsOf(await ctx.app.access.forUser(record.userDid));
  return {
    service_did: ctx.app.identity.did,
    pricing_plan: record.plan,
    storage_quota: record.quota,
    storage_used: record.dbUsed + record.filesUsed,
    database_used: record.dbUsed,
    files_used: record.filesUsed,
    start_time: record.start,
    end_time: record.end,
    created: record.created,
    updated: record.updated,
    state: displayState(record),
    app_count: access.apps,
    access_count: access.count,
    access_amount: access.amount,
    access_last_time: access.last,
  };
}
