// Ports each component listens on, from its files where they exist (config.json, launch flags)
// and otherwise from the network table: the single source for status and the port-clash check.
import type { ChainType } from '../network/chain-type.js';
import { network } from '../network/network-table.js';
import type { SidechainId } from '../layout/components.js';
import type { StackState } from '../config/load-stack.js';
import { sidechainChainType } from '../config/sidechain-settings.js';
import { sidechainNetwork } from '../init/render-init.js';
import { parseSidechainArgs } from '../models/sidechain-flags.js';
import { mainConfigChainType } from '../models/main-config.js';
import { arbiterConfigChainType } from '../models/arbiter-config.js';

export interface MainChainPorts {
  jsonRpc: number;
  rest: number;
  p2p: number;
  dpos: number;
}
export interface SidechainPortSet {
  rpc: number;
  ws: number;
  p2p: number;
  pbft: number;
}
export interface ArbiterPorts {
  jsonRpc: number;
  rest: number;
}

function effectiveNet(kind: ChainType | 'regnet', fallback: ChainType): ChainType {
  return kind === 'regnet' ? fallback : kind;
}

export function mainChainPorts(state: StackState): MainChainPorts {
  const fallback = state.chainType ?? 'mainnet';
  const c = state.mainConfig.value?.Configuration;
  const net = network(c ? effectiveNet(mainConfigChainType(c), fallback) : fallback).mainChain;
  return {
    jsonRpc: c?.HttpJsonPort ?? net.httpJsonPort,
    rest: c?.HttpRestPort ?? net.httpRestPort,
    p2p: c?.NodePort ?? net.nodePort,
    dpos: c?.DPoSConfiguration?.DPoSPort ?? net.dposPort,
  };
}

export function arbiterPorts(state: StackState): ArbiterPorts {
  const fallback = state.chainType ?? 'mainnet';
  const c = state.arbiterConfig.value?.Configuration;
  const net = network(c ? effectiveNet(arbiterConfigChainType(c), fallback) : fallback).arbiter;
  return { jsonRpc: c?.HttpJsonPort ?? net.httpJsonPort, rest: c?.HttpRestPort ?? net.httpRestPort };
}

function intFlag(flags: Map<string, string | true>, name: string): number | undefined {
  const v = flags.get(name);
  return typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : undefined;
}

/** Table ports, overridden by --rpcport/--wsport/--port/--pbft.net.port in the launch file. */
export function sidechainPorts(state: StackState, s: SidechainId): SidechainPortSet | undefined {
  if (s === 'third' && state.third === 'none') return undefined;
  const side = sidechainNetwork(s, sidechainChainType(state, s), state.third);
  const flags = parseSidechainArgs(state.launch[s].value?.args ?? []);
  return {
    rpc: intFlag(flags, 'rpcport') ?? side.rpcPort,
    ws: intFlag(flags, 'wsport') ?? side.wsPort,
    p2p: intFlag(flags, 'port') ?? side.p2pPort,
    pbft: intFlag(flags, 'pbft.net.port') ?? side.pbftPort,
  };
}
