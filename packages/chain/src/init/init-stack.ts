// `init`: decides what to (re)initialise, refuses what spec §1/§2.1 forbid, gathers secrets
// (existing ones are always reused, never regenerated), settles each sidechain's settings (the
// options given, else what its launch.json stored, else the defaults: hardened, mining), renders
// the files and writes them.
import { promises as fs } from 'node:fs';
import { isIPv4 } from 'node:net';
import path from 'node:path';
import type { NetworkInterfaceInfo } from 'node:os';
import type { ChainType } from '../network/chain-type.js';
import { DEFAULT_THIRD_SIDECHAIN, type ThirdSidechainChoice } from '../network/third-sidechains.js';
import {
  ARBITER_PREREQUISITES,
  INIT_ORDER,
  isOracle,
  isSidechain,
  type ComponentId,
  type SidechainId,
} from '../layout/components.js';
import { detectLayoutKind, stackLayout, type LayoutKind, type StackLayout } from '../layout/stack-layout.js';
import { loadStack, readCredential } from '../config/load-stack.js';
import { sidechainSettings } from '../config/sidechain-settings.js';
import { launchRisk } from '../doctor/launch-risk.js';
import {
  DEFAULT_SIDECHAIN_CHOICES,
  choicesOf,
  type SidechainChoices,
  type SidechainSettings,
} from '../models/launch-settings.js';
import type { LaunchProfile, SidechainMode } from '../models/sidechain-flags.js';
import {
  createEvmKeystore,
  STANDARD_KDF,
  type EvmKeystore,
  type KdfParams,
} from '../secrets/evm-keystore.js';
import {
  generateKeystorePassword,
  generateRpcCredential,
  systemRandom,
  type RandomSource,
} from '../secrets/random.js';
import { findEvmKeystore } from '../secrets/keystore-dir.js';
import { createFileExclusive, ensurePrivateDir, writeFileAtomic } from './atomic-write.js';
import { existingRpcCredentials } from './existing-rpc.js';
import { InitError } from './init-error.js';
import { detectPublicIp, isPublicIPv4 } from './public-ip.js';
import { renderInit, renderSidechainLaunch, type FileArtifact, type InitSecrets } from './render-init.js';

export interface InitStackOptions {
  home: string;
  layoutKind?: LayoutKind;
  /** Required on the first init; afterwards it defaults to node.json's value. */
  chainType?: ChainType;
  /** Default: every component. */
  components?: readonly ComponentId[];
  third?: ThirdSidechainChoice;
  publicIp?: string;
  /**
   * Sidechain settings for the sidechains this run renders; each one not given keeps what the
   * sidechain's launch.json stored, else the default (mining, hardened, no extras).
   */
  sidechainMode?: SidechainMode;
  profile?: LaunchProfile;
  pinPorts?: boolean;
  /** Extra `--rpcapi` modules of the named sidechains only (replacing their stored list). */
  extraRpcApi?: Partial<Record<SidechainId, readonly string[]>>;
  /** `--frozen.account.list` of the named sidechains only (replacing their stored list). */
  frozenAccounts?: Partial<Record<SidechainId, readonly string[]>>;
  minerInfo?: string;
  /** Re-render already initialised components (needed to switch chain-type). Secrets are kept. */
  reinit?: boolean;
  /** Plan only: nothing is written. */
  dryRun?: boolean;
  random?: RandomSource;
  now?: () => Date;
  kdf?: KdfParams;
  networkInterfaces?: NodeJS.Dict<NetworkInterfaceInfo[]>;
}

export type FileAction = 'created' | 'updated' | 'unchanged' | 'kept';

export interface InitFileResult {
  path: string;
  kind: FileArtifact['kind'];
  component: FileArtifact['component'];
  action: FileAction;
}

export interface InitResult {
  chainType: ChainType;
  layout: StackLayout;
  third: ThirdSidechainChoice;
  /** Components rendered this run. */
  initialised: ComponentId[];
  /** Components left alone because their `.init` marker exists. */
  alreadyInitialised: ComponentId[];
  /** `isPublic`: the operator gave it, or it is a public address. */
  publicIp?: { address: string; source: 'flag' | 'interface' | 'existing'; isPublic: boolean };
  /** The settings of each sidechain rendered this run. */
  sidechains: Partial<Record<SidechainId, SidechainSettings>>;
  files: InitFileResult[];
  /** Follow-up steps the operator must do by hand (binaries, downloads). */
  notes: string[];
  /** What the operator should know is unsafe or unreachable in what was written. */
  warnings: string[];
}

const SIDECHAINS: readonly SidechainId[] = ['sc', 'id', 'third'];

function sameChoices(a: SidechainChoices, b: SidechainChoices): boolean {
  return JSON.stringify(choicesOf(a)) === JSON.stringify(choicesOf(b));
}

/** The options that differ between two sets of choices, as init options (for messages). */
function choiceOptions(s: SidechainId, from: SidechainChoices, to: SidechainChoices): string[] {
  const out: string[] = [];
  if (from.mode !== to.mode) out.push(`--mode ${to.mode}`);
  if (from.profile !== to.profile) out.push(`--profile ${to.profile}`);
  if (from.pinPorts !== to.pinPorts) out.push(to.pinPorts ? '--pin-ports' : '--no-pin-ports');
  if (from.rpcApiExtra.join() !== to.rpcApiExtra.join())
    out.push(`--rpcapi-extra ${s}=${to.rpcApiExtra.join(',')}`);
  if (from.frozenAccounts.join() !== to.frozenAccounts.join())
    out.push(`--frozen-accounts ${s}=${to.frozenAccounts.join(',')}`);
  return out;
}

async function existingKeystore(dir: string, shown: string): Promise<EvmKeystore | undefined> {
  try {
    return await findEvmKeystore(dir);
  } catch {
    throw new InitError(
      'UNREADABLE_EXISTING_FILE',
      `${shown} holds a UTC--* file that is not a geth keystore; move it away or fix it`,
    );
  }
}

async function readBytes(file: string): Promise<Uint8Array | undefined> {
  try {
    return await fs.readFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

async function sameBytes(file: string, content: string | Uint8Array): Promise<boolean | undefined> {
  const current = await readBytes(file);
  if (!current) return undefined;
  return Buffer.compare(Buffer.from(current), Buffer.from(content)) === 0;
}

export async function initStack(options: InitStackOptions): Promise<InitResult> {
  const random = options.random ?? systemRandom;
  const now = options.now ?? (() => new Date());
  const kind = options.layoutKind ?? detectLayoutKind(options.home);
  const state = await loadStack(options.home, { layoutKind: kind, third: options.third });
  const third = options.third ?? state.third ?? DEFAULT_THIRD_SIDECHAIN;
  const layout = stackLayout(options.home, kind, third === 'none' ? DEFAULT_THIRD_SIDECHAIN : third);

  if (state.nodeJson.exists && !state.nodeJson.value) {
    throw new InitError(
      'UNREADABLE_EXISTING_FILE',
      `${layout.display(layout.nodeJson)}: ${state.nodeJson.error ?? 'invalid'}`,
    );
  }
  const existingType = state.chainType;
  const chainType = options.chainType ?? existingType;
  if (!chainType) {
    throw new InitError(
      'CHAIN_TYPE_REQUIRED',
      'first init: choose the network with cella-stack init --chain-type mainnet|testnet',
    );
  }
  const switching = existingType !== undefined && existingType !== chainType;
  if (switching && !options.reinit) {
    throw new InitError(
      'CHAIN_TYPE_SWITCH',
      `this stack is initialised for ${existingType} (${layout.display(layout.nodeJson)}); ` +
        `switching to ${chainType} needs every component reinitialised: run cella-stack init --chain-type ${chainType} --reinit`,
    );
  }

  const requested = options.components ?? INIT_ORDER;
  if (third === 'none' && options.components?.includes('third')) {
    throw new InitError('INVALID_OPTION', 'cannot init the third sidechain with --third none');
  }
  // Switching networks re-renders everything already initialised, so no component is left behind.
  const wanted = new Set(requested.filter((c) => !(c === 'third' && third === 'none')));
  if (switching) for (const c of INIT_ORDER) if (state.initialised[c]) wanted.add(c);
  const ordered = INIT_ORDER.filter((c) => wanted.has(c));
  const todo = ordered.filter((c) => options.reinit || !state.initialised[c]);
  const alreadyInitialised = ordered.filter((c) => !todo.includes(c));

  if (todo.includes('arbiter')) {
    const missing = ARBITER_PREREQUISITES.filter((p) => !state.initialised[p] && !todo.includes(p));
    if (missing.length) {
      throw new InitError(
        'PREREQUISITE_MISSING',
        `the arbiter needs the main chain, smart-contract and identity sidechains initialised first ` +
          `(missing: ${missing.join(', ')}): run cella-stack init ${missing.join(' ')}`,
      );
    }
  }

  // Per-chain options may only name sidechains this run includes: anything else would be ignored.
  for (const [flag, given] of [
    ['--rpcapi-extra', options.extraRpcApi],
    ['--frozen-accounts', options.frozenAccounts],
  ] as const) {
    for (const s of Object.keys(given ?? {}) as SidechainId[]) {
      if (!ordered.includes(s)) {
        throw new InitError(
          'INVALID_OPTION',
          third === 'none' && s === 'third'
            ? `${flag} names the third sidechain, but this stack has none (--third none)`
            : `${flag} names ${s}, which this init does not include: run cella-stack init ${s} --reinit ${flag} ${s}=…`,
        );
      }
    }
  }

  // Each sidechain's choices: the options given, else what its launch.json stored, else defaults.
  const stored: Partial<Record<SidechainId, SidechainSettings>> = {};
  const choices: Partial<Record<SidechainId, SidechainChoices>> = {};
  for (const s of ordered.filter(isSidechain)) {
    const before = sidechainSettings(state, s);
    if (before) stored[s] = before;
    const base = before ? choicesOf(before) : DEFAULT_SIDECHAIN_CHOICES;
    choices[s] = {
      mode: options.sidechainMode ?? base.mode,
      profile: options.profile ?? base.profile,
      pinPorts: options.pinPorts ?? base.pinPorts,
      rpcApiExtra: [...(options.extraRpcApi?.[s] ?? base.rpcApiExtra)],
      frozenAccounts: [...(options.frozenAccounts?.[s] ?? base.frozenAccounts)],
    };
    // A changed setting on a chain this run leaves alone would be silently ignored: refuse.
    const now = choices[s];
    if (before && now && !todo.includes(s) && !sameChoices(base, now)) {
      throw new InitError(
        'SETTINGS_NEED_REINIT',
        `${s} is already initialised with other settings; rewriting its launch line needs --reinit ` +
          `(secrets are kept): cella-stack init ${s} --reinit ${choiceOptions(s, base, now).join(' ')}`,
      );
    }
  }
  const mining = (s: ComponentId) => isSidechain(s) && choices[s]?.mode === 'mining';

  // Public IP: only the main chain and mining sidechains announce one.
  const needsIp = todo.includes('main') || todo.some(mining);
  let publicIp: InitResult['publicIp'];
  if (needsIp) {
    // Every initialised sidechain's stored address counts, not only this run's: `init main id`
    // after `init sc --public-ip X` announces X, not an interface's address.
    const storedIps = SIDECHAINS.map((s) => stored[s] ?? sidechainSettings(state, s)).filter(
      (x) => x?.publicIp !== undefined,
    );
    const mainIp = state.mainConfig.value?.Configuration.DPoSConfiguration?.IPAddress;
    const existingIp = mainIp && isIPv4(mainIp) ? mainIp : storedIps[0]?.publicIp;
    if (options.publicIp !== undefined) {
      if (!isIPv4(options.publicIp))
        throw new InitError('INVALID_OPTION', `--public-ip ${options.publicIp} is not an IPv4 address`);
      publicIp = { address: options.publicIp, source: 'flag', isPublic: true };
    } else if (existingIp && isIPv4(existingIp)) {
      const confirmed =
        isPublicIPv4(existingIp) ||
        storedIps.some((x) => x?.publicIp === existingIp && x.publicIpConfirmed === true);
      publicIp = { address: existingIp, source: 'existing', isPublic: confirmed };
    } else {
      const found = detectPublicIp(options.networkInterfaces);
      if (!found) {
        throw new InitError(
          'PUBLIC_IP_UNKNOWN',
          'no IPv4 address on any network interface: pass --public-ip <address>',
        );
      }
      publicIp = { address: found.address, source: 'interface', isPublic: found.isPublic };
    }
  }

  // Secrets: reuse what exists, generate only what is missing.
  const secrets: InitSecrets = { keystorePasswords: {}, evmKeystores: {} };
  const keptCredentials: string[] = [];
  if (todo.includes('main') || todo.includes('arbiter')) {
    secrets.mainRpc = (await existingRpcCredentials(
      state.mainConfig,
      layout.display(layout.mainConfig),
      keptCredentials,
    )) ?? {
      user: generateRpcCredential(random),
      pass: generateRpcCredential(random),
    };
  }
  if (todo.includes('arbiter')) {
    secrets.arbiterRpc = (await existingRpcCredentials(
      state.arbiterConfig,
      layout.display(layout.arbiterConfig),
      keptCredentials,
    )) ?? {
      user: generateRpcCredential(random),
      pass: generateRpcCredential(random),
    };
    secrets.mainKeystoreDat = await readBytes(layout.mainKeystore);
  }
  if (todo.includes('main')) {
    secrets.keystorePasswords.main =
      (await readCredential(layout.credentialFile('main'))) ?? generateKeystorePassword(random);
  }
  for (const s of todo.filter(isSidechain).filter(mining)) {
    const passwordFile = layout.credentialFile(s);
    const password = await readCredential(passwordFile);
    const keystore = await existingKeystore(layout.keystoreDir(s), layout.display(layout.keystoreDir(s)));
    if (keystore && password === undefined) {
      throw new InitError(
        'KEYSTORE_WITHOUT_PASSWORD',
        `${layout.display(layout.keystoreDir(s))} holds an account but ${layout.display(passwordFile)} is missing: ` +
          `restore the password file (a new password would not open the existing keystore)`,
      );
    }
    const pw = password ?? generateKeystorePassword(random);
    secrets.keystorePasswords[s] = pw;
    secrets.evmKeystores[s] =
      keystore ?? createEvmKeystore({ password: pw, random, now: now(), kdf: options.kdf ?? STANDARD_KDF });
  }

  const sidechains: Partial<Record<SidechainId, SidechainSettings>> = {};
  for (const s of todo.filter(isSidechain)) {
    if (s === 'third' && third === 'none') continue;
    const c = choices[s] ?? DEFAULT_SIDECHAIN_CHOICES;
    sidechains[s] = {
      ...c,
      chainType,
      ...(c.mode === 'mining' && publicIp
        ? { publicIp: publicIp.address, publicIpConfirmed: publicIp.isPublic }
        : {}),
      ...(c.mode === 'mining' && secrets.evmKeystores[s] ? { account: secrets.evmKeystores[s].address } : {}),
    };
  }

  const artifacts = renderInit({
    layout,
    chainType,
    components: todo,
    third,
    publicIp: publicIp?.address,
    sidechains,
    minerInfo: options.minerInfo,
    secrets,
  });

  if (!options.dryRun) await fs.mkdir(layout.home, { recursive: true, mode: 0o700 });
  const files: InitFileResult[] = [];
  for (const a of artifacts) {
    const same = await sameBytes(a.path, a.content);
    let action: FileAction;
    if (a.kind === 'secret' && same !== undefined) {
      action = 'kept';
    } else if (same === true) {
      action = 'unchanged';
    } else if (options.dryRun) {
      action = same === undefined ? 'created' : 'updated';
    } else {
      await ensurePrivateDir(path.dirname(a.path), layout.home);
      if (a.kind === 'secret') {
        action = (await createFileExclusive(a.path, a.content, a.mode)) ? 'created' : 'kept';
      } else {
        await writeFileAtomic(a.path, a.content, a.mode);
        action = same === undefined ? 'created' : 'updated';
      }
    }
    files.push({ path: a.path, kind: a.kind, component: a.component, action });
  }

  const notes: string[] = [];
  if (todo.includes('main') && !(await readBytes(layout.mainKeystore))) {
    notes.push(
      `main chain keystore not created (needs the ela-cli binary): in ${layout.display(layout.componentDir('main'))} run ` +
        `./ela-cli wallet create -p "$(cat ${layout.display(layout.credentialFile('main'))})"`,
    );
  }
  if (todo.includes('arbiter') && !secrets.mainKeystoreDat) {
    notes.push(
      `arbiter keystore not copied: copy ${layout.display(layout.mainKeystore)} to ${layout.display(layout.arbiterKeystore)} once it exists`,
    );
  }
  for (const o of todo.filter(isOracle)) {
    if (!(await readBytes(path.join(layout.componentDir(o), layout.oracleEntry(o))))) {
      notes.push(
        `${o}: install ${layout.oracleEntry(o)} and its Node.js dependencies in ${layout.display(layout.componentDir(o))} (not downloaded by this tool)`,
      );
    }
  }
  const warnings: string[] = [...keptCredentials];
  if (publicIp && !publicIp.isPublic) {
    warnings.push(
      `public IP ${publicIp.address} (from a network interface) is not a public address (NAT?): ` +
        'peers cannot reach the BPoS and PBFT ports there; pass --public-ip <address> with --reinit',
    );
  }
  for (const s of SIDECHAINS) {
    const settings = sidechains[s];
    if (!settings) continue;
    // The same launch line renderInit wrote: judge what will run.
    const launch = renderSidechainLaunch({ layout, sidechain: s, third, settings });
    const risk = launchRisk(launch.args);
    if (risk) {
      warnings.push(
        `${s}: ${risk.message}` +
          (settings.profile === 'spec'
            ? ` (the specification's launch flags, --profile spec; the default --profile hardened avoids this)`
            : ''),
      );
    }
  }

  return {
    chainType,
    layout,
    third,
    initialised: todo,
    alreadyInitialised,
    publicIp,
    sidechains,
    files,
    notes,
    warnings,
  };
}
