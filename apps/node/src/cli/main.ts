/**
 * The node's command line for users, one parser for its areas:
 * `cella-node backup <status|watch|start|restore>`, `cella-node vault verify <file.car>` and
 * `cella-node vault move --from A --to B`.
 *
 *   npm run cli -w @cella/node -- backup watch --url http://127.0.0.1:5000 --key-file ./me.key
 *   CELLA_USER_KEY=<hex> npm run cli -w @cella/node -- backup start --target http://127.0.0.1:5001
 *   npm run cli -w @cella/node -- vault verify ./vault.car
 *   CELLA_USER_KEY_FILE=./me.key npm run cli -w @cella/node -- vault move --from http://a:5000 --to http://b:5000
 */
import { parseArgs } from 'node:util';
import { readKey, runBackupCli, type BackupCliOptions } from './backup.js';
import { runVaultMove, type VaultMoveOptions } from './vault-move.js';
import { runVaultVerify, type VaultVerifyOptions } from './vault-verify.js';

export const usage = `usage: cella-node backup <status|watch|start|restore> [options]
       cella-node vault verify <file.car> [--json]
       cella-node vault move --from URL --to URL [--replace] [--json]

backup:
  status    print the state of the latest backup or restore of your vault
  watch     show a progress bar until the running job ends
  start     start a backup to --target, then watch it
  restore   restore from the backup on --target, then watch it

vault:
  verify    check a vault export offline (every block's hash, the exporting node's signature)
            and print what it holds; exit code 1 when the file is not a valid export
  move      move your vault from --from to --to: the export of one streamed into an import
            on the other, both compared, then the vault on --from marked moved (its writes
            refused, naming --to); run it again after an interruption: it sends only what
            --to lacks; exit code 1 when the move stopped (the reason on stderr)

options:
  --url URL          the node holding your vault (default $CELLA_URL or http://127.0.0.1:5000)
  --key-file FILE    your DID's private key, 64 hex digits (default $CELLA_USER_KEY_FILE,
                     else the key itself in $CELLA_USER_KEY); never printed
  --target URL       the backup node (start, restore)
  --interval MS      poll interval for watch (default 1000)
  --from URL         move: the node your vault is on now
  --to URL           move: the node it goes to (you need a vault there: subscribe first)
  --replace          move: replace what the vault on --to holds of its own (default: stop)
  --json             verify, move: print the result as one JSON object
`;

export type CliOptions =
  | ({ area: 'backup' } & BackupCliOptions)
  | ({ area: 'vault' } & VaultVerifyOptions)
  | ({ area: 'vault' } & VaultMoveOptions)
  | { help: string };

const BACKUP_COMMANDS = ['status', 'watch', 'start', 'restore'] as const;
const isBackupCommand = (command: string): command is BackupCliOptions['command'] =>
  (BACKUP_COMMANDS as readonly string[]).includes(command);

export function parseCli(argv: string[], env: NodeJS.ProcessEnv): CliOptions {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      url: { type: 'string' },
      'key-file': { type: 'string' },
      target: { type: 'string' },
      interval: { type: 'string' },
      json: { type: 'boolean' },
      from: { type: 'string' },
      to: { type: 'string' },
      replace: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [area, command, ...rest] = positionals;
  if (values.help || (area !== 'backup' && area !== 'vault') || !command) return { help: usage };
  if (area === 'vault' && command === 'move') {
    if (!values.from || !values.to || rest.length > 0)
      return { help: `vault move takes --from URL and --to URL\n\n${usage}` };
    return {
      area,
      command,
      from: values.from,
      to: values.to,
      keyHex: readKey(values['key-file'], env),
      replace: values.replace === true,
      json: values.json === true,
      out: process.stdout,
      err: process.stderr,
    };
  }
  if (area === 'vault') {
    if (command !== 'verify') return { help: `unknown command "vault ${command}"\n\n${usage}` };
    const [file, ...extra] = rest;
    if (file === undefined || extra.length > 0)
      return { help: `vault verify takes one file: the export (.car)\n\n${usage}` };
    return { area, command, file, json: values.json === true, out: process.stdout, err: process.stderr };
  }
  if (!isBackupCommand(command)) return { help: `unknown command "${command}"\n\n${usage}` };
  const interval = Number(values.interval ?? 1000);
  if (!Number.isInteger(interval) || interval < 50)
    throw new Error('--interval must be an integer of at least 50 (ms)');
  return {
    area,
    command,
    url: values.url ?? env.CELLA_URL ?? 'http://127.0.0.1:5000',
    keyHex: readKey(values['key-file'], env),
    ...(values.target ? { target: values.target } : {}),
    intervalMs: interval,
    out: process.stdout,
  };
}

async function main(): Promise<void> {
  let options;
  try {
    options = parseCli(process.argv.slice(2), process.env);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(2);
  }
  if ('help' in options) {
    process.stdout.write(options.help);
    process.exit(options.help === usage ? 0 : 2);
  }
  try {
    process.exit(
      options.area === 'backup'
        ? await runBackupCli(options)
        : options.command === 'move'
          ? await runVaultMove(options)
          : await runVaultVerify(options),
    );
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
