// `launch.json`: the launch script's command line as data, one per sidechain and oracle. init
// writes it; `flags` prints it; `doctor` parses it to find dangerous flags; a supervisor (systemd
// unit, script) can run it verbatim. A sidechain's file also holds the settings its command line
// was rendered from, so the settings outlive the run of init that chose them.
import { z } from 'zod';
import { OracleId, SidechainId } from '../layout/components.js';
import { SidechainSettings } from './launch-settings.js';
import { SidechainMode } from './sidechain-flags.js';

export const LaunchFile = z.object({
  component: z.union([SidechainId, OracleId]),
  /** Sidechain name (ESC, EID, PG…) the command runs or serves. */
  chain: z.string().min(1),
  mode: SidechainMode.optional(),
  cwd: z.string().min(1),
  command: z.string().min(1),
  args: z.array(z.string()),
  env: z.record(z.string(), z.string()).optional(),
  /** Sidechains: what `args` was rendered from (absent in files written before it existed). */
  settings: SidechainSettings.optional(),
});
export type LaunchFile = z.infer<typeof LaunchFile>;
