/**
 * `cella-node backup <status|watch|start|restore>`: a user's view of their vault's backup from a
 * terminal. Signs in to the node with the user's key (hex, from --key-file or CELLA_USER_KEY), then
 * prints the state once (`status`), or a live progress bar until the job ends (`watch`; `start` and
 * `restore` start a job first). Exit code 0 when the job succeeded (or none ran), 1 when it failed.
 */
import { readFileSync } from 'node:fs';
import { createKeySigner, hexToBytes } from '@cella/did';
import { connect, type BackupState, type Vault } from '@cella/sdk';
import { rateBetween, renderProgress } from './progress-bar.js';

export interface BackupCliOptions {
  command: 'status' | 'watch' | 'start' | 'restore';
  url: string;
  keyHex: string;
  target?: string;
  intervalMs: number;
  /** Where lines go (a TTY gets one redrawn line). */
  out: NodeJS.WritableStream & { isTTY?: boolean };
}

/** The user's key: from --key-file, else the file $CELLA_USER_KEY_FILE names, else $CELLA_USER_KEY (never printed). */
export function readKey(keyFile: string | undefined, env: NodeJS.ProcessEnv): string {
  const file = keyFile ?? env.CELLA_USER_KEY_FILE;
  const raw = file ? readFileSync(file, 'utf8') : env.CELLA_USER_KEY;
  const hex = raw?.trim();
  if (!hex || !/^[0-9a-fA-F]{64}$/.test(hex))
    throw new Error(
      'the user key must be 64 hex digits (--key-file FILE, CELLA_USER_KEY_FILE=FILE or CELLA_USER_KEY)',
    );
  return hex;
}

function summary(state: BackupState): string {
  const when = (s: number | null) => (s === null ? 'never' : new Date(s * 1000).toISOString());
  return `${renderProgress(state)}\n${state.message}\nlast successful backup: ${when(state.last_success_at)}`;
}

export async function runBackupCli(
  options: BackupCliOptions,
  connectTo: (url: string, keyHex: string) => Promise<Vault> = defaultConnect,
): Promise<number> {
  const vault = await connectTo(options.url, options.keyHex);
  if (options.command === 'start' || options.command === 'restore') {
    if (!options.target) throw new Error(`${options.command} needs --target <backup node URL>`);
    const target = { url: options.target };
    if (options.command === 'start') await vault.backup.start({ target });
    else await vault.backup.restore({ target });
  }
  if (options.command === 'status') {
    const state = await vault.backup.state();
    options.out.write(`${summary(state)}\n`);
    return state.result === 'failed' ? 1 : 0;
  }
  let previous: { at: number; bytes: number } | undefined;
  let last = '';
  const final = await vault.backup.watch(
    (state) => {
      const now = { at: Date.now(), bytes: state.progress.bytes_done };
      const rate = rateBetween(previous, now);
      previous = now;
      const line = renderProgress(state, rate === undefined ? {} : { rate });
      if (options.out.isTTY) options.out.write(`\r${line}\u001b[K`);
      else if (line !== last) options.out.write(`${line}\n`);
      last = line;
    },
    { intervalMs: options.intervalMs },
  );
  options.out.write(`${options.out.isTTY ? '\n' : ''}${final.message}\n`);
  return final.result === 'failed' ? 1 : 0;
}

async function defaultConnect(url: string, keyHex: string): Promise<Vault> {
  return connect({ url, signer: createKeySigner(hexToBytes(keyHex)) });
}
