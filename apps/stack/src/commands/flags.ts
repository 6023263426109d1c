// `flags <sidechain>`: the launch line init wrote (the sidechain's launch.json, which is what a
// supervisor runs), with a warning for anything it exposes or announces wrongly. Options that
// differ from the stored settings render a preview through the same function init uses, and say
// which `init --reinit` would write it. Before init, the preview is what init would write.
import { isIPv4 } from 'node:net';
import {
  ChainType,
  PUBLIC_IP_PLACEHOLDER,
  DEFAULT_SIDECHAIN_CHOICES,
  detectPublicIp,
  findEvmKeystore,
  isPublicIPv4,
  isSidechain,
  launchRisk,
  parseSidechainArgs,
  readCredential,
  renderSidechainLaunch,
  shellJoin,
  sidechainSettings,
  type LaunchFile,
  type SidechainId,
  type SidechainSettings,
  type StackState,
} from '@cella/chain';
import { parseComponentOrUsage, printJson, UsageError, type CliContext } from '../cli-context.js';
import { parseLaunchOptions, type LaunchFlags } from '../launch-options.js';

export interface FlagsFlags extends LaunchFlags {
  'chain-type'?: string;
  'public-ip'?: string;
}

/** The address this host announces: the main chain's, else a local interface's. */
function hostPublicIp(state: StackState): { address: string; confirmed: boolean } | undefined {
  const main = state.mainConfig.value?.Configuration.DPoSConfiguration?.IPAddress;
  if (main && isIPv4(main)) return { address: main, confirmed: isPublicIPv4(main) };
  const found = detectPublicIp();
  return found ? { address: found.address, confirmed: found.isPublic } : undefined;
}

async function account(state: StackState, s: SidechainId): Promise<string | undefined> {
  try {
    return (await findEvmKeystore(state.layout.keystoreDir(s)))?.address;
  } catch {
    return undefined; // not a keystore: doctor and config validate report the file
  }
}

/** What init would write for a sidechain it has not initialised yet. */
async function initDefaults(
  state: StackState,
  s: SidechainId,
  chainType: ChainType,
): Promise<SidechainSettings> {
  // On a node.sh install without launch.json, node.sh's rule: mining when <chain>.txt exists.
  const mode =
    state.layout.kind === 'node.sh' && (await readCredential(state.layout.credentialFile(s))) === undefined
      ? 'rpc'
      : DEFAULT_SIDECHAIN_CHOICES.mode;
  return { ...DEFAULT_SIDECHAIN_CHOICES, mode, chainType };
}

export async function runFlags(ctx: CliContext, args: string[], f: FlagsFlags): Promise<number> {
  if (args.length !== 1) throw new UsageError('usage: cella-stack flags <sidechain> [options]');
  const s = parseComponentOrUsage(args[0] ?? '');
  if (!isSidechain(s)) throw new UsageError(`flags: ${args[0]} is not a sidechain (sc, id or third)`);
  const over = parseLaunchOptions(f);
  let chainType: ChainType | undefined;
  if (f['chain-type'] !== undefined) {
    const parsed = ChainType.safeParse(f['chain-type']);
    if (!parsed.success)
      throw new UsageError(`--chain-type must be mainnet or testnet, got "${f['chain-type']}"`);
    chainType = parsed.data;
  }
  const ipOption = f['public-ip'];
  if (ipOption !== undefined && !isIPv4(ipOption))
    throw new UsageError(`--public-ip ${ipOption} is not an IPv4 address`);

  const state = await ctx.load();
  if (s === 'third' && state.third === 'none')
    throw new UsageError('this stack has no third sidechain (--third none)');
  const file = state.launch[s];
  const shown = state.layout.display(file.path);
  if (file.exists && !file.value) {
    throw new Error(
      `${shown} is not a valid launch file: ${file.error ?? 'unreadable'} (cella-stack config validate)`,
    );
  }
  const notes: string[] = [];
  const stored = sidechainSettings(state, s);
  let base: SidechainSettings;
  if (stored) {
    base = stored;
  } else {
    const type = chainType ?? state.chainType;
    if (!type) throw new UsageError('flags: nothing initialised here; pass --chain-type mainnet|testnet');
    base = await initDefaults(state, s, type);
    notes.push(`preview: ${shown} does not exist yet (cella-stack init ${s} writes it)`);
  }

  // The settings asked for: the stored ones, with the options given on top.
  const want: SidechainSettings = {
    ...base,
    chainType: chainType ?? base.chainType,
    mode: over.mode ?? base.mode,
    profile: over.profile ?? base.profile,
    pinPorts: over.pinPorts ?? base.pinPorts,
  };
  if (want.mode === 'mining') {
    const ip = ipOption !== undefined ? { address: ipOption, confirmed: true } : undefined;
    if (ip) Object.assign(want, { publicIp: ip.address, publicIpConfirmed: ip.confirmed });
    else if (want.publicIp === undefined) {
      const host = hostPublicIp(state);
      if (host) Object.assign(want, { publicIp: host.address, publicIpConfirmed: host.confirmed });
    }
    want.account ??= await account(state, s);
  }

  const changes: string[] = [];
  const reinit: string[] = [];
  const change = (what: string, option: string) => {
    changes.push(what);
    reinit.push(option);
  };
  if (want.mode !== base.mode) change(`mode ${base.mode} → ${want.mode}`, `--mode ${want.mode}`);
  if (want.profile !== base.profile)
    change(`profile ${base.profile} → ${want.profile}`, `--profile ${want.profile}`);
  if (want.pinPorts !== base.pinPorts)
    change(
      want.pinPorts ? 'ports pinned' : 'ports not pinned',
      want.pinPorts ? '--pin-ports' : '--no-pin-ports',
    );
  if (ipOption !== undefined && base.mode === 'mining' && want.publicIp !== base.publicIp)
    change(`public IP ${base.publicIp ?? 'unset'} → ${ipOption}`, `--public-ip ${ipOption}`);

  const rendered = renderSidechainLaunch({
    layout: state.layout,
    sidechain: s,
    third: state.third,
    settings: want,
  });
  let output: LaunchFile = rendered;
  const onDisk = file.value;
  if (stored && onDisk) {
    if (want.chainType !== base.chainType) {
      notes.push(
        `preview, not what ${shown} runs: network ${base.chainType} → ${want.chainType} (cella-stack init --chain-type ${want.chainType} --reinit switches the whole stack)`,
      );
    } else if (changes.length) {
      notes.push(
        `preview, not what ${shown} runs: ${changes.join(', ')} (cella-stack init ${s} --reinit ${reinit.join(' ')} writes it)`,
      );
    } else {
      // What runs is the file; it equals the rendering unless someone edited it after init.
      output = onDisk;
      const fromSettings = shellJoin([rendered.command, ...rendered.args]);
      if (onDisk.settings && shellJoin([onDisk.command, ...onDisk.args]) !== fromSettings) {
        notes.push(
          `${shown} was edited after init and differs from the settings it was written with (cella-stack config diff lists how); printed as it runs`,
        );
      }
    }
  }

  const warnings: string[] = [];
  const risk = launchRisk(output.args);
  if (risk) {
    warnings.push(
      `${s}: ${risk.message}` +
        (want.profile === 'spec'
          ? ` (the specification's launch flags; the default hardened profile avoids this: cella-stack init ${s} --reinit --profile hardened)`
          : ''),
    );
  }
  const flags = parseSidechainArgs(output.args);
  const pbft = flags.get('pbft.net.address');
  if (flags.has('mine')) {
    if (pbft === PUBLIC_IP_PLACEHOLDER || pbft === true || pbft === undefined) {
      warnings.push(`${s}: no public IP known for --pbft.net.address: pass --public-ip <address>`);
    } else if (
      output === onDisk ? onDisk.settings?.publicIpConfirmed === false : want.publicIpConfirmed === false
    ) {
      warnings.push(
        `${s}: --pbft.net.address ${pbft} came from a network interface and is not a public address, so PBFT peers cannot reach it: cella-stack init --reinit --public-ip <address>`,
      );
    }
  }

  for (const n of notes) ctx.io.err(n);
  for (const w of warnings) ctx.io.err(`warning: ${w}`);
  if (ctx.json) {
    printJson(ctx, { ...output, preview: output !== onDisk, notes, warnings });
  } else {
    ctx.io.out(shellJoin([output.command, ...output.args]));
  }
  return 0;
}
