/**
 * Starts throwaway kubo daemons for tests and benchmarks through scripts/services/kubo.sh (offline,
 * loopback only, its own repo in a temp dir), from the cached binary that `kubo.sh install` builds.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const KUBO_SH = fileURLToPath(new URL('../../../../scripts/services/kubo.sh', import.meta.url));

export interface KuboDaemon {
  apiUrl: string;
  repo: string;
  stop(): Promise<void>;
}

export function kuboBinary(): string | undefined {
  const bin = join(process.env.CELLA_TOOLS_DIR ?? join(homedir(), '.cache', 'cella', 'tools'), 'bin', 'ipfs');
  return existsSync(bin) ? bin : undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address !== null
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** `under`: the directory the daemon's repo is made in (default the system's temp dir). */
export async function startKubo(options: { under?: string } = {}): Promise<KuboDaemon> {
  const dir = await mkdtemp(join(options.under ?? tmpdir(), 'cella-kubo-'));
  const repo = join(dir, 'repo');
  const port = await freePort();
  const { stdout } = await run(KUBO_SH, ['start', repo, String(port)], { timeout: 60_000 });
  const apiUrl = stdout.trim().split('\n').pop() ?? '';
  return {
    apiUrl,
    repo,
    async stop() {
      await run(KUBO_SH, ['stop', repo], { timeout: 30_000 });
      await rm(dir, { recursive: true, force: true });
    },
  };
}
