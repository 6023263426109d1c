// `init`: decides what to (re)initialise, refuses what spec §1/§2.1 forbid, gathers secrets
// (existing ones are always reused, never regenerated), renders the files and writes them.
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
import type { SidechainMode } from '../models/sidechain-flags.js';
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
import { InitError } from './init-error.js';
import { detectPublicIp } from './public-ip.js';
import { renderInit, type FileArtifact, type InitSecrets, type RpcCredential } from './render-init.js';

export interface InitStackOptions {
  home: string;
  layoutKind?: LayoutKind;
  /** Required on the first init; afterwards it defaults to node.json's value. */
  chainType?: ChainType;
  /** Default: every component. */
  components?: readonly ComponentId[];
  third?: ThirdSidechainChoice;
  publicIp?: string;
  sidechainMode?: SidechainMode;
  hardened?: boolean;
  pinPorts?: boolean;
  minerInfo?: string;
  extraRpcApi?: Partial<Record<SidechainId, string[]>>;
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
  publicIp?: { address: string; source: 'flag' | 'interface' | 'existing'; isPublic: boolean };
  files: InitFileResult[];
  /** Follow-up steps the operator must do by hand (binaries, downloads). */
  notes: string[];
}

const PLACEHOLDERS = new Set(['', 'USER', 'PASSWORD']);

function usable(cred: { User?: string; Pass?: string } | undefined): RpcCredential | undefined {
  if (!cred || cred.User === undefined || cred.Pass === undefined) return undefined;
  if (PLACEHOLDERS.has(cred.User) || PLACEHOLDERS.has(cred.Pass)) return undefined;
  return { user: cred.User, pass: cred.Pass };
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
  const mode = options.sidechainMode ?? 'mining';

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

  // Public IP: only the main chain and mining sidechains announce one.
  const needsIp = todo.includes('main') || (mode === 'mining' && todo.some(isSidechain));
  let publicIp: InitResult['publicIp'];
  if (needsIp) {
    const existingIp = state.mainConfig.value?.Configuration.DPoSConfiguration?.IPAddress;
    if (options.publicIp !== undefined) {
      if (!isIPv4(options.publicIp))
        throw new InitError('INVALID_OPTION', `--public-ip ${options.publicIp} is not an IPv4 address`);
      publicIp = { address: options.publicIp, source: 'flag', isPublic: true };
    } else if (existingIp && isIPv4(existingIp)) {
      publicIp = { address: existingIp, source: 'existing', isPublic: true };
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
  if (todo.includes('main') || todo.includes('arbiter')) {
    secrets.mainRpc = usable(state.mainConfig.value?.Configuration.RpcConfiguration) ?? {
      user: generateRpcCredential(random),
      pass: generateRpcCredential(random),
    };
  }
  if (todo.includes('arbiter')) {
    secrets.arbiterRpc = usable(state.arbiterConfig.value?.Configuration.RpcConfiguration) ?? {
      user: generateRpcCredential(random),
      pass: generateRpcCredential(random),
    };
    secrets.mainKeystoreDat = await readBytes(layout.mainKeystore);
  }
  if (todo.includes('main')) {
    secrets.keystorePasswords.main =
      (await readCredential(layout.credentialFile('main'))) ?? generateKeystorePassword(random);
  }
  if (mode === 'mining') {
    for (const s of todo.filter(isSidechain)) {
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
  }

  const artifacts = renderInit({
    layout,
    chainType,
    components: todo,
    third,
    publicIp: publicIp?.address,
    sidechainMode: mode,
    hardened: options.hardened,
    pinPorts: options.pinPorts,
    minerInfo: options.minerInfo,
    extraRpcApi: options.extraRpcApi,
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
  if (publicIp && !publicIp.isPublic) {
    notes.push(
      `public IP ${publicIp.address} is a private address (NAT?): pass --public-ip <address> with --reinit if peers cannot reach you`,
    );
  }

  return {
    chainType,
    layout,
    third,
    initialised: todo,
    alreadyInitialised,
    publicIp,
    files,
    notes,
  };
}
