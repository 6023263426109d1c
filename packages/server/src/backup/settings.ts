/**
 * Settings of backups, read from the environment here (as the files service does) so the shared
 * config file stays small:
 *   CELLA_BACKUP_RETRY_WINDOW   seconds a run keeps retrying after transient failures (default 600)
 *   CELLA_BACKUP_LEASE          seconds a job's lease lasts without a heartbeat (default 30)
 *   CELLA_BACKUP_STALE_ATTEMPT  seconds after which a backup node abandons an idle attempt (default 3600)
 *   CELLA_BACKUP_SWEEP_INTERVAL seconds between backup-store sweeps on a backup node; 0 = never (default 3600)
 */
import { z } from 'zod';
import { ConfigError } from '../config.js';

export interface BackupSettings {
  retryWindowMs: number;
  leaseMs: number;
  staleAttemptSeconds: number;
  sweepIntervalMs: number;
}

const seconds = (fallback: number, min = 0) =>
  z.coerce
    .number()
    .min(min)
    .max(30 * 86400)
    .default(fallback);

const schema = z.object({
  CELLA_BACKUP_RETRY_WINDOW: seconds(600),
  CELLA_BACKUP_LEASE: seconds(30, 2),
  CELLA_BACKUP_STALE_ATTEMPT: seconds(3600, 1),
  CELLA_BACKUP_SWEEP_INTERVAL: seconds(3600),
});

export function backupSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): BackupSettings {
  const picked = Object.fromEntries(
    Object.keys(schema.shape)
      .map((k) => [k, env[k]])
      .filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = schema.safeParse(picked);
  if (!parsed.success) {
    throw new ConfigError(
      `invalid backup settings: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  const s = parsed.data;
  return {
    retryWindowMs: s.CELLA_BACKUP_RETRY_WINDOW * 1000,
    leaseMs: s.CELLA_BACKUP_LEASE * 1000,
    staleAttemptSeconds: s.CELLA_BACKUP_STALE_ATTEMPT,
    sweepIntervalMs: s.CELLA_BACKUP_SWEEP_INTERVAL * 1000,
  };
}
