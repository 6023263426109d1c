// The pure half of `init`: options and already-chosen secrets in, files out. No disk, no clock,
// no randomness here, so the output is reproducible and golden-testable; init-stack.ts gathers
// the secrets (existing ones first) and writes the files.
import path from 'node:path';
import type { ChainType } from '../network/chain-type.js';
import { network, type SidechainNetwork } from '../network/network-table.js';
import { thirdSidechainNetwork, type ThirdSidechainChoice } from '../network/third-sidechains.js';
import {
  isOracle,
  isSidechain,
  type ComponentId,
  type KeystoreOwner,
  type OracleId,
  type SidechainId,
} from '../layout/components.js';
import type { StackLayout } from '../layout/stack-layout.js';
import { renderArbiterConfig } from '../models/arbiter-config.js';
import { formatJqJson } from '../models/common.js';
import type { LaunchFile } from '../models/launch-file.js';
import { renderMainConfig } from '../models/main-config.js';
import { renderNodeJson } from '../models/node-json.js';
import { oracleEnvironment } from '../models/oracle-env.js';
import type { SidechainSettings } from '../models/launch-settings.js';
import { renderSidechainArgs } from '../models/sidechain-flags.js';
import type { EvmKeystore } from '../secrets/evm-keystore.js';
import { SECRET_FILE_MODE } from './atomic-write.js';

/** `secret` files are never overwritten; `config` files are replaced atomically; `marker` is `.init`. */
export type ArtifactKind = 'config' | 'secret' | 'marker';

export interface FileArtifact {
  path: string;
  mode: number;
  kind: ArtifactKind;
  component: ComponentId | 'global';
  content: string | Uint8Array;
}

export interface RpcCredential {
  user: string;
  pass: string;
}

export interface InitSecrets {
  mainRpc?: RpcCredential;
  arbiterRpc?: RpcCredential;
  keystorePasswords: Partial<Record<KeystoreOwner, string>>;
  evmKeystores: Partial<Record<SidechainId, EvmKeystore>>;
  /** Bytes of the main chain's keystore.dat, if it exists, for the arbiter's copy. */
  mainKeystoreDat?: Uint8Array;
}

export interface RenderInitOptions {
  layout: StackLayout;
  chainType: ChainType;
  /** Components to render, in init order. */
  components: readonly ComponentId[];
  third: ThirdSidechainChoice;
  /** Needed when the main chain is rendered (`DPoSConfiguration.IPAddress`). */
  publicIp?: string;
  /** The settings of each sidechain rendered (mining ones carry their public IP). */
  sidechains: Partial<Record<SidechainId, SidechainSettings>>;
  minerInfo?: string;
  secrets: InitSecrets;
}

export function sidechainNetwork(
  s: SidechainId,
  chainType: ChainType,
  third: ThirdSidechainChoice,
): SidechainNetwork {
  const net = network(chainType);
  if (s === 'sc') return net.smartContract;
  if (s === 'id') return net.identity;
  if (third === 'none') throw new Error('the stack has no third sidechain (--third none)');
  return thirdSidechainNetwork(third, chainType);
}

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`renderInit: missing ${what}`);
  return value;
}

export interface SidechainLaunchInput {
  layout: StackLayout;
  sidechain: SidechainId;
  third: ThirdSidechainChoice;
  settings: SidechainSettings;
}

/** Shown where a preview lacks a value init would know (`flags` before init). */
export const PUBLIC_IP_PLACEHOLDER = '<public_ip>';
export const ACCOUNT_PLACEHOLDER = '<account_address>';

/**
 * The launch command of a sidechain and the settings it comes from: the one function behind
 * `init` (which writes it to launch.json), `flags` and `config diff`.
 */
export function renderSidechainLaunch(input: SidechainLaunchInput): LaunchFile {
  const { layout, sidechain: s, settings: x } = input;
  const side = sidechainNetwork(s, x.chainType, input.third);
  const mining = x.mode === 'mining';
  const args = renderSidechainArgs({
    chainType: x.chainType,
    mode: x.mode,
    datadir: layout.dataDir(s),
    ports: { rpc: side.rpcPort, ws: side.wsPort, p2p: side.p2pPort, pbft: side.pbftPort },
    passwordFile: layout.credentialFile(s),
    pbftKeystore: layout.mainKeystore,
    pbftKeystorePassword: layout.credentialFile('main'),
    pbftNetAddress: x.publicIp ?? PUBLIC_IP_PLACEHOLDER,
    unlock: x.account ?? ACCOUNT_PLACEHOLDER,
    profile: x.profile,
    pinPorts: x.pinPorts,
    extraRpcApi: x.rpcApiExtra,
    frozenAccounts: x.frozenAccounts,
  });
  // Key order fixed for stable files; host values only where the mode uses them.
  const settings: SidechainSettings = {
    chainType: x.chainType,
    mode: x.mode,
    profile: x.profile,
    rpcApiExtra: [...x.rpcApiExtra],
    pinPorts: x.pinPorts,
    frozenAccounts: [...x.frozenAccounts],
    ...(mining && x.publicIp !== undefined ? { publicIp: x.publicIp } : {}),
    ...(mining && x.publicIpConfirmed !== undefined ? { publicIpConfirmed: x.publicIpConfirmed } : {}),
    ...(mining && x.account !== undefined ? { account: x.account } : {}),
  };
  return {
    component: s,
    chain: side.name,
    mode: x.mode,
    cwd: layout.componentDir(s),
    command: `./${layout.binary(s)}`,
    args,
    settings,
  };
}

function oracleLaunch(layout: StackLayout, o: OracleId, chainType: ChainType): LaunchFile {
  return {
    component: o,
    chain: o === 'sc-oracle' ? network(chainType).smartContract.name : network(chainType).identity.name,
    cwd: layout.componentDir(o),
    command: 'node',
    args: [layout.oracleEntry(o)],
    env: oracleEnvironment(chainType),
  };
}

function credentialText(secret: string): string {
  // node.sh writes credential files with `echo`: one line and a newline.
  return `${secret}\n`;
}

export function renderInit(o: RenderInitOptions): FileArtifact[] {
  const { layout, chainType, secrets } = o;
  const out: FileArtifact[] = [];
  const add = (
    component: FileArtifact['component'],
    kind: ArtifactKind,
    file: string,
    content: string | Uint8Array,
  ) => out.push({ path: file, mode: SECRET_FILE_MODE, kind, component, content });

  add('global', 'config', layout.nodeJson, renderNodeJson(chainType));

  for (const c of o.components) {
    if (c === 'main') {
      const rpc = required(secrets.mainRpc, 'main RPC credentials');
      add(
        c,
        'secret',
        layout.credentialFile('main'),
        credentialText(required(secrets.keystorePasswords.main, 'main keystore password')),
      );
      const config = renderMainConfig({
        chainType,
        ipAddress: required(o.publicIp, 'public IP'),
        rpcUser: rpc.user,
        rpcPass: rpc.pass,
        minerInfo: o.minerInfo,
      });
      add(c, 'config', layout.mainConfig, formatJqJson(config));
    } else if (isSidechain(c)) {
      if (c === 'third' && o.third === 'none') continue;
      let settings = required(o.sidechains[c], `${c} settings`);
      if (settings.chainType !== chainType)
        throw new Error(`renderInit: ${c} settings are for another network`);
      if (settings.mode === 'mining') {
        const password = required(secrets.keystorePasswords[c], `${c} keystore password`);
        const keystore = required(secrets.evmKeystores[c], `${c} keystore`);
        required(settings.publicIp, `${c} public IP`);
        add(c, 'secret', layout.credentialFile(c), credentialText(password));
        add(c, 'secret', path.join(layout.keystoreDir(c), keystore.fileName), keystore.json);
        settings = { ...settings, account: keystore.address };
      }
      const launch = renderSidechainLaunch({ layout, sidechain: c, third: o.third, settings });
      add(c, 'config', layout.launchFile(c), formatJqJson(launch));
    } else if (isOracle(c)) {
      add(c, 'config', layout.launchFile(c), formatJqJson(oracleLaunch(layout, c, chainType)));
    } else {
      const main = required(secrets.mainRpc, 'main RPC credentials');
      const own = required(secrets.arbiterRpc, 'arbiter RPC credentials');
      const config = renderArbiterConfig({
        chainType,
        mainRpcUser: main.user,
        mainRpcPass: main.pass,
        arbiterRpcUser: own.user,
        arbiterRpcPass: own.pass,
        third: o.third,
      });
      add(c, 'config', layout.arbiterConfig, formatJqJson(config));
      // The arbiter signs with the main chain's key: node.sh copies keystore.dat next to it.
      if (secrets.mainKeystoreDat) add(c, 'secret', layout.arbiterKeystore, secrets.mainKeystoreDat);
    }
    add(c, 'marker', layout.marker(c), '');
  }
  return out;
}
