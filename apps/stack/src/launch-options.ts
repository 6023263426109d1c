// The sidechain launch options `init` and `flags` share, parsed once: profile (with --hardened as
// its old spelling), mode, pinned ports, and the per-chain lists `C=item,item`.
import {
  EvmAddress,
  LaunchProfile,
  RpcModule,
  SidechainMode,
  isSidechain,
  type SidechainId,
} from '@cella/chain';
import { parseComponentOrUsage, UsageError } from './cli-context.js';

export interface LaunchFlags {
  mode?: string;
  profile?: string;
  hardened?: boolean;
  'pin-ports'?: boolean;
  'no-pin-ports'?: boolean;
}

export interface LaunchOptions {
  mode?: SidechainMode;
  profile?: LaunchProfile;
  pinPorts?: boolean;
}

export function parseLaunchOptions(f: LaunchFlags): LaunchOptions {
  const out: LaunchOptions = {};
  if (f.mode !== undefined) {
    const parsed = SidechainMode.safeParse(f.mode);
    if (!parsed.success) throw new UsageError(`--mode must be mining or rpc, got "${f.mode}"`);
    out.mode = parsed.data;
  }
  if (f.profile !== undefined) {
    const parsed = LaunchProfile.safeParse(f.profile);
    if (!parsed.success) throw new UsageError(`--profile must be hardened or spec, got "${f.profile}"`);
    out.profile = parsed.data;
  }
  if (f.hardened) {
    if (out.profile === 'spec') throw new UsageError('--hardened and --profile spec contradict each other');
    out.profile = 'hardened';
  }
  if (f['pin-ports'] && f['no-pin-ports'])
    throw new UsageError('--pin-ports and --no-pin-ports contradict each other');
  if (f['pin-ports']) out.pinPorts = true;
  if (f['no-pin-ports']) out.pinPorts = false;
  return out;
}

const ITEM = {
  '--rpcapi-extra': { schema: RpcModule, example: 'id=did', what: 'module names like did,debug' },
  '--frozen-accounts': {
    schema: EvmAddress,
    example: 'sc=0x…,0x…',
    what: '0x-prefixed 20-byte addresses',
  },
} as const;

/** `--rpcapi-extra id=did,debug` (repeatable): lists for the named sidechains only; `C=` clears. */
export function parsePerChain(
  flag: keyof typeof ITEM,
  values: readonly string[] | undefined,
): Partial<Record<SidechainId, string[]>> | undefined {
  if (!values?.length) return undefined;
  const { schema, example, what } = ITEM[flag];
  const out: Partial<Record<SidechainId, string[]>> = {};
  for (const value of values) {
    const eq = value.indexOf('=');
    if (eq <= 0) {
      throw new UsageError(
        `${flag} ${value}: name the sidechain it is for, e.g. ${flag} ${example} (it applies to that chain only)`,
      );
    }
    const chain = parseComponentOrUsage(value.slice(0, eq));
    if (!isSidechain(chain))
      throw new UsageError(`${flag} ${value}: ${chain} is not a sidechain (sc, id or third)`);
    if (out[chain]) throw new UsageError(`${flag} names ${chain} twice`);
    const items = value
      .slice(eq + 1)
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    const bad = items.filter((x) => !schema.safeParse(x).success);
    if (bad.length) throw new UsageError(`${flag} ${value}: ${bad.join(', ')}: expected ${what}`);
    out[chain] = [...new Set(items)];
  }
  return out;
}
