import type { ComponentId } from '@cella/chain';
import { ChainType, InitError, LIGHT_KDF, initStack } from '@cella/chain';
import { parseComponentOrUsage, printJson, UsageError, type CliContext } from '../cli-context.js';
import { parseLaunchOptions, parsePerChain, type LaunchFlags } from '../launch-options.js';

export interface InitFlags extends LaunchFlags {
  'chain-type'?: string;
  'public-ip'?: string;
  'rpcapi-extra'?: string[];
  'frozen-accounts'?: string[];
  'miner-info'?: string;
  reinit?: boolean;
  'dry-run'?: boolean;
  'light-kdf'?: boolean;
}

export async function runInit(ctx: CliContext, args: string[], f: InitFlags): Promise<number> {
  const components: ComponentId[] | undefined = args.length
    ? [...new Set(args.map(parseComponentOrUsage))]
    : undefined;
  let chainType: ChainType | undefined;
  if (f['chain-type'] !== undefined) {
    const parsed = ChainType.safeParse(f['chain-type']);
    if (!parsed.success)
      throw new UsageError(`--chain-type must be mainnet or testnet, got "${f['chain-type']}"`);
    chainType = parsed.data;
  }
  const launch = parseLaunchOptions(f);

  let result;
  try {
    result = await initStack({
      home: ctx.home,
      layoutKind: ctx.layoutKind,
      chainType,
      components,
      third: ctx.third,
      publicIp: f['public-ip'],
      sidechainMode: launch.mode,
      profile: launch.profile,
      pinPorts: launch.pinPorts,
      extraRpcApi: parsePerChain('--rpcapi-extra', f['rpcapi-extra']),
      frozenAccounts: parsePerChain('--frozen-accounts', f['frozen-accounts']),
      minerInfo: f['miner-info'],
      reinit: f.reinit,
      dryRun: f['dry-run'],
      kdf: f['light-kdf'] ? LIGHT_KDF : undefined,
    });
  } catch (err) {
    if (err instanceof InitError) {
      ctx.io.err(`cella-stack init: ${err.message}`);
      return 1;
    }
    throw err;
  }
  const { layout } = result;
  // Warnings go to stderr in both output forms, so a script reading stdout still sees them.
  for (const w of result.warnings) ctx.io.err(`warning: ${w}`);
  if (ctx.json) {
    printJson(ctx, {
      chainType: result.chainType,
      home: layout.home,
      layout: layout.kind,
      third: result.third,
      dryRun: f['dry-run'] ?? false,
      initialised: result.initialised,
      alreadyInitialised: result.alreadyInitialised,
      publicIp: result.publicIp ?? null,
      sidechains: result.sidechains,
      files: result.files.map((x) => ({ ...x, path: layout.display(x.path), mode: '600' })),
      notes: result.notes,
      warnings: result.warnings,
    });
    return 0;
  }
  const head = f['dry-run'] ? 'would write' : 'init';
  ctx.io.out(`cella-stack ${head}: ${result.chainType}, ${layout.kind} layout, home ${layout.home}`);
  for (const file of result.files) {
    ctx.io.out(`  ${file.action.padEnd(9)} ${layout.display(file.path)}`);
  }
  if (result.initialised.length) ctx.io.out(`initialised: ${result.initialised.join(', ')}`);
  if (result.alreadyInitialised.length) {
    ctx.io.out(
      `already initialised, left unchanged: ${result.alreadyInitialised.join(', ')} (--reinit rewrites their configuration; secrets are kept)`,
    );
  }
  for (const [s, x] of Object.entries(result.sidechains)) {
    const extra = x.rpcApiExtra.length ? `, +${x.rpcApiExtra.join(',')}` : '';
    const pinned = x.pinPorts ? ', pinned ports' : '';
    const frozen = x.frozenAccounts.length ? `, ${x.frozenAccounts.length} frozen account(s)` : '';
    ctx.io.out(`sidechain ${s}: ${x.mode} mode, ${x.profile} profile${extra}${pinned}${frozen}`);
  }
  if (result.publicIp) ctx.io.out(`public IP: ${result.publicIp.address} (${result.publicIp.source})`);
  for (const note of result.notes) ctx.io.out(`next: ${note}`);
  return 0;
}
