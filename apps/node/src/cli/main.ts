/**
 * The node's command line for users, one parser for its areas:
 * `cella-node backup <status|watch|start|restore>` and `cella-node vault verify <file.car>`.
 *
 *   npm run cli -w @cella/node -- backup watch --url http://127.0.0.1:5000 --key-file ./me.key
 *   CELLA_USER_KEY=<hex> npm run cli -w @cella/node -- backup start --target http://127.0.0.1:5001
 *   npm run cli -w @cella/node -- vault verify ./vault.car
 */
import { parseArgs } from 'node:util';
import { readKey, runBackupCli, type BackupCliOptions } from './backup.js';
import { runVaultVerify, type VaultVerifyOptions } from './vault-verify.js';

export const usage = `usage: cella-node backup <status|watch|start|restore> [options]
       cella-node vault verify <file.car> [--json]

backup:
  status    print the state of the latest backup or restore of your vault
  watch     show a progress bar until the running job ends
  start     start a backup to --target, then watch it
  restore   restore from the backup on --target, then watch it

vault:
  verify    check a vault export offline (every block's hash, the exporting node's signature)
            and print what it holds; exit code 1 when the file is not a valid export

options:
  --url URL          the node holding your vault (default $CELLA_URL or http://127.0.0.1:5000)
  --key-file FILE    your DID's private key, 64 hex digits (default $CELLA_USER_KEY)
  --target URL       the backup node (start, restore)
  --interval MS      poll interval for watch (default 1000)
  --json             verify: print the summary as one JSON object
`;

export type CliOptions =
  ({ area: 'backup' } & BackupCliOptions) | ({ area: 'vault' } & VaultVerifyOptions) | { help: string };

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
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [area, command, ...rest] = positionals;
  if (values.help || (area !== 'backup' && area !== 'vault') || !command) return { help: usage };
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
    process.exit(options.area === 'vault' ? await runVaultVerify(options) : await runBackupCli(options));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
