// `config validate`: every file parses against its model, and the files agree with each other
// and with node.json's chain type. Security and operability checks are in doctor.ts.
import { isIPv4 } from 'node:net';
import { isSidechain, type ComponentId, type OracleId, type SidechainId } from '../layout/components.js';
import { isEmptyStack, type StackState } from '../config/load-stack.js';
import type { LoadedFile } from '../config/read-file.js';
import { arbiterConfigChainType } from '../models/arbiter-config.js';
import { mainConfigChainType } from '../models/main-config.js';
import { parseSidechainArgs } from '../models/sidechain-flags.js';
import type { Finding } from './finding.js';

const PLACEHOLDERS = new Set(['USER', 'PASSWORD']);

/** The one finding for a home holding no stack: "no problems" would be a lie there. */
export function notInitialised(state: StackState): Finding {
  return {
    check: 'not-initialised',
    severity: 'error',
    component: 'global',
    file: state.layout.display(state.layout.nodeJson),
    message: `no chain-node stack is initialised under ${state.layout.home}: no node.json, configuration, launch file or init marker`,
    fix: 'cella-stack init --chain-type mainnet|testnet, or --home DIR (or CELLA_STACK_HOME) for the home that holds the stack',
  };
}

export function validateStack(state: StackState): Finding[] {
  if (isEmptyStack(state)) return [notInitialised(state)];
  const out: Finding[] = [];
  const show = (p: string) => state.layout.display(p);
  const invalid = (component: Finding['component'], file: LoadedFile<unknown>) => {
    if (file.exists && !file.value) {
      out.push({
        check: 'invalid-file',
        severity: 'error',
        component,
        file: show(file.path),
        message: `${show(file.path)} is not a valid file: ${file.error ?? 'unreadable'}`,
        fix: `fix the file by hand, or move it away and run cella-stack init${component === 'global' ? '' : ` ${component}`} --reinit`,
      });
    }
  };
  invalid('global', state.nodeJson);
  invalid('main', state.mainConfig);
  invalid('arbiter', state.arbiterConfig);
  for (const [c, f] of Object.entries(state.launch) as [SidechainId | OracleId, LoadedFile<unknown>][])
    invalid(c, f);

  const anyFile =
    state.mainConfig.exists ||
    state.arbiterConfig.exists ||
    Object.values(state.launch).some((f) => f.exists);
  if (!state.nodeJson.exists && anyFile) {
    out.push({
      check: 'chain-type-missing',
      severity: 'error',
      component: 'global',
      file: show(state.nodeJson.path),
      message: `${show(state.nodeJson.path)} is missing, so the network of this stack is unknown`,
      fix: 'run cella-stack init --chain-type mainnet|testnet (existing components are kept)',
    });
  }
  const chainType = state.chainType;
  const mismatch = (component: ComponentId, file: string, actual: string) => {
    out.push({
      check: 'chain-type-mismatch',
      severity: 'error',
      component,
      file: show(file),
      message: `${show(file)} is set up for ${actual}, but node.json says ${chainType ?? '?'}`,
      fix: `reinitialise it for ${chainType ?? '?'}: cella-stack init ${component} --reinit`,
    });
  };
  const main = state.mainConfig.value?.Configuration;
  if (main && chainType && mainConfigChainType(main) !== chainType)
    mismatch('main', state.mainConfig.path, mainConfigChainType(main));
  const arbiter = state.arbiterConfig.value?.Configuration;
  if (arbiter && chainType && arbiterConfigChainType(arbiter) !== chainType) {
    mismatch('arbiter', state.arbiterConfig.path, arbiterConfigChainType(arbiter));
  }
  for (const [c, f] of Object.entries(state.launch) as [
    SidechainId | OracleId,
    LoadedFile<{ args: string[]; env?: Record<string, string> }>,
  ][]) {
    if (!f.value || !chainType) continue;
    const actual = isSidechain(c)
      ? parseSidechainArgs(f.value.args).has('testnet')
        ? 'testnet'
        : 'mainnet'
      : (f.value.env?.env ?? 'mainnet');
    if (actual !== chainType) mismatch(c, f.path, actual);
  }

  const ip = main?.DPoSConfiguration?.IPAddress;
  if (main && ip !== undefined && !isIPv4(ip)) {
    out.push({
      check: 'public-ip',
      severity: 'error',
      component: 'main',
      file: show(state.mainConfig.path),
      message: `DPoSConfiguration.IPAddress "${ip}" is not an IPv4 address`,
      fix: 'run cella-stack init main --reinit --public-ip <address>',
    });
  }
  const placeholder = (
    component: ComponentId,
    file: string,
    cred: { User?: string; Pass?: string } | undefined,
  ) => {
    if (cred && (PLACEHOLDERS.has(cred.User ?? '') || PLACEHOLDERS.has(cred.Pass ?? ''))) {
      out.push({
        check: 'placeholder-credentials',
        severity: 'error',
        component,
        file: show(file),
        message: `${show(file)} still has the placeholder RPC credentials USER/PASSWORD (an interrupted init)`,
        fix: `run cella-stack init ${component} --reinit to generate real ones`,
      });
    }
  };
  placeholder('main', state.mainConfig.path, main?.RpcConfiguration);
  placeholder('arbiter', state.arbiterConfig.path, arbiter?.RpcConfiguration);
  return out;
}
