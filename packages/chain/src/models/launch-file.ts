// `launch.json`: the launch script's command line as data, one per sidechain and oracle. init
// writes it; `flags` renders the same command; `doctor` parses it to find dangerous flags; a
// supervisor (systemd unit, script) can run it verbatim.
import { z } from 'zod';
import { OracleId, SidechainId } from '../layout/components.js';
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
});
export type LaunchFile = z.infer<typeof LaunchFile>;
