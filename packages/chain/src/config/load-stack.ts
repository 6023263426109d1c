// Reads everything init writes (and node.sh's equivalents) into one typed snapshot that status,
// doctor and the config commands work from.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { ChainType } from '../network/chain-type.js';
import {
  DEFAULT_THIRD_SIDECHAIN,
  ThirdSidechainName,
  type ThirdSidechainChoice,
} from '../network/third-sidechains.js';
import { INIT_ORDER, type ComponentId, type OracleId, type SidechainId } from '../layout/components.js';
import { detectLayoutKind, stackLayout, type LayoutKind, type StackLayout } from '../layout/stack-layout.js';
import { ArbiterConfigFile } from '../models/arbiter-config.js';
import { LaunchFile } from '../models/launch-file.js';
import { MainChainConfigFile } from '../models/main-config.js';
import { NodeJson } from '../models/node-json.js';
import { exists, readJsonFile, type LoadedFile } from './read-file.js';

export interface StackState {
  layout: StackLayout;
  /** The third sidechain as found (arbiter config, launch file, node.sh dirs), else the default. */
  third: ThirdSidechainChoice;
  nodeJson: LoadedFile<NodeJson>;
  /** From node.json; undefined before the first init. */
  chainType?: ChainType;
  mainConfig: LoadedFile<MainChainConfigFile>;
  arbiterConfig: LoadedFile<ArbiterConfigFile>;
  launch: Record<SidechainId | OracleId, LoadedFile<LaunchFile>>;
  /** `.init` present per component. */
  initialised: Record<ComponentId, boolean>;
}

export interface LoadStackOptions {
  layoutKind?: LayoutKind;
  third?: ThirdSidechainChoice;
}

async function detectThird(home: string, kind: LayoutKind): Promise<ThirdSidechainChoice | undefined> {
  const probe = stackLayout(home, kind);
  const arbiter = await readJsonFile(probe.arbiterConfig, ArbiterConfigFile);
  for (const entry of arbiter.value?.Configuration.SideNodeList ?? []) {
    const name = ThirdSidechainName.safeParse(entry.Name.toUpperCase());
    if (name.success) return name.data;
  }
  if (arbiter.value) return 'none';
  if (kind === 'spec') {
    const launch = await readJsonFile(probe.launchFile('third'), LaunchFile);
    const name = ThirdSidechainName.safeParse(launch.value?.chain.toUpperCase());
    return name.success ? name.data : undefined;
  }
  for (const name of ThirdSidechainName.options) {
    if (await exists(path.join(probe.nodeRoot, name.toLowerCase()))) return name;
  }
  return undefined;
}

export async function loadStack(home: string, options: LoadStackOptions = {}): Promise<StackState> {
  const kind = options.layoutKind ?? detectLayoutKind(home);
  const third = options.third ?? (await detectThird(home, kind)) ?? DEFAULT_THIRD_SIDECHAIN;
  const layout = stackLayout(home, kind, third === 'none' ? DEFAULT_THIRD_SIDECHAIN : third);
  const [nodeJson, mainConfig, arbiterConfig] = await Promise.all([
    readJsonFile(layout.nodeJson, NodeJson),
    readJsonFile(layout.mainConfig, MainChainConfigFile),
    readJsonFile(layout.arbiterConfig, ArbiterConfigFile),
  ]);
  const launchIds = ['sc', 'sc-oracle', 'id', 'id-oracle', 'third'] as const;
  const launchFiles = await Promise.all(launchIds.map((c) => readJsonFile(layout.launchFile(c), LaunchFile)));
  const launch = Object.fromEntries(launchIds.map((c, i) => [c, launchFiles[i]])) as StackState['launch'];
  const markers = await Promise.all(INIT_ORDER.map((c) => exists(layout.marker(c))));
  const initialised = Object.fromEntries(
    INIT_ORDER.map((c, i) => [c, markers[i] ?? false]),
  ) as StackState['initialised'];
  return {
    layout,
    third,
    nodeJson,
    chainType: nodeJson.value?.['chain-type'],
    mainConfig,
    arbiterConfig,
    launch,
    initialised,
  };
}

/**
 * True when nothing of a stack is under the home: no node.json, configuration, launch file or init
 * marker (a wrong `--home`, or before the first init). There is nothing to check then.
 */
export function isEmptyStack(state: StackState): boolean {
  return (
    !state.nodeJson.exists &&
    !state.mainConfig.exists &&
    !state.arbiterConfig.exists &&
    Object.values(state.launch).every((f) => !f.exists) &&
    Object.values(state.initialised).every((marked) => !marked)
  );
}

/** Reads a credential file (one line); undefined when missing. */
export async function readCredential(file: string): Promise<string | undefined> {
  try {
    return (await fs.readFile(file, 'utf8')).replace(/\r?\n$/, '');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}
