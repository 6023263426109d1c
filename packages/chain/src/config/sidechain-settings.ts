// The settings behind a sidechain's launch.json: the ones init stored next to the command line,
// or, for a file without them (written before they were stored, or by hand), read back from the
// command line itself.
import type { ChainType } from '../network/chain-type.js';
import type { SidechainId } from '../layout/components.js';
import { isPublicIPv4 } from '../init/public-ip.js';
import type { LaunchFile } from '../models/launch-file.js';
import { EvmAddress, type SidechainSettings } from '../models/launch-settings.js';
import {
  RpcModule,
  baseRpcApi,
  isLoopbackBind,
  launchExposure,
  parseSidechainArgs,
  type LaunchProfile,
} from '../models/sidechain-flags.js';
import type { StackState } from './load-stack.js';

export function inferSidechainSettings(launch: Pick<LaunchFile, 'args' | 'mode'>): SidechainSettings {
  const flags = parseSidechainArgs(launch.args);
  const str = (name: string) => {
    const v = flags.get(name);
    return typeof v === 'string' && v !== '' ? v : undefined;
  };
  const mode = launch.mode ?? (flags.has('mine') ? 'mining' : 'rpc');
  const profile: LaunchProfile =
    isLoopbackBind(flags.get('rpcaddr')) && launchExposure(launch.args).unlocked === undefined
      ? 'hardened'
      : 'spec';
  const base = baseRpcApi(mode, profile);
  const list = (name: string) => (str(name) ?? '').split(',').filter(Boolean);
  const publicIp = mode === 'mining' ? str('pbft.net.address') : undefined;
  const account = mode === 'mining' ? str('unlock') : undefined;
  return {
    chainType: flags.has('testnet') ? 'testnet' : 'mainnet',
    mode,
    profile,
    rpcApiExtra: list('rpcapi').filter((m) => !base.includes(m) && RpcModule.safeParse(m).success),
    pinPorts: flags.has('port') || flags.has('rpcport') || flags.has('wsport'),
    frozenAccounts: list('frozen.account.list').filter((a) => EvmAddress.safeParse(a).success),
    ...(publicIp ? { publicIp, publicIpConfirmed: isPublicIPv4(publicIp) } : {}),
    ...(account ? { account } : {}),
  };
}

/** What the sidechain's launch.json was rendered from; undefined when there is no valid file. */
export function sidechainSettings(state: StackState, s: SidechainId): SidechainSettings | undefined {
  const launch = state.launch[s].value;
  if (!launch) return undefined;
  return launch.settings ?? inferSidechainSettings(launch);
}

/** The network a sidechain was initialised for (its launch.json), else node.json's, else mainnet. */
export function sidechainChainType(state: StackState, s: SidechainId): ChainType {
  return sidechainSettings(state, s)?.chainType ?? state.chainType ?? 'mainnet';
}
