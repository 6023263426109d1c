// Where every file of the stack lives under a home directory. Two presets:
//  - `spec`: the names of spec/chain-stack.md (~/node/main, main.txt, sc.txt, id.txt, third.txt);
//  - `node.sh`: the names the real node.sh uses (~/node/ela, ela.txt, esc.txt, eid.txt, pg.txt),
//    so the CLI can inspect (status, doctor, config) a stack that node.sh installed.
// `<vendor_dir>` is `elastos` in both (reference §0).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { ComponentId, KeystoreOwner, OracleId, SidechainId } from './components.js';
import { DEFAULT_THIRD_SIDECHAIN, type ThirdSidechainName } from '../network/third-sidechains.js';

export const LayoutKind = z.enum(['spec', 'node.sh']);
export type LayoutKind = z.infer<typeof LayoutKind>;

export const VENDOR_DIR = 'elastos';

export interface StackLayout {
  readonly kind: LayoutKind;
  readonly home: string;
  readonly thirdSidechain: ThirdSidechainName;
  /** `~/.config/<vendor_dir>`: node.json and the credential files (dir 700, files 600). */
  readonly configDir: string;
  readonly nodeJson: string;
  /** `~/node`: one directory per component. */
  readonly nodeRoot: string;
  readonly mainConfig: string;
  readonly mainKeystore: string;
  readonly arbiterConfig: string;
  readonly arbiterKeystore: string;
  componentDir(c: ComponentId): string;
  /** `.init`: the "already initialised" marker of a component, as node.sh uses it. */
  marker(c: ComponentId): string;
  credentialFile(owner: KeystoreOwner): string;
  /** The launch script's flags as data (sidechains and oracles only). */
  launchFile(c: SidechainId | OracleId): string;
  dataDir(s: SidechainId): string;
  keystoreDir(s: SidechainId): string;
  /** Binary name of a sidechain (its real name: esc, eid, pg…), run from its component dir. */
  binary(s: SidechainId): string;
  oracleEntry(o: OracleId): string;
  /** Replaces the home prefix with `~` for messages. */
  display(p: string): string;
}

export function stackLayout(
  home: string,
  kind: LayoutKind = 'spec',
  thirdSidechain: ThirdSidechainName = DEFAULT_THIRD_SIDECHAIN,
): StackLayout {
  const root = path.resolve(home);
  const configDir = path.join(root, '.config', VENDOR_DIR);
  const nodeRoot = path.join(root, 'node');
  const third = thirdSidechain.toLowerCase();
  const dirNames: Record<ComponentId, string> =
    kind === 'spec'
      ? {
          main: 'main',
          sc: 'sc',
          'sc-oracle': 'sc-oracle',
          id: 'id',
          'id-oracle': 'id-oracle',
          third: 'third',
          arbiter: 'arbiter',
        }
      : {
          main: 'ela',
          sc: 'esc',
          'sc-oracle': 'esc-oracle',
          id: 'eid',
          'id-oracle': 'eid-oracle',
          third,
          arbiter: 'arbiter',
        };
  const credNames: Record<KeystoreOwner, string> =
    kind === 'spec'
      ? { main: 'main.txt', sc: 'sc.txt', id: 'id.txt', third: 'third.txt' }
      : { main: 'ela.txt', sc: 'esc.txt', id: 'eid.txt', third: `${third}.txt` };
  const binaries: Record<SidechainId, string> = { sc: 'esc', id: 'eid', third };
  const componentDir = (c: ComponentId): string => path.join(nodeRoot, dirNames[c]);
  const dataDir = (s: SidechainId): string => path.join(componentDir(s), 'data');
  return {
    kind,
    home: root,
    thirdSidechain,
    configDir,
    nodeJson: path.join(configDir, 'node.json'),
    nodeRoot,
    mainConfig: path.join(componentDir('main'), 'config.json'),
    mainKeystore: path.join(componentDir('main'), 'keystore.dat'),
    arbiterConfig: path.join(componentDir('arbiter'), 'config.json'),
    arbiterKeystore: path.join(componentDir('arbiter'), 'keystore.dat'),
    componentDir,
    marker: (c) => path.join(componentDir(c), '.init'),
    credentialFile: (owner) => path.join(configDir, credNames[owner]),
    launchFile: (c) => path.join(componentDir(c), 'launch.json'),
    dataDir,
    keystoreDir: (s) => path.join(dataDir(s), 'keystore'),
    binary: (s) => binaries[s],
    oracleEntry: (o) => (o === 'sc-oracle' ? 'crosschain_oracle.js' : 'crosschain_eid.js'),
    display: (p) => (p === root ? '~' : p.startsWith(root + path.sep) ? `~${p.slice(root.length)}` : p),
  };
}

/** A home that node.sh set up has `~/node/ela`; anything else is treated as the spec layout. */
export function detectLayoutKind(home: string): LayoutKind {
  return existsSync(path.join(path.resolve(home), 'node', 'ela')) ? 'node.sh' : 'spec';
}
