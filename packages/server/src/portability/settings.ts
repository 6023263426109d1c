/**
 * Settings of vault exports, from the typed configuration (CELLA_TRANSFERS_MAX_CONCURRENT; see the
 * README's table). `StartOptions.portability` overrides them (tests).
 */
import path from 'node:path';
import type { Config } from '../config.js';

export interface PortabilitySettings {
  /** Temporary files of running exports (`<dataDir>/transfer-spool`; each removed when its export ends). */
  spoolDir: string;
  maxConcurrent: number;
}

export function portabilitySettingsFromConfig(
  config: Pick<Config, 'dataDir' | 'transfersMaxConcurrent'>,
): PortabilitySettings {
  return {
    spoolDir: path.join(config.dataDir, 'transfer-spool'),
    maxConcurrent: config.transfersMaxConcurrent,
  };
}
