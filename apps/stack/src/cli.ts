// cella-stack: operator CLI for the chain-node stack (spec/chain-stack.md). Parses the command
// line with node's util.parseArgs and dispatches; every failure ends as one line on stderr and a
// non-zero exit code (2 for usage errors).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ChainRpcError, parseComponent } from '@cella/chain';
import { createContext, UsageError, type CliIo } from './cli-context.js';
import { runConfig } from './commands/config.js';
import { runDoctorCommand } from './commands/doctor.js';
import { runFlags } from './commands/flags.js';
import { runInit } from './commands/init.js';
import { runJsonRpc } from './commands/jsonrpc.js';
import { runStatus } from './commands/status.js';
import { runWatch } from './commands/watch.js';

/** This package's version (its package.json sits next to src/ and dist/, and in the published package). */
export const VERSION: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export const USAGE = `cella-stack: the chain-node stack (main chain, sidechains, arbiter, oracles)

Usage:
  cella-stack init [component…] --chain-type mainnet|testnet [--public-ip IP] [--third PG|ECO|PGP|none]
                   [--profile hardened|spec] [--mode mining|rpc] [--rpcapi-extra C=MODULES]…
                   [--pin-ports | --no-pin-ports] [--frozen-accounts C=0xADDR,…]… [--miner-info TAG]
                   [--reinit] [--dry-run] [--light-kdf]
  cella-stack flags <sidechain> [--mode mining|rpc] [--profile hardened|spec] [--chain-type …]
                   [--public-ip IP] [--pin-ports | --no-pin-ports]
  cella-stack config show [component…] | validate | diff [--against mainnet|testnet]
  cella-stack <component> jsonrpc <method> [args… | key=value…]
  cella-stack main jsonrpc listunspent [ADDRESS…] [utxotype=mixed|vote|normal]
  cella-stack status [--json]
  cella-stack watch <sidechain> [--count N] [--json]
  cella-stack doctor [--json]

init settings are stored per sidechain (in its launch.json) and kept by a later init --reinit:
  --profile hardened   (default) RPC/WS on 127.0.0.1, no personal/db/admin, no unlocked account
  --profile spec       the specification's flags: RPC/WS on 0.0.0.0, personal, --unlock (exposed!)
  --rpcapi-extra C=M   extra --rpcapi modules for sidechain C only, e.g. id=did (C= clears)
  --frozen-accounts C=A  --frozen.account.list of sidechain C (mining mode)
flags prints the launch line init wrote (launch.json); its options preview another one.
listunspent without addresses lists the main chain wallet's (~/node/main/keystore.dat).

Components: main, sc, sc-oracle, id, id-oracle, third, arbiter (node.sh names work too: ela, esc, eid, pg…)
Global options:
  --home DIR          home holding .config/elastos and node/ (default $CELLA_STACK_HOME or ~)
  --layout spec|node.sh   file names of the spec, or of an existing node.sh install (default: detected)
  --rpc C=URL         RPC URL of component C instead of 127.0.0.1:<its port> (repeatable)
  --ws C=URL          WebSocket URL of sidechain C for watch (repeatable)
  --timeout MS        RPC timeout (default 3000)
  --json              machine-readable output
  --version           print the version (cella-stack X.Y.Z) and exit
Exit codes: 0 ok, 1 failed or unhealthy, 2 usage error.`;

const OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
  home: { type: 'string' },
  layout: { type: 'string' },
  third: { type: 'string' },
  json: { type: 'boolean' },
  timeout: { type: 'string' },
  rpc: { type: 'string', multiple: true },
  ws: { type: 'string', multiple: true },
  'chain-type': { type: 'string' },
  'public-ip': { type: 'string' },
  mode: { type: 'string' },
  profile: { type: 'string' },
  hardened: { type: 'boolean' },
  'pin-ports': { type: 'boolean' },
  'no-pin-ports': { type: 'boolean' },
  'rpcapi-extra': { type: 'string', multiple: true },
  'frozen-accounts': { type: 'string', multiple: true },
  'miner-info': { type: 'string' },
  reinit: { type: 'boolean' },
  'dry-run': { type: 'boolean' },
  'light-kdf': { type: 'boolean' },
  against: { type: 'string' },
  count: { type: 'string' },
} as const;

type OptionName = keyof typeof OPTIONS;

const GLOBAL_OPTIONS: readonly OptionName[] = [
  'help',
  'version',
  'home',
  'layout',
  'third',
  'json',
  'timeout',
  'rpc',
  'ws',
];
const LAUNCH_OPTIONS: readonly OptionName[] = ['mode', 'profile', 'hardened', 'pin-ports', 'no-pin-ports'];

/** The options each command takes besides the global ones: any other is refused, not ignored. */
const COMMAND_OPTIONS: Readonly<Record<string, readonly OptionName[]>> = {
  init: [
    ...LAUNCH_OPTIONS,
    'chain-type',
    'public-ip',
    'rpcapi-extra',
    'frozen-accounts',
    'miner-info',
    'reinit',
    'dry-run',
    'light-kdf',
  ],
  flags: [...LAUNCH_OPTIONS, 'chain-type', 'public-ip'],
  config: ['against'],
  watch: ['count'],
  status: [],
  doctor: [],
  jsonrpc: [],
};

function refuseForeignOptions(command: string, given: object): void {
  const allowed = new Set<string>([...GLOBAL_OPTIONS, ...(COMMAND_OPTIONS[command] ?? [])]);
  const foreign = Object.keys(given).filter((k) => !allowed.has(k));
  if (foreign.length) {
    throw new UsageError(
      `${command} does not take ${foreign.map((k) => `--${k}`).join(', ')} (cella-stack --help lists each command's options)`,
    );
  }
}

export async function runCli(argv: string[], io: CliIo): Promise<number> {
  try {
    let parsed;
    try {
      parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
    } catch (err) {
      throw new UsageError((err as Error).message);
    }
    const { values: v, positionals } = parsed;
    const [command, ...rest] = positionals;
    if (v.version) {
      io.out(`cella-stack ${VERSION}`);
      return 0;
    }
    if (v.help || !command || command === 'help') {
      io.out(USAGE);
      return command || v.help ? 0 : 2;
    }
    const isJsonRpc = rest[0] === 'jsonrpc' && safeComponent(command) !== undefined;
    if (!isJsonRpc && (command === 'jsonrpc' || !(command in COMMAND_OPTIONS))) {
      throw new UsageError(`unknown command "${command}" (cella-stack --help lists the commands)`);
    }
    refuseForeignOptions(isJsonRpc ? 'jsonrpc' : command, v);
    const ctx = createContext(io, v);
    switch (command) {
      case 'init':
        return await runInit(ctx, rest, v);
      case 'config':
        return await runConfig(ctx, rest, v);
      case 'flags':
        return await runFlags(ctx, rest, v);
      case 'status':
        if (rest.length) throw new UsageError('status takes no arguments');
        return await runStatus(ctx);
      case 'watch':
        return await runWatch(ctx, rest, v);
      case 'doctor':
        if (rest.length) throw new UsageError('doctor takes no arguments');
        return await runDoctorCommand(ctx);
    }
    return await runJsonRpc(ctx, parseComponent(command), rest.slice(1));
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`cella-stack: ${err.message}`);
      return 2;
    }
    if (err instanceof ChainRpcError) {
      io.err(`cella-stack: ${err.message}`);
      return 1;
    }
    io.err(`cella-stack: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}

function safeComponent(value: string): string | undefined {
  try {
    return parseComponent(value);
  } catch {
    return undefined;
  }
}
