/**
 * Settings of backups, from the typed configuration (CELLA_BACKUP_RETRY_WINDOW, CELLA_BACKUP_LEASE,
 * CELLA_BACKUP_STALE_ATTEMPT, CELLA_BACKUP_SWEEP_INTERVAL; see the README's table).
 * `StartOptions.backup` overrides them (tests).
 */
import type { Config } from '../config.js';

export interface BackupSettings {
  retryWindowMs: number;
  leaseMs: number;
  staleAttemptSeconds: number;
  sweepIntervalMs: number;
}

export function backupSettingsFromConfig(
  config: Pick<
    Config,
    | 'backupRetryWindowSeconds'
    | 'backupLeaseSeconds'
    | 'backupStaleAttemptSeconds'
    | 'backupSweepIntervalSeconds'
  >,
): BackupSettings {
  return {
    retryWindowMs: config.backupRetryWindowSeconds * 1000,
    leaseMs: config.backupLeaseSeconds * 1000,
    staleAttemptSeconds: config.backupStaleAttemptSeconds,
    sweepIntervalMs: config.backupSweepIntervalSeconds * 1000,
  };
}
