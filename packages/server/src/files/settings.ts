/**
 * Settings of the files service: how often the reference-count sweep runs and how long a count
 * or a pin must have been left alone before the sweep may change it.
 *
 * They are read from the environment here rather than in `config.ts` because the config file is
 * outside the files area; `StartOptions.files` overrides them (tests).
 *   CELLA_FILES_SWEEP_INTERVAL  seconds between sweeps; 0 = never (default 3600)
 *   CELLA_FILES_SWEEP_GRACE     seconds a mismatched count or an orphan pin is left alone (default 900)
 */
import { z } from 'zod';
import { ConfigError } from '../config.js';

export interface FilesSettings {
  /** Milliseconds between sweeps; 0 disables the periodic sweep. */
  sweepIntervalMs: number;
  /** Milliseconds a mismatch must persist before the sweep repairs it. */
  sweepGraceMs: number;
}

const seconds = (fallback: number) => z.coerce.number().min(0).max(30 * 86400).default(fallback);

const schema = z.object({
  CELLA_FILES_SWEEP_INTERVAL: seconds(3600),
  CELLA_FILES_SWEEP_GRACE: seconds(900),
});

export function filesSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): FilesSettings {
  const picked = Object.fromEntries(
    Object.entries({ CELLA_FILES_SWEEP_INTERVAL: env.CELLA_FILES_SWEEP_INTERVAL, CELLA_FILES_SWEEP_GRACE: env.CELLA_FILES_SWEEP_GRACE }).filter(
      ([, v]) => v !== undefined && v !== '',
    ),
  );
  const parsed = schema.safeParse(picked);
  if (!parsed.success) {
    throw new ConfigError(`invalid files settings: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  return {
    sweepIntervalMs: Math.round(parsed.data.CELLA_FILES_SWEEP_INTERVAL * 1000),
    sweepGraceMs: Math.round(parsed.data.CELLA_FILES_SWEEP_GRACE * 1000),
  };
}
