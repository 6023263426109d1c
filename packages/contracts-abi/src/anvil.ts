// Starts and stops a local anvil (from the npm package @foundry-rs/anvil) for tests and the
// node's dev mode. Node only. Listens on 127.0.0.1 with a port the OS picks (--port 0, read back
// from anvil's "Listening on" line), so parallel test files never collide.
//
// Process handling: the package's `bin.mjs` is a Node wrapper that spawns the real binary as a
// child, so killing the wrapper alone leaves anvil running. We spawn the platform binary
// directly when we can find it, and in every case start it in its own process group and signal
// the whole group, which stops wrapper and binary together.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getAddress } from 'ethers';
import { z } from 'zod';

export interface AnvilOptions {
  /** Chain id (default 31337, anvil's). */
  chainId?: number;
  /** Number of funded dev accounts (default 10). */
  accounts?: number;
  /** Balance of each dev account in ether (default 10000). */
  balanceEther?: number;
  /** BIP39 mnemonic for the dev accounts (default anvil's public test mnemonic). */
  mnemonic?: string;
  /** EVM hardfork, e.g. 'istanbul' to mimic Elastos Smart Chain (default: anvil's latest). */
  hardfork?: string;
  /** Interval mining in seconds; by default every transaction is mined at once. */
  blockTimeSeconds?: number;
  /** Path of an anvil binary; default: env CELLA_ANVIL_BIN, else the one from @foundry-rs/anvil. */
  binary?: string;
  /** Give up starting after this long (default 20 s). */
  startTimeoutMs?: number;
}

export interface DevAccount {
  /** Checksummed address. */
  address: string;
  /** 0x-prefixed secp256k1 private key (dev chains only: these keys are public knowledge). */
  privateKey: string;
}

export interface AnvilInstance {
  rpcUrl: string;
  host: string;
  port: number;
  chainId: number;
  accounts: DevAccount[];
  /** Process id of the spawned process (the group leader). */
  pid: number;
  /** Stops anvil (SIGTERM, then SIGKILL after 5 s) and waits until it has exited. Idempotent. */
  stop: () => Promise<void>;
}

const optionsSchema = z.object({
  chainId: z.number().int().positive().default(31337),
  accounts: z.number().int().min(1).max(1000).default(10),
  balanceEther: z.number().positive().default(10_000),
  mnemonic: z.string().min(1).optional(),
  hardfork: z
    .string()
    .regex(/^[a-z]+$/)
    .optional(),
  blockTimeSeconds: z.number().positive().optional(),
  binary: z.string().min(1).optional(),
  startTimeoutMs: z.number().int().positive().default(20_000),
});

const configOutSchema = z.object({
  available_accounts: z.array(z.string()),
  private_keys: z.array(z.string().regex(/^0x[0-9a-fA-F]{64}$/)),
});

const HOST = '127.0.0.1';
const STOP_GRACE_MS = 5_000;

/** Starts anvil and resolves once it answers JSON-RPC. */
export async function startAnvil(options: AnvilOptions = {}): Promise<AnvilInstance> {
  const opts = optionsSchema.parse(options);
  const command = resolveAnvilCommand(opts.binary);
  // anvil writes its accounts, private keys included, to this file: a private temp dir
  // (mkdtemp creates it with mode 700) removed as soon as it has been read.
  const configDir = await mkdtemp(join(tmpdir(), 'cella-anvil-'));
  const configOut = join(configDir, 'anvil.json');
  // prettier-ignore
  const args = [
    '--host', HOST,
    '--port', '0',
    '--chain-id', String(opts.chainId),
    '--accounts', String(opts.accounts),
    '--balance', String(opts.balanceEther),
    '--config-out', configOut,
    ...(opts.mnemonic ? ['--mnemonic', opts.mnemonic] : []),
    ...(opts.hardfork ? ['--hardfork', opts.hardfork] : []),
    ...(opts.blockTimeSeconds ? ['--block-time', String(opts.blockTimeSeconds)] : []),
  ];

  const child = spawn(command.file, [...command.args, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: process.platform !== 'win32',
    env: process.env,
  });
  const proc = trackProcess(child);

  try {
    const port = await waitForListening(child, proc, opts.startTimeoutMs);
    const rpcUrl = `http://${HOST}:${port}`;
    await waitForRpc(rpcUrl, opts.chainId, proc, opts.startTimeoutMs);
    const accounts = await readAccounts(configOut);
    return {
      rpcUrl,
      host: HOST,
      port,
      chainId: opts.chainId,
      accounts,
      pid: child.pid ?? -1,
      stop: proc.stop,
    };
  } catch (error) {
    await proc.stop();
    throw error;
  } finally {
    await rm(configDir, { recursive: true, force: true });
  }
}

interface Command {
  file: string;
  args: string[];
}

/** Platform package suffixes as @foundry-rs/anvil names them. */
const PLATFORM_PACKAGES: Record<string, string> = {
  'linux-x64': 'linux-amd64',
  'linux-arm64': 'linux-arm64',
  'darwin-x64': 'darwin-amd64',
  'darwin-arm64': 'darwin-arm64',
  'win32-x64': 'win32-amd64',
};

/**
 * No anvil to run: @foundry-rs/anvil is a development dependency (a 43 MB binary), absent from a
 * production install (`npm ci --omit=dev`), or CELLA_ANVIL_BIN names no file.
 */
export class AnvilNotFoundError extends Error {
  override readonly name = 'AnvilNotFoundError';
}

/**
 * The anvil binary to run: explicit path, env override, platform binary, or the Node wrapper.
 * `from` is where the npm package is looked up (this module by default; tests pass a directory
 * without it).
 */
export function resolveAnvilCommand(binary?: string, from: string = import.meta.url): Command {
  const explicit = binary ?? process.env.CELLA_ANVIL_BIN;
  if (explicit) {
    if (!existsSync(explicit)) throw new AnvilNotFoundError(`anvil not found: ${explicit} does not exist`);
    return { file: explicit, args: [] };
  }
  const require = createRequire(from);
  let wrapperPackageJson: string;
  try {
    wrapperPackageJson = require.resolve('@foundry-rs/anvil/package.json');
  } catch {
    throw new AnvilNotFoundError(
      'anvil not found: the npm package @foundry-rs/anvil (a development dependency) is not installed; ' +
        'install the development dependencies (npm ci, without --omit=dev) or set CELLA_ANVIL_BIN to an anvil binary',
    );
  }
  const suffix = PLATFORM_PACKAGES[`${process.platform}-${process.arch}`];
  if (suffix) {
    const exe = process.platform === 'win32' ? 'anvil.exe' : 'anvil';
    // The platform package is an optional dependency of @foundry-rs/anvil: resolve it from there,
    // which also works when the package manager does not hoist it next to us.
    for (const location of [wrapperPackageJson, from]) {
      try {
        return { file: createRequire(location).resolve(`@foundry-rs/anvil-${suffix}/bin/${exe}`), args: [] };
      } catch {
        // try the next location
      }
    }
  }
  // Fallback: the wrapper, run by this Node (it finds or downloads the binary itself).
  return { file: process.execPath, args: [join(wrapperPackageJson, '..', 'bin.mjs')] };
}

interface TrackedProcess {
  exited: Promise<void>;
  hasExited(): boolean;
  output(): string;
  stop: () => Promise<void>;
}

function trackProcess(child: ChildProcess): TrackedProcess {
  let exitedFlag = false;
  // Only stderr is kept for error messages: anvil's stdout banner lists the private keys.
  let log = '';
  const append = (chunk: Buffer): void => {
    log = (log + chunk.toString('utf8')).slice(-8_000);
  };
  child.stderr?.on('data', append);
  // Keep draining stdout (anvil logs every request there): a full pipe would block anvil.
  child.stdout?.on('data', () => undefined);
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exitedFlag = true;
      resolve();
    });
    child.once('error', (error) => {
      append(Buffer.from(`spawn failed: ${error.message}\n`));
      exitedFlag = true;
      resolve();
    });
  });

  const signal = (sig: NodeJS.Signals): void => {
    if (exitedFlag || child.pid === undefined) return;
    try {
      // Negative pid = the whole process group (wrapper and binary alike).
      if (process.platform === 'win32') child.kill(sig);
      else process.kill(-child.pid, sig);
    } catch {
      // already gone
    }
  };
  // If the host process exits without stop() (a crashed test), don't leave anvil behind.
  const onExit = (): void => signal('SIGKILL');
  process.once('exit', onExit);

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      signal('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), STOP_GRACE_MS);
      });
      if (await Promise.race([exited.then(() => false), timedOut])) {
        signal('SIGKILL');
        await exited;
      }
      clearTimeout(timer);
      // Members of the group other than the leader (the binary, under the wrapper) may outlive it:
      // kill them and wait until the group is empty, so the port is free when stop() resolves.
      await killGroupAndWait(child.pid);
      process.off('exit', onExit);
      child.stdout?.destroy();
      child.stderr?.destroy();
    })();
    return stopping;
  };
  return { exited, hasExited: () => exitedFlag, output: () => log, stop };
}

async function killGroupAndWait(pid: number | undefined): Promise<void> {
  if (pid === undefined || process.platform === 'win32') return;
  const deadline = Date.now() + STOP_GRACE_MS;
  while (Date.now() < deadline) {
    try {
      process.kill(-pid, 'SIGKILL'); // throws ESRCH once no process of the group is left
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function waitForListening(child: ChildProcess, proc: TrackedProcess, timeoutMs: number): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(() => fail(new Error(`anvil did not start within ${timeoutMs} ms`)), timeoutMs);
    const onData = (chunk: Buffer): void => {
      buffer += chunk.toString('utf8');
      const match = /Listening on [^\s:]+:(\d+)/.exec(buffer);
      if (match?.[1]) {
        cleanup();
        resolve(Number(match[1]));
      }
    };
    const onExit = (): void => fail(new Error('anvil exited during startup'));
    const cleanup = (): void => {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
      child.off('error', onExit);
    };
    function fail(error: Error): void {
      cleanup();
      reject(new Error(`${error.message}\n${proc.output()}`));
    }
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
    child.once('error', onExit);
    if (proc.hasExited()) onExit();
  });
}

const chainIdReplySchema = z.object({ result: z.string() });

/** Polls eth_chainId until anvil answers with the expected chain id. */
async function waitForRpc(
  rpcUrl: string,
  chainId: number,
  proc: TrackedProcess,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline && !proc.hasExited()) {
    try {
      const response = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      });
      const reply = chainIdReplySchema.parse(await response.json());
      if (Number(BigInt(reply.result)) !== chainId) {
        throw new Error(`anvil reports chain id ${reply.result}, expected ${chainId}`);
      }
      return;
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`anvil at ${rpcUrl} did not answer JSON-RPC: ${String(lastError)}\n${proc.output()}`);
}

async function readAccounts(configOut: string): Promise<DevAccount[]> {
  const config = configOutSchema.parse(JSON.parse(await readFile(configOut, 'utf8')));
  return config.available_accounts.map((address, i) => {
    const privateKey = config.private_keys[i];
    if (!privateKey) throw new Error('anvil config has fewer private keys than accounts');
    return { address: getAddress(address), privateKey };
  });
}
