// `status`: per component, whether it is configured, its ports, whether its RPC answers, and its
// height and peers. Probes run in parallel with the RPC clients' timeout (3 s by default); a
// value that could not be read is null, never a guess.
import {
  COMPONENT_TITLES,
  INIT_ORDER,
  isOracle,
  isSidechain,
  type ComponentId,
  type SidechainId,
} from '../layout/components.js';
import type { ChainType } from '../network/chain-type.js';
import type { StackState } from '../config/load-stack.js';
import { sidechainChainType } from '../config/sidechain-settings.js';
import { sidechainNetwork } from '../init/render-init.js';
import { ArbiterClient } from '../rpc/arbiter-client.js';
import { ChainRpcError, isMethodNotFound } from '../rpc/errors.js';
import { probeDidResolution } from '../rpc/did-client.js';
import { EvmRpcClient } from '../rpc/evm-client.js';
import { MainChainClient } from '../rpc/main-chain-client.js';
import { arbiterPorts, mainChainPorts, sidechainPorts } from './component-ports.js';

/** A main chain whose best block is older than this is still syncing (node.sh's rule). */
export const SYNCED_WITHIN_SECONDS = 180;

export interface ComponentStatus {
  component: ComponentId;
  title: string;
  configured: boolean;
  ports: Record<string, number>;
  endpoint?: string;
  /** null: not probed (oracles have no RPC the spec defines). */
  reachable: boolean | null;
  height: number | null;
  peers: number | null;
  chainId?: number | null;
  syncing?: boolean | null;
  /** Identity chain only: whether the node answers did_resolveDID. */
  didResolution?: 'served' | 'not-served' | null;
  healthy: boolean;
  problems: string[];
  notes: string[];
}

export interface StackStatus {
  home: string;
  layout: string;
  chainType: ChainType | null;
  third: string;
  healthy: boolean;
  components: ComponentStatus[];
}

export interface StackStatusOptions {
  /** RPC URL per component, instead of 127.0.0.1 and the configured port. */
  endpoints?: Partial<Record<ComponentId, string>>;
  timeoutMs?: number;
  now?: () => Date;
}

function reachability(err: unknown): boolean {
  return !(err instanceof ChainRpcError && (err.code === 'UNREACHABLE' || err.code === 'TIMEOUT'));
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function base(c: ComponentId, configured: boolean): ComponentStatus {
  return {
    component: c,
    title: COMPONENT_TITLES[c],
    configured,
    ports: {},
    reachable: null,
    height: null,
    peers: null,
    healthy: true,
    problems: [],
    notes: [],
  };
}

async function mainStatus(state: StackState, o: StackStatusOptions): Promise<ComponentStatus> {
  const configured = state.initialised.main || state.mainConfig.exists;
  const s = base('main', configured);
  const ports = mainChainPorts(state);
  s.ports = { ...ports };
  if (!configured) return s;
  if (!state.mainConfig.value) {
    s.problems.push(`${state.layout.display(state.mainConfig.path)}: ${state.mainConfig.error ?? 'missing'}`);
    return s;
  }
  const rpc = state.mainConfig.value.Configuration.RpcConfiguration;
  const url = o.endpoints?.main ?? `http://127.0.0.1:${ports.jsonRpc}`;
  const client = new MainChainClient({ url, user: rpc?.User, pass: rpc?.Pass, timeoutMs: o.timeoutMs });
  s.endpoint = client.endpoint;
  try {
    const [height, peers, best] = await Promise.all([
      client.getCurrentHeight(),
      client.getConnectionCount(),
      client.getBestBlockHash().then((h) => client.getBlock(h, 1)),
    ]);
    s.reachable = true;
    s.height = height;
    s.peers = peers;
    const age = Math.floor((o.now?.() ?? new Date()).getTime() / 1000) - best.time;
    s.syncing = age > SYNCED_WITHIN_SECONDS;
    if (s.syncing) s.problems.push(`syncing: best block is ${age} s old`);
    if (peers === 0) s.notes.push('no peers');
  } catch (err) {
    s.reachable = reachability(err);
    s.problems.push(message(err));
  }
  return s;
}

async function sidechainStatus(
  state: StackState,
  c: SidechainId,
  o: StackStatusOptions,
): Promise<ComponentStatus> {
  const configured = state.initialised[c] || state.launch[c].exists;
  const s = base(c, configured);
  const ports = sidechainPorts(state, c);
  if (!ports) {
    s.notes.push('no third sidechain in this stack');
    return s;
  }
  const chainType = sidechainChainType(state, c);
  const side = sidechainNetwork(c, chainType, state.third);
  s.title = `${s.title} (${side.name})`;
  s.ports = { ...ports };
  if (!configured) return s;
  const client = new EvmRpcClient({
    url: o.endpoints?.[c] ?? `http://127.0.0.1:${ports.rpc}`,
    service: `${side.name} RPC`,
    chainId: side.chainId ?? 0,
    timeoutMs: o.timeoutMs,
  });
  s.endpoint = client.endpoint;
  try {
    const [chainId, height, syncing] = await Promise.all([
      client.chainId(),
      client.blockNumber(),
      client.syncing(),
    ]);
    s.reachable = true;
    s.chainId = Number(chainId);
    s.height = Number(height);
    s.syncing = syncing !== false;
    if (side.chainId !== null && s.chainId !== side.chainId) {
      s.problems.push(`chain ID ${s.chainId}, expected ${side.chainId} (${side.name} ${chainType})`);
    }
    if (syncing !== false)
      s.problems.push(`syncing: block ${BigInt(syncing.currentBlock)} of ${BigInt(syncing.highestBlock)}`);
    if (c === 'id') {
      s.didResolution = await probeDidResolution(client);
      if (s.didResolution === 'not-served')
        s.notes.push(
          'did_resolveDID not served (cella-stack init id --reinit --rpcapi-extra id=did for a local DID resolver)',
        );
    }
    try {
      s.peers = await client.peerCount();
      if (s.peers === 0) s.notes.push('no peers');
    } catch (err) {
      if (!isMethodNotFound(err)) throw err;
      s.notes.push('net_peerCount not served: peers unknown');
    }
  } catch (err) {
    s.reachable = reachability(err);
    s.problems.push(message(err));
  } finally {
    client.destroy();
  }
  return s;
}

async function arbiterStatus(state: StackState, o: StackStatusOptions): Promise<ComponentStatus> {
  const configured = state.initialised.arbiter || state.arbiterConfig.exists;
  const s = base('arbiter', configured);
  const ports = arbiterPorts(state);
  s.ports = { ...ports };
  if (!configured) return s;
  if (!state.arbiterConfig.value) {
    s.problems.push(
      `${state.layout.display(state.arbiterConfig.path)}: ${state.arbiterConfig.error ?? 'missing'}`,
    );
    return s;
  }
  const rpc = state.arbiterConfig.value.Configuration.RpcConfiguration;
  const client = new ArbiterClient({
    url: o.endpoints?.arbiter ?? `http://127.0.0.1:${ports.jsonRpc}`,
    user: rpc.User,
    pass: rpc.Pass,
    timeoutMs: o.timeoutMs,
  });
  s.endpoint = client.endpoint;
  try {
    await client.getInfo();
    s.reachable = true;
    try {
      const spv = await client.call('getspvheight', {});
      if (typeof spv === 'number') s.height = spv;
    } catch {
      s.notes.push('getspvheight not served: height unknown');
    }
  } catch (err) {
    s.reachable = reachability(err);
    s.problems.push(message(err));
  }
  return s;
}

export async function stackStatus(state: StackState, options: StackStatusOptions = {}): Promise<StackStatus> {
  const components = await Promise.all(
    INIT_ORDER.map((c) => {
      if (c === 'main') return mainStatus(state, options);
      if (c === 'arbiter') return arbiterStatus(state, options);
      if (isSidechain(c)) return sidechainStatus(state, c, options);
      const configured = state.initialised[c] || state.launch[c].exists;
      const s = base(c, configured);
      if (configured && isOracle(c)) s.notes.push('no RPC to probe');
      return Promise.resolve(s);
    }),
  );
  for (const c of components) c.healthy = !c.configured || c.problems.length === 0;
  const anyConfigured = components.some((c) => c.configured);
  return {
    home: state.layout.home,
    layout: state.layout.kind,
    chainType: state.chainType ?? null,
    third: state.third,
    healthy: anyConfigured && components.every((c) => c.healthy),
    components,
  };
}
