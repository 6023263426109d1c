import type { ComponentId } from '@cella/chain';
import {
  ChainType,
  InitError,
  LIGHT_KDF,
  SidechainMode,
  initStack,
  isSidechain,
  type SidechainId,
} from '@cella/chain';
import { parseComponentOrUsage, printJson, UsageError, type CliContext } from '../cli-context.js';

export interface InitFlags {
  'chain-type'?: string;
  'public-ip'?: string;
  mode?: string;
  hardened?: boolean;
  'pin-ports'?: boolean;
  'rpcapi-extra'?: string;
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
  let mode: SidechainMode | undefined;
  if (f.mode !== undefined) {
    const parsed = SidechainMode.safeParse(f.mode);
    if (!parsed.success) throw new UsageError(`--mode must be mining or rpc, got "${f.mode}"`);
    mode = parsed.data;
  }
  const extra =
    f['rpcapi-extra']
      ?.split(',')
      .map((m) => m.trim())
      .filter(Boolean) ?? [];
  if (extra.some((m) => !/^[a-z]+$/.test(m)))
    throw new UsageError('--rpcapi-extra takes module names like did,debug');
  const sidechains: SidechainId[] = (components ?? ['sc', 'id', 'third']).filter(isSidechain);
  const extraRpcApi = extra.length ? Object.fromEntries(sidechains.map((s) => [s, extra])) : undefined;

  let result;
  try {
    result = await initStack({
      home: ctx.home,
      layoutKind: ctx.layoutKind,
      chainType,
      components,
      third: ctx.third,
      publicIp: f['public-ip'],
      sidechainMode: mode,
      hardened: f.hardened,
      pinPorts: f['pin-ports'],
      minerInfo: f['miner-info'],
      extraRpcApi,
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
      files: result.files.map((x) => ({ ...x, path: layout.display(x.path), mode: '600' })),
      notes: result.notes,
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
  if (result.publicIp) ctx.io.out(`public IP: ${result.publicIp.address} (${result.publicIp.source})`);
  for (const note of result.notes) ctx.io.out(`next: ${note}`);
  return 0;
}
