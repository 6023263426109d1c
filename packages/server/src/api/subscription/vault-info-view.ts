import type { schemas } from '@cella/openapi';
import type { z } from 'zod';
import { displayState, type VaultRecord } from '../../vault/vaults.js';

export type VaultInfoView = z.input<typeof schemas.payment.vaultInfo>;

/** The owner's view of a vault record (`GET/PUT /subscription/vault`). */
export function vaultInfoView(record: VaultRecord, serviceDid: string): VaultInfoView {
  return {
    service_did: serviceDid,
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
  };
}
