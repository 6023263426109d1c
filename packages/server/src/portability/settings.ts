/**
 * Settings of vault exports and imports, from the typed configuration (CELLA_TRANSFERS_MAX_CONCURRENT,
 * CELLA_IMPORT_MAX_BYTES; see the README's table). `StartOptions.portability` overrides them (tests).
 */
import path from 'node:path';
import type { Config } from '../config.js';

export interface PortabilitySettings {
  /**
   * Temporary files of running exports and imports (`<dataDir>/transfer-spool`; each removed when
   * its transfer ends, and whatever a killed process left there at the node's next start).
   */
  spoolDir: string;
  /** Exports running at once in a node process; as many imports. */
  maxConcurrent: number;
  /** The largest request body an import reads (its vault's quota bounds it too). */
  importMaxBytes: number;
}

export function portabilitySettingsFromConfig(
  config: Pick<Config, 'dataDir' | 'transfersMaxConcurrent' | 'importMaxBytes'>,
): PortabilitySettings {
  return {
    spoolDir: path.join(config.dataDir, 'transfer-spool'),
    maxConcurrent: config.transfersMaxConcurrent,
    importMaxBytes: config.importMaxBytes,
  };
}
