/** The reference's view of a backup service record (`/subscription/backup`). */
import type { BackupRecord } from '../../../backup/backup-records.js';

export function backupInfoView(serviceDid: string, record: BackupRecord) {
  return {
    service_did: serviceDid,
    pricing_plan: record.plan,
    storage_quota: record.quota,
    storage_used: record.current?.bytes ?? 0,
    start_time: record.start,
    end_time: record.end,
    created: record.created,
    updated: record.updated,
  };
}
