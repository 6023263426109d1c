/**
 * Settings of exports and imports, from the typed configuration (CELLA_EXPORTS_REMEMBERED,
 * CELLA_TRANSFERS_MAX_CONCURRENT, CELLA_IMPORT_MAX_MANIFEST; see the README's table).
 * `StartOptions.portability` overrides them (tests).
 */
import path from 'node:path';
import type { Config } from '../config.js';

export interface PortabilitySettings {
  /** Temporary files of running exports and imports (`<dataDir>/transfer-spool`, emptied at start). */
  spoolDir: string;
  exportsRemembered: number;
  maxConcurrent: number;
  maxManifestBytes: number;
  /** How long in-flight requests may still use a vault's old database after an import switched it. */
  drainMs: number;
}

export function portabilitySettingsFromConfig(
  config: Pick<Config, 'dataDir' | 'exportsRemembered' | 'transfersMaxConcurrent' | 'importMaxManifestBytes'>,
): PortabilitySettings {
  return {
    spoolDir: path.join(config.dataDir, 'transfer-spool'),
    exportsRemembered: config.exportsRemembered,
    maxConcurrent: config.transfersMaxConcurrent,
    maxManifestBytes: config.importMaxManifestBytes,
    drainMs: 1500,
  };
}
