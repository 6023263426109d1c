// Sidechain launch flags (spec §2.3). Sidechain nodes have no config file: the launch script fixes
// their flags. This module renders them, in the spec's order, from typed options and the network
// table, and parses a command line back into flags so `doctor` can inspect what will really run.
// Two profiles: `hardened` (the default: loopback RPC, no personal/db/admin, nothing unlocked) and
// `spec` (spec §2.3 exactly, as node.sh writes it: 0.0.0.0, personal and --unlock).
import { z } from 'zod';
import { ChainType } from '../network/chain-type.js';
import { Port } from './common.js';

export const SidechainMode = z.enum(['mining', 'rpc']);
export type SidechainMode = z.infer<typeof SidechainMode>;

export const LaunchProfile = z.enum(['hardened', 'spec']);
export type LaunchProfile = z.infer<typeof LaunchProfile>;
export const DEFAULT_LAUNCH_PROFILE: LaunchProfile = 'hardened';

/** An extra `--rpcapi` module name (geth namespaces are lowercase words: did, debug, miner…). */
export const RpcModule = z.string().regex(/^[a-z]+$/, 'an RPC module name like did or debug');

/** `--rpcapi` of spec §2.3, per mode. */
export const MINING_RPCAPI = ['db', 'eth', 'net', 'pbft', 'personal', 'txpool', 'web3'] as const;
export const RPC_NODE_RPCAPI = ['admin', 'eth', 'net', 'txpool', 'web3'] as const;
/** Hardened profile (the default): no `personal`/`db`/`admin`, loopback binding, no unlocked account. */
export const HARDENED_MINING_RPCAPI = ['eth', 'net', 'pbft', 'txpool', 'web3'] as const;
export const HARDENED_RPC_NODE_RPCAPI = ['eth', 'net', 'txpool', 'web3'] as const;

export const MINER_THREADS = 1;
export const LIGHTSERV_PERCENT = 10;
export const SYNC_MODE = 'full';

export const SidechainPorts = z.object({ rpc: Port, ws: Port, p2p: Port, pbft: Port });
export type SidechainPorts = z.infer<typeof SidechainPorts>;

export const SidechainLaunchOptions = z.object({
  chainType: ChainType,
  mode: SidechainMode,
  datadir: z.string().min(1),
  ports: SidechainPorts,
  /** Mining mode: file holding this sidechain's keystore password. */
  passwordFile: z.string().min(1).optional(),
  /** Mining mode: the main-chain keystore used for PBFT signing, and its password file. */
  pbftKeystore: z.string().min(1).optional(),
  pbftKeystorePassword: z.string().min(1).optional(),
  /** Mining mode: public IPv4 announced to the PBFT network. */
  pbftNetAddress: z.string().min(1).optional(),
  /** Mining mode: the sidechain account to unlock (`0x…`). */
  unlock: z.string().min(1).optional(),
  frozenAccounts: z.array(z.string()).default([]),
  /** `hardened`: RPC/WS on 127.0.0.1, no personal/db/admin, no unlocked account. `spec`: spec §2.3. */
  profile: LaunchProfile.default(DEFAULT_LAUNCH_PROFILE),
  /** Pass --port/--rpcport/--wsport explicitly (the binary's built-ins are the mainnet ports). */
  pinPorts: z.boolean().default(false),
  /** Extra `--rpcapi` modules, e.g. `did` on the identity chain for DID resolution. */
  extraRpcApi: z.array(RpcModule).default([]),
});
export type SidechainLaunchOptions = z.input<typeof SidechainLaunchOptions>;

/** The `--rpcapi` modules a mode and profile start from, before extra modules. */
export function baseRpcApi(mode: SidechainMode, profile: LaunchProfile): readonly string[] {
  if (mode === 'mining') return profile === 'hardened' ? HARDENED_MINING_RPCAPI : MINING_RPCAPI;
  return profile === 'hardened' ? HARDENED_RPC_NODE_RPCAPI : RPC_NODE_RPCAPI;
}

function rpcApi(mode: SidechainMode, profile: LaunchProfile, extra: readonly string[]): string {
  const all: string[] = [...baseRpcApi(mode, profile)];
  for (const m of extra) if (!all.includes(m)) all.push(m);
  return all.join(',');
}

function need(value: string | undefined, flag: string): string {
  if (value === undefined) throw new Error(`mining mode needs a value for ${flag}`);
  return value;
}

/**
 * The argv after the binary name. Order: `--testnet` (testnet only, as node.sh adds it), then the
 * spec's list in the spec's order; `--port/--rpcport/--wsport` last when pinned.
 */
export function renderSidechainArgs(input: SidechainLaunchOptions): string[] {
  const o = SidechainLaunchOptions.parse(input);
  const hardened = o.profile === 'hardened';
  const bind = hardened ? '127.0.0.1' : '0.0.0.0';
  const args: string[] = [];
  if (o.chainType === 'testnet') args.push('--testnet');
  if (o.mode === 'mining') {
    if (!hardened) args.push('--allow-insecure-unlock');
    args.push('--datadir', o.datadir);
    args.push('--mine', '--miner.threads', String(MINER_THREADS));
    args.push('--password', need(o.passwordFile, '--password'));
    args.push('--pbft.keystore', need(o.pbftKeystore, '--pbft.keystore'));
    args.push('--pbft.keystore.password', need(o.pbftKeystorePassword, '--pbft.keystore.password'));
    args.push('--pbft.net.address', need(o.pbftNetAddress, '--pbft.net.address'));
    args.push('--pbft.net.port', String(o.ports.pbft));
    args.push('--rpc', '--rpcaddr', bind, '--rpcapi', rpcApi('mining', o.profile, o.extraRpcApi));
    args.push('--syncmode', SYNC_MODE);
    if (!hardened) args.push('--unlock', need(o.unlock, '--unlock'));
    args.push('--ws', '--wsaddr', bind);
    args.push('--frozen.account.list', o.frozenAccounts.join(','));
  } else {
    args.push('--datadir', o.datadir);
    args.push('--lightserv', String(LIGHTSERV_PERCENT));
    args.push('--rpc', '--rpcaddr', bind, '--rpcapi', rpcApi('rpc', o.profile, o.extraRpcApi));
    args.push('--ws', '--wsaddr', bind);
  }
  if (o.pinPorts) {
    args.push(
      '--port',
      String(o.ports.p2p),
      '--rpcport',
      String(o.ports.rpc),
      '--wsport',
      String(o.ports.ws),
    );
  }
  return args;
}

/** Flags that take no value (geth 1.9 style). Everything else takes the next argument. */
const BOOLEAN_FLAGS = new Set(['allow-insecure-unlock', 'mine', 'rpc', 'ws', 'testnet', 'nousb', 'lightkdf']);

/** Parses `--flag value`, `--flag=value` and boolean flags into a map (last one wins). */
export function parseSidechainArgs(args: readonly string[]): Map<string, string | true> {
  const flags = new Map<string, string | true>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (!arg.startsWith('-')) continue;
    const body = arg.replace(/^--?/, '');
    const eq = body.indexOf('=');
    if (eq >= 0) {
      flags.set(body.slice(0, eq), body.slice(eq + 1));
    } else if (BOOLEAN_FLAGS.has(body)) {
      flags.set(body, true);
    } else {
      const next = args[i + 1];
      if (next !== undefined && !next.startsWith('--')) {
        flags.set(body, next);
        i++;
      } else {
        flags.set(body, true);
      }
    }
  }
  return flags;
}

/** geth's default bind address is localhost; an absent or empty address is loopback too. */
export function isLoopbackBind(addr: string | true | undefined): boolean {
  return (
    addr === undefined ||
    addr === true ||
    addr === '' ||
    addr === 'localhost' ||
    addr.startsWith('127.') ||
    addr === '::1'
  );
}

/** RPC modules that must never face the network: account control, node administration, debugging. */
export const RISKY_RPC_MODULES: readonly string[] = ['personal', 'admin', 'debug'];

/**
 * The modules geth serves over HTTP or WebSocket when `--rpcapi` / `--wsapi` is not given. `eth`
 * is among them, and `eth_sendTransaction` signs with any unlocked account: an unlocked account
 * behind an exposed RPC can be spent from without `personal`.
 */
export const DEFAULT_RPC_MODULES: readonly string[] = ['eth', 'net', 'web3'];

/** What a sidechain command line exposes beyond this host. */
export interface LaunchExposure {
  /** The non-loopback address the HTTP or WebSocket RPC binds, when one does. */
  exposedOn?: string;
  /** Risky modules (personal, admin, debug) reachable on that address. */
  exposedModules: string[];
  /** `eth` reachable on that address (named, or by geth's default module list). */
  ethExposed: boolean;
  /** The account `--unlock` names, `true` with only `--allow-insecure-unlock`, else undefined. */
  unlocked?: string | true;
}

/** Reads a command line the way an attacker on the network would see the node it starts. */
export function launchExposure(args: readonly string[]): LaunchExposure {
  const flags = parseSidechainArgs(args);
  // The modules an endpoint serves: its list, else geth's defaults (eth, net, web3).
  const served = (name: 'rpcapi' | 'wsapi') => {
    const list = flags.get(name);
    return typeof list === 'string' ? list.split(',').map((m) => m.trim()) : [...DEFAULT_RPC_MODULES];
  };
  const exposed = new Set<string>();
  let ethExposed = false;
  let exposedOn: string | undefined;
  for (const [on, bind, api] of [
    ['rpc', 'rpcaddr', 'rpcapi'],
    ['ws', 'wsaddr', 'wsapi'],
  ] as const) {
    if (!flags.has(on) || isLoopbackBind(flags.get(bind))) continue;
    exposedOn ??= String(flags.get(bind));
    const modules = served(api);
    for (const m of modules) if (RISKY_RPC_MODULES.includes(m)) exposed.add(m);
    if (modules.includes('eth')) ethExposed = true;
  }
  const unlock = flags.get('unlock');
  const unlocked =
    typeof unlock === 'string' ? unlock : flags.has('allow-insecure-unlock') ? true : undefined;
  return { exposedOn, exposedModules: [...exposed], ethExposed, unlocked };
}

const SAFE = /^[A-Za-z0-9_./:,=@%+-]+$/;

/** Quotes an argv for a POSIX shell, so the printed command line can be pasted as is. */
export function shellJoin(argv: readonly string[]): string {
  return argv.map((a) => (SAFE.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`)).join(' ');
}
