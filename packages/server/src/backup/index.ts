export { BackupService, type BackupServiceDeps } from './service.js';
export { backupSettingsFromConfig, type BackupSettings } from './settings.js';
export { BackupStore, type BackupSweepReport } from './backup-store.js';
export { BackupRecords, type BackupRecord, type CurrentBackup } from './backup-records.js';
export type { BackupStateView, JobKind } from './jobs.js';
export { BACKUP_CREDENTIAL_TYPES, type BackupGrant } from './credential.js';
