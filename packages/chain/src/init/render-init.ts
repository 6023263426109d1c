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
import { renderSidechainArgs, type SidechainMode } from '../models/sidechain-flags.js';
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
  /** Needed when the main chain or a mining sidechain is rendered. */
  publicIp?: string;
  sidechainMode: SidechainMode;
  hardened?: boolean;
  pinPorts?: boolean;
  minerInfo?: string;
  extraRpcApi?: Partial<Record<SidechainId, string[]>>;
  frozenAccounts?: Partial<Record<SidechainId, string[]>>;
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
  chainType: ChainType;
  third: ThirdSidechainChoice;
  mode: SidechainMode;
  publicIp?: string;
  unlock?: string;
  hardened?: boolean;
  pinPorts?: boolean;
  extraRpcApi?: string[];
  frozenAccounts?: string[];
}

/** The launch command of a sidechain: the same function serves `init` and `flags`. */
export function renderSidechainLaunch(input: SidechainLaunchInput): LaunchFile {
  const { layout, sidechain: s, mode } = input;
  const side = sidechainNetwork(s, input.chainType, input.third);
  const args = renderSidechainArgs({
    chainType: input.chainType,
    mode,
    datadir: layout.dataDir(s),
    ports: { rpc: side.rpcPort, ws: side.wsPort, p2p: side.p2pPort, pbft: side.pbftPort },
    passwordFile: layout.credentialFile(s),
    pbftKeystore: layout.mainKeystore,
    pbftKeystorePassword: layout.credentialFile('main'),
    pbftNetAddress: input.publicIp,
    unlock: input.unlock,
    hardened: input.hardened ?? false,
    pinPorts: input.pinPorts ?? false,
    extraRpcApi: input.extraRpcApi ?? [],
    frozenAccounts: input.frozenAccounts ?? [],
  });
  return {
    component: s,
    chain: side.name,
    mode,
    cwd: layout.componentDir(s),
    command: `./${layout.binary(s)}`,
    args,
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
      let unlock: string | undefined;
      if (o.sidechainMode === 'mining') {
        const password = required(secrets.keystorePasswords[c], `${c} keystore password`);
        const keystore = required(secrets.evmKeystores[c], `${c} keystore`);
        add(c, 'secret', layout.credentialFile(c), credentialText(password));
        add(c, 'secret', path.join(layout.keystoreDir(c), keystore.fileName), keystore.json);
        unlock = keystore.address;
      }
      const launch = renderSidechainLaunch({
        layout,
        sidechain: c,
        chainType,
        third: o.third,
        mode: o.sidechainMode,
        publicIp: o.publicIp,
        unlock,
        hardened: o.hardened,
        pinPorts: o.pinPorts,
        extraRpcApi: o.extraRpcApi?.[c],
        frozenAccounts: o.frozenAccounts?.[c],
      });
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
