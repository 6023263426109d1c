/**
 * Test support: runs a node (`apps/node` or `apps/backup-node`) as a real child process on a free
 * loopback port with its own data dir, and waits until it listens. Used by integration, crash
 * (`kill -9`) and backup tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface SpawnedNode {
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** Everything the process wrote (stdout + stderr), for assertions and debugging. */
  output(): string;
  /** SIGTERM and wait for exit. */
  stop(): Promise<number | null>;
  /** SIGKILL (crash) and wait for exit. */
  kill(): Promise<void>;
}

export interface SpawnOptions {
  app?: 'node' | 'backup-node';
  dataDir?: string;
  env?: Record<string, string>;
  port?: number;
  timeoutMs?: number;
  /** Extra node flags (e.g. `--cpu-prof`). */
  nodeArgs?: string[];
  /**
   * Run the compiled app (`dist/main.js` with the node flags of its `npm start`, as `npm start`
   * does; needs `npm run build`) instead of its TypeScript sources through tsx (the default, as
   * tests and `npm run dev` do).
   */
  compiled?: boolean;
  /**
   * The data dir of a node whose identity (DID and key) this one shares: one node served by
   * several processes (scale-out) signs and verifies with one key.
   */
  identityFrom?: string;
}

/** Copies a node's identity file (mode 600, in a 700 directory) into another data dir. */
export function shareIdentity(fromDataDir: string, toDataDir: string): void {
  const dir = path.join(toDataDir, 'identity');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, 'node-key.json');
  copyFileSync(path.join(fromDataDir, 'identity', 'node-key.json'), file);
  chmodSync(file, 0o600);
}

const repoRoot = path.resolve(new URL('../../../../', import.meta.url).pathname);

/**
 * The node flags a production start passes (the app's `npm start`: `node <flags> dist/main.js`;
 * the systemd units pass the same, a test checks): what a compiled child runs with, so benchmarks
 * measure the process an operator runs.
 */
export function startFlags(app: 'node' | 'backup-node' = 'node'): string[] {
  const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'apps', app, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const match = /^node((?: --[\w-]+(?:=\S+)?)*) dist\/main\.js$/.exec(pkg.scripts.start);
  if (!match) throw new Error(`apps/${app}: unexpected start script ${pkg.scripts.start}`);
  return match[1]!.split(' ').filter(Boolean);
}

export async function spawnNode(options: SpawnOptions = {}): Promise<SpawnedNode> {
  const app = options.app ?? 'node';
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), `cella-${app}-`));
  if (options.identityFrom) shareIdentity(options.identityFrom, dataDir);
  const cwd = path.join(repoRoot, 'apps', app);
  const child = spawn(
    process.execPath,
    options.compiled
      ? [...startFlags(app), ...(options.nodeArgs ?? []), 'dist/main.js'] // a caller's flag wins
      : [...(options.nodeArgs ?? []), '--conditions=@cella/source', '--import', 'tsx', 'src/main.ts'],
    {
      cwd,
      env: {
        ...process.env,
        CELLA_HOST: '127.0.0.1',
        CELLA_PORT: String(options.port ?? 0),
        CELLA_DATA_DIR: dataDir,
        CELLA_LOG_LEVEL: 'info',
        // Every test's users sign in from one address: the per-IP sign-in limit would count
        // them all together. Tests of that limit (test/hardening) set it.
        CELLA_RATE_LIMIT_SIGNIN: '1000000',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`node did not start within ${options.timeoutMs ?? 30_000} ms:\n${output}`));
    }, options.timeoutMs ?? 30_000);
    const check = () => {
      const match = /listening on (https?:\/\/[^\s"]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        child.stdout.off('data', check);
        resolve(match[1]!);
      }
    };
    child.stdout.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`node exited with ${code} before listening:\n${output}`));
    });
  });

  return {
    url,
    dataDir,
    process: child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
    kill: async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
