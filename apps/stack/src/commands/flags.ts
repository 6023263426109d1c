import {
  ChainType,
  DEFAULT_THIRD_SIDECHAIN,
  SidechainMode,
  detectPublicIp,
  findEvmKeystore,
  isSidechain,
  readCredential,
  renderSidechainLaunch,
  shellJoin,
  stackLayout,
} from '@cella/chain';
import { parseComponentOrUsage, printJson, UsageError, type CliContext } from '../cli-context.js';

export interface FlagsFlags {
  mode?: string;
  'chain-type'?: string;
  'public-ip'?: string;
  hardened?: boolean;
  'pin-ports'?: boolean;
  'rpcapi-extra'?: string;
}

/** Prints the exact launch command line of a sidechain, with this home's paths and account. */
export async function runFlags(ctx: CliContext, args: string[], f: FlagsFlags): Promise<number> {
  if (args.length !== 1) throw new UsageError('usage: cella-stack flags <sidechain> --mode mining|rpc');
  const s = parseComponentOrUsage(args[0] ?? '');
  if (!isSidechain(s)) throw new UsageError(`flags: ${args[0]} is not a sidechain (sc, id or third)`);
  const state = await ctx.load();
  if (s === 'third' && state.third === 'none')
    throw new UsageError('this stack has no third sidechain (--third none)');
  const chainTypeInput = f['chain-type'] ?? state.chainType;
  if (chainTypeInput === undefined)
    throw new UsageError('flags: no node.json here yet; pass --chain-type mainnet|testnet');
  const chainType = ChainType.safeParse(chainTypeInput);
  if (!chainType.success)
    throw new UsageError(`--chain-type must be mainnet or testnet, got "${chainTypeInput}"`);

  const launch = state.launch[s].value;
  let mode: SidechainMode;
  if (f.mode !== undefined) {
    const parsed = SidechainMode.safeParse(f.mode);
    if (!parsed.success) throw new UsageError(`--mode must be mining or rpc, got "${f.mode}"`);
    mode = parsed.data;
  } else {
    // node.sh's rule: mining when the sidechain's keystore password file exists.
    mode =
      launch?.mode ??
      ((await readCredential(state.layout.credentialFile(s))) !== undefined ? 'mining' : 'rpc');
  }
  const layout = stackLayout(
    state.layout.home,
    state.layout.kind,
    state.third === 'none' ? DEFAULT_THIRD_SIDECHAIN : state.third,
  );
  let unlock = '<account_address>';
  let publicIp = f['public-ip'] ?? state.mainConfig.value?.Configuration.DPoSConfiguration?.IPAddress;
  if (mode === 'mining') {
    try {
      unlock = (await findEvmKeystore(layout.keystoreDir(s)))?.address ?? unlock;
    } catch {
      // an unreadable keystore leaves the placeholder; doctor reports the file
    }
    publicIp ??= detectPublicIp()?.address ?? '<public_ip>';
  }
  const extra =
    f['rpcapi-extra']
      ?.split(',')
      .map((m) => m.trim())
      .filter(Boolean) ?? [];
  const rendered = renderSidechainLaunch({
    layout,
    sidechain: s,
    chainType: chainType.data,
    third: state.third,
    mode,
    publicIp,
    unlock,
    hardened: f.hardened,
    pinPorts: f['pin-ports'],
    extraRpcApi: extra,
  });
  if (ctx.json) {
    printJson(ctx, rendered);
  } else {
    ctx.io.out(shellJoin([rendered.command, ...rendered.args]));
  }
  return 0;
}
