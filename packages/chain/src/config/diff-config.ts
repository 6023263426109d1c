// `config diff`: what differs between the files on disk and what init would write for a chain
// type (the stack's own by default, or another to preview a network switch). Instance values
// (public IP, credentials, miner tag, account) are taken from the files, and each sidechain's
// stored settings (profile, mode, extra modules, pinned ports, frozen accounts) are what init
// would render again, so only defaults, ports, network settings and hand edits show up.
import type { ChainType } from '../network/chain-type.js';
import { isSidechain, type OracleId, type SidechainId } from '../layout/components.js';
import { renderArbiterConfig } from '../models/arbiter-config.js';
import type { LaunchFile } from '../models/launch-file.js';
import { renderMainConfig } from '../models/main-config.js';
import { parseSidechainArgs } from '../models/sidechain-flags.js';
import { renderSidechainLaunch } from '../init/render-init.js';
import { oracleEnvironment } from '../models/oracle-env.js';
import type { StackState } from './load-stack.js';
import { inferSidechainSettings } from './sidechain-settings.js';
import { isSecretPath, REDACTED } from './redact.js';

export interface ConfigDifference {
  file: string;
  path: string;
  kind: 'changed' | 'missing' | 'extra';
  expected?: unknown;
  actual?: unknown;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function walk(
  file: string,
  prefix: string,
  expected: unknown,
  actual: unknown,
  out: ConfigDifference[],
): void {
  if (isObject(expected) && isObject(actual)) {
    for (const k of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
      walk(file, prefix ? `${prefix}.${k}` : k, expected[k], actual[k], out);
    }
    return;
  }
  if (
    Array.isArray(expected) &&
    Array.isArray(actual) &&
    (expected.some(isObject) || actual.some(isObject))
  ) {
    for (let i = 0; i < Math.max(expected.length, actual.length); i++)
      walk(file, `${prefix}[${i}]`, expected[i], actual[i], out);
    return;
  }
  if (JSON.stringify(expected) === JSON.stringify(actual)) return;
  const secret = isSecretPath(prefix);
  const hide = (v: unknown) => (secret && v !== undefined ? REDACTED : v);
  if (expected === undefined) out.push({ file, path: prefix, kind: 'extra', actual: hide(actual) });
  else if (actual === undefined) out.push({ file, path: prefix, kind: 'missing', expected: hide(expected) });
  else out.push({ file, path: prefix, kind: 'changed', expected: hide(expected), actual: hide(actual) });
}

/** Flag by flag, in the expected order: `args --pbft.net.port: 20639 (testnet: 21639)`. */
function diffFlags(file: string, expected: string[], actual: string[], out: ConfigDifference[]): void {
  const want = parseSidechainArgs(expected);
  const have = parseSidechainArgs(actual);
  const show = (v: string | true | undefined) => (v === true ? '(set)' : v === '' ? "''" : v);
  for (const name of new Set([...want.keys(), ...have.keys()])) {
    const e = want.get(name);
    const a = have.get(name);
    if (e === a) continue;
    const path = `args --${name}`;
    if (e === undefined) out.push({ file, path, kind: 'extra', actual: show(a) });
    else if (a === undefined) out.push({ file, path, kind: 'missing', expected: show(e) });
    else out.push({ file, path, kind: 'changed', expected: show(e), actual: show(a) });
  }
}

export function diffStackConfig(state: StackState, against?: ChainType): ConfigDifference[] {
  const target = against ?? state.chainType ?? 'mainnet';
  const show = (p: string) => state.layout.display(p);
  const out: ConfigDifference[] = [];

  if (state.chainType && state.chainType !== target) {
    out.push({
      file: show(state.nodeJson.path),
      path: 'chain-type',
      kind: 'changed',
      expected: target,
      actual: state.chainType,
    });
  }
  const main = state.mainConfig.value;
  if (main) {
    const c = main.Configuration;
    const expected = renderMainConfig({
      chainType: target,
      ipAddress: c.DPoSConfiguration?.IPAddress ?? '',
      rpcUser: c.RpcConfiguration?.User ?? '',
      rpcPass: c.RpcConfiguration?.Pass ?? '',
      minerInfo: c.PowConfiguration?.MinerInfo,
    });
    walk(show(state.mainConfig.path), '', expected, main, out);
  }
  const arbiter = state.arbiterConfig.value;
  if (arbiter) {
    const c = arbiter.Configuration;
    const expected = renderArbiterConfig({
      chainType: target,
      mainRpcUser: c.MainNode.Rpc.User,
      mainRpcPass: c.MainNode.Rpc.Pass,
      arbiterRpcUser: c.RpcConfiguration.User,
      arbiterRpcPass: c.RpcConfiguration.Pass,
      third: state.third,
    });
    walk(show(state.arbiterConfig.path), '', expected, arbiter, out);
  }
  for (const [c, file] of Object.entries(state.launch) as [
    SidechainId | OracleId,
    { path: string; value?: LaunchFile },
  ][]) {
    const launch = file.value;
    if (!launch) continue;
    if (isSidechain(c)) {
      if (c === 'third' && state.third === 'none') continue;
      // What init would write with the settings this file was rendered from, on the target network.
      const settings = launch.settings ?? inferSidechainSettings(launch);
      const expected = renderSidechainLaunch({
        layout: state.layout,
        sidechain: c,
        third: state.third,
        settings: { ...settings, chainType: target },
      });
      diffFlags(show(file.path), expected.args, launch.args, out);
    } else {
      walk(show(file.path), 'env', oracleEnvironment(target), launch.env, out);
    }
  }
  return out;
}
