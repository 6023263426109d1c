// What a sidechain's launch line is rendered from. init stores these settings in the sidechain's
// launch.json next to the command it rendered, so `flags`, `config diff` and a later
// `init --reinit` work from the operator's choices (profile, mode, extra modules, pinned ports,
// frozen accounts) and the network init wrote for, never from defaults or a later edit of
// node.json (spec §2.1: "a change after initialization has no effect").
import { z } from 'zod';
import { ChainType } from '../network/chain-type.js';
import { DEFAULT_LAUNCH_PROFILE, LaunchProfile, RpcModule, SidechainMode } from './sidechain-flags.js';

export const EvmAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'not a 0x-prefixed 20-byte address');

/** The choices an operator makes per sidechain (init options). */
export const SidechainChoices = z.object({
  mode: SidechainMode,
  profile: LaunchProfile,
  /** Extra `--rpcapi` modules of this sidechain only, e.g. `did` on the identity chain. */
  rpcApiExtra: z.array(RpcModule),
  /** Pass --port/--rpcport/--wsport from the network table. */
  pinPorts: z.boolean(),
  /** `--frozen.account.list` (mining mode). */
  frozenAccounts: z.array(EvmAddress),
});
export type SidechainChoices = z.infer<typeof SidechainChoices>;

export const DEFAULT_SIDECHAIN_CHOICES: Readonly<SidechainChoices> = {
  mode: 'mining',
  profile: DEFAULT_LAUNCH_PROFILE,
  rpcApiExtra: [],
  pinPorts: false,
  frozenAccounts: [],
};

/** Choices plus what init found for this host: the whole input of a sidechain's launch line. */
export const SidechainSettings = SidechainChoices.extend({
  /** The network init rendered for. */
  chainType: ChainType,
  /** Mining: the address announced as `--pbft.net.address`. */
  publicIp: z.string().min(1).optional(),
  /** False when init took `publicIp` from a network interface and it is not a public address. */
  publicIpConfirmed: z.boolean().optional(),
  /** Mining: this sidechain's account (`--unlock` in the spec profile). */
  account: z.string().min(1).optional(),
});
export type SidechainSettings = z.infer<typeof SidechainSettings>;

/** The operator's choices out of full settings (for comparing and carrying them over). */
export function choicesOf(settings: SidechainChoices): SidechainChoices {
  const { mode, profile, rpcApiExtra, pinPorts, frozenAccounts } = settings;
  return { mode, profile, rpcApiExtra: [...rpcApiExtra], pinPorts, frozenAccounts: [...frozenAccounts] };
}
