// `doctor`: finds misconfigurations an operator would regret, each with its fix: credential files
// readable by others, an EVM RPC open to the network with `personal` and an unlocked account (or
// admin/debug), a PBFT address that is not public,
// RPC whitelists open to everyone, two components on one port, an identity chain that cannot
// serve DID resolution, and everything `config validate` reports.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { isIPv4 } from 'node:net';
import {
  COMPONENT_TITLES,
  type ComponentId,
  type KeystoreOwner,
  type SidechainId,
} from '../layout/components.js';
import { isEmptyStack, type StackState } from '../config/load-stack.js';
import { fileMode } from '../config/read-file.js';
import { parseSidechainArgs } from '../models/sidechain-flags.js';
import { arbiterPorts, mainChainPorts, sidechainPorts } from '../status/component-ports.js';
import type { Finding } from './finding.js';
import { launchRisk } from './launch-risk.js';
import { notInitialised, validateStack } from './validate-stack.js';

const SIDECHAINS: readonly SidechainId[] = ['sc', 'id', 'third'];

async function listKeystoreFiles(dir: string): Promise<string[]> {
  try {
    return (await fs.readdir(dir)).filter((n) => n.startsWith('UTC--')).map((n) => path.join(dir, n));
  } catch {
    return [];
  }
}

async function credentialModes(state: StackState): Promise<Finding[]> {
  const { layout } = state;
  const out: Finding[] = [];
  const files: { file: string; component: Finding['component'] }[] = [
    { file: layout.nodeJson, component: 'global' },
    ...(['main', 'sc', 'id', 'third'] as KeystoreOwner[]).map((o) => ({
      file: layout.credentialFile(o),
      component: o,
    })),
    { file: layout.mainConfig, component: 'main' },
    { file: layout.mainKeystore, component: 'main' },
    { file: layout.arbiterConfig, component: 'arbiter' },
    { file: layout.arbiterKeystore, component: 'arbiter' },
  ];
  for (const s of SIDECHAINS) {
    for (const file of await listKeystoreFiles(layout.keystoreDir(s))) files.push({ file, component: s });
  }
  for (const { file, component } of files) {
    const mode = await fileMode(file);
    if (mode !== undefined && (mode & 0o077) !== 0) {
      out.push({
        check: 'credential-mode',
        severity: 'error',
        component,
        file: layout.display(file),
        message: `${layout.display(file)} has mode ${mode.toString(8)}: other users can read this credential file`,
        fix: `chmod 600 ${layout.display(file)}`,
      });
    }
  }
  const dirMode = await fileMode(layout.configDir);
  if (dirMode !== undefined && (dirMode & 0o077) !== 0) {
    out.push({
      check: 'credential-mode',
      severity: 'error',
      component: 'global',
      file: layout.display(layout.configDir),
      message: `${layout.display(layout.configDir)} has mode ${dirMode.toString(8)}: the credential directory must be private`,
      fix: `chmod 700 ${layout.display(layout.configDir)}`,
    });
  }
  return out;
}

function exposedRpc(state: StackState): Finding[] {
  const out: Finding[] = [];
  for (const s of SIDECHAINS) {
    const launch = state.launch[s].value;
    if (!launch) continue;
    const risk = launchRisk(launch.args);
    if (!risk) continue;
    const file = state.layout.display(state.launch[s].path);
    out.push({
      check: risk.check,
      severity: risk.severity,
      component: s,
      file,
      message: `${COMPONENT_TITLES[s]}: ${risk.message}`,
      fix: `cella-stack init ${s} --reinit --profile hardened (binds 127.0.0.1, drops personal/db/admin, --unlock and --allow-insecure-unlock), or edit ${file}`,
    });
  }
  return out;
}

/** A mining sidechain announcing an interface address that is not public (init warned). */
function unconfirmedPublicIp(state: StackState): Finding[] {
  const out: Finding[] = [];
  for (const s of SIDECHAINS) {
    const settings = state.launch[s].value?.settings;
    if (settings?.mode !== 'mining' || settings.publicIpConfirmed !== false) continue;
    out.push({
      check: 'public-ip-not-public',
      severity: 'warning',
      component: s,
      file: state.layout.display(state.launch[s].path),
      message: `${COMPONENT_TITLES[s]}: --pbft.net.address ${settings.publicIp ?? '?'} came from a network interface and is not a public address, so PBFT peers cannot reach it`,
      fix: "cella-stack init --reinit --public-ip <this host's public address>",
    });
  }
  return out;
}

function openWhitelists(state: StackState): Finding[] {
  const out: Finding[] = [];
  const check = (
    component: ComponentId,
    file: string,
    rpc: { User?: string; Pass?: string; WhiteIPList?: string[] } | undefined,
  ) => {
    if (!rpc) return;
    const shown = state.layout.display(file);
    if ((rpc.WhiteIPList ?? []).includes('0.0.0.0')) {
      out.push({
        check: 'whitelist-open',
        severity: 'error',
        component,
        file: shown,
        message: `${COMPONENT_TITLES[component]}: RpcConfiguration.WhiteIPList contains 0.0.0.0, which admits every address`,
        fix: `in ${shown}, list only the addresses that need the RPC, e.g. "WhiteIPList": ["127.0.0.1"]`,
      });
    }
    const bad = (rpc.WhiteIPList ?? []).filter((ip) => ip !== '0.0.0.0' && !isIPv4(ip));
    if (bad.length) {
      out.push({
        check: 'whitelist-invalid',
        severity: 'warning',
        component,
        file: shown,
        message: `${COMPONENT_TITLES[component]}: WhiteIPList entries that are not IPv4 addresses never match: ${bad.join(', ')}`,
        fix: `in ${shown}, use plain IPv4 addresses (no ranges, no host names)`,
      });
    }
    if (!rpc.User && !rpc.Pass) {
      out.push({
        check: 'rpc-no-auth',
        severity: 'error',
        component,
        file: shown,
        message: `${COMPONENT_TITLES[component]}: RpcConfiguration.User and Pass are empty, so the RPC has no authentication`,
        fix: `cella-stack init ${component} --reinit generates credentials (existing ones are kept; delete the empty fields first)`,
      });
    }
  };
  check('main', state.mainConfig.path, state.mainConfig.value?.Configuration.RpcConfiguration);
  check('arbiter', state.arbiterConfig.path, state.arbiterConfig.value?.Configuration.RpcConfiguration);
  return out;
}

function portClashes(state: StackState): Finding[] {
  const users = new Map<number, string[]>();
  const use = (port: number, who: string) => users.set(port, [...(users.get(port) ?? []), who]);
  if (state.initialised.main || state.mainConfig.exists) {
    const p = mainChainPorts(state);
    use(p.jsonRpc, 'main chain JSON-RPC');
    use(p.rest, 'main chain REST');
    use(p.p2p, 'main chain P2P');
    use(p.dpos, 'main chain BPoS');
  }
  if (state.initialised.arbiter || state.arbiterConfig.exists) {
    const p = arbiterPorts(state);
    use(p.jsonRpc, 'arbiter JSON-RPC');
    use(p.rest, 'arbiter REST');
  }
  for (const s of SIDECHAINS) {
    if (!(state.initialised[s] || state.launch[s].exists)) continue;
    const p = sidechainPorts(state, s);
    if (!p) continue;
    const name = state.launch[s].value?.chain ?? s;
    use(p.rpc, `${name} RPC`);
    use(p.ws, `${name} WebSocket`);
    use(p.p2p, `${name} P2P`);
    use(p.pbft, `${name} PBFT`);
  }
  const out: Finding[] = [];
  for (const [port, who] of [...users.entries()].sort((a, b) => a[0] - b[0])) {
    if (who.length < 2) continue;
    out.push({
      check: 'port-clash',
      severity: 'error',
      component: 'global',
      message: `port ${port} is used by ${who.join(' and ')}: only one of them can start`,
      fix: `give one of them another port (config.json, or --port/--rpcport/--wsport in launch.json)`,
    });
  }
  // The arbiter must reach the main chain where it listens, with its credentials.
  const arbiter = state.arbiterConfig.value?.Configuration.MainNode.Rpc;
  const main = state.mainConfig.value?.Configuration;
  if (arbiter && main) {
    const mainPort = mainChainPorts(state).jsonRpc;
    const file = state.layout.display(state.arbiterConfig.path);
    if (arbiter.HttpJsonPort !== mainPort) {
      out.push({
        check: 'arbiter-main-mismatch',
        severity: 'error',
        component: 'arbiter',
        file,
        message: `the arbiter calls the main chain on port ${arbiter.HttpJsonPort}, but the main chain listens on ${mainPort}`,
        fix: `set MainNode.Rpc.HttpJsonPort to ${mainPort} in ${file}`,
      });
    }
    const rpc = main.RpcConfiguration;
    if (rpc && (rpc.User !== arbiter.User || rpc.Pass !== arbiter.Pass)) {
      out.push({
        check: 'arbiter-main-mismatch',
        severity: 'error',
        component: 'arbiter',
        file,
        message:
          "the arbiter's MainNode.Rpc.User/Pass differ from the main chain's RpcConfiguration: the main chain will refuse it",
        fix: `copy User and Pass from ${state.layout.display(state.mainConfig.path)} into MainNode.Rpc of ${file}`,
      });
    }
  }
  return out;
}

function didResolution(state: StackState): Finding[] {
  const launch = state.launch.id.value;
  if (!launch) return [];
  const flags = parseSidechainArgs(launch.args);
  const file = state.layout.display(state.launch.id.path);
  const apis = String(flags.get('rpcapi') ?? '').split(',');
  if (flags.has('rpc') && apis.includes('did')) return [];
  return [
    {
      check: 'did-rpcapi',
      severity: 'warning',
      component: 'id',
      file,
      message: flags.has('rpc')
        ? `identity sidechain: --rpcapi ${String(flags.get('rpcapi'))} lacks "did", so did_resolveDID answers "method not found" and a vault cannot resolve DIDs here`
        : 'identity sidechain: HTTP RPC is off (--rpc missing), so a vault cannot resolve DIDs here',
      fix: `cella-stack init id --reinit --rpcapi-extra id=did, or point the vault at a public resolver (https://api.elastos.io/eid)`,
    },
  ];
}

async function missingFiles(state: StackState): Promise<Finding[]> {
  const out: Finding[] = [];
  const missingKeystores = new Map<string, SidechainId>();
  for (const s of SIDECHAINS) {
    const launch = state.launch[s].value;
    if (!launch || launch.mode !== 'mining') continue;
    const flags = parseSidechainArgs(launch.args);
    for (const flag of ['password', 'pbft.keystore.password'] as const) {
      const file = flags.get(flag);
      if (typeof file === 'string' && (await fileMode(file)) === undefined) {
        out.push({
          check: 'missing-credential',
          severity: 'error',
          component: s,
          file: state.layout.display(file),
          message: `${COMPONENT_TITLES[s]}: --${flag} ${state.layout.display(file)} does not exist, so the node cannot unlock its key`,
          fix: `restore the file, or run cella-stack init ${flag === 'password' ? s : 'main'} to create it`,
        });
      }
    }
    const keystore = flags.get('pbft.keystore');
    if (
      typeof keystore === 'string' &&
      !missingKeystores.has(keystore) &&
      (await fileMode(keystore)) === undefined
    ) {
      missingKeystores.set(keystore, s);
    }
  }
  // One finding per missing keystore, however many sidechains sign with it.
  for (const [keystore, s] of missingKeystores) {
    out.push({
      check: 'missing-keystore',
      severity: 'warning',
      component: 'main',
      file: state.layout.display(keystore),
      message: `the PBFT keystore ${state.layout.display(keystore)} that ${COMPONENT_TITLES[s]} signs with does not exist yet`,
      fix: `create the main chain wallet: ./ela-cli wallet create -p "$(cat ${state.layout.display(state.layout.credentialFile('main'))})" in ${state.layout.display(state.layout.componentDir('main'))}`,
    });
  }
  return out;
}

export async function runDoctor(state: StackState): Promise<Finding[]> {
  if (isEmptyStack(state)) return [notInitialised(state)];
  const findings = [
    ...validateStack(state),
    ...(await credentialModes(state)),
    ...exposedRpc(state),
    ...unconfirmedPublicIp(state),
    ...openWhitelists(state),
    ...portClashes(state),
    ...didResolution(state),
    ...(await missingFiles(state)),
  ];
  // Errors first, then warnings; stable otherwise.
  return findings.sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
}
