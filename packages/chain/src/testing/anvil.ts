// anvil (npm @foundry-rs/anvil) as the real EVM behind the sidechain clients in tests: HTTP and
// WebSocket JSON-RPC on one loopback port chosen by the OS. The platform binary is spawned
// directly (not the npm bin wrapper, which would leave a second process to kill).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface AnvilOptions {
  chainId?: number;
  /** Seconds between blocks; default: a block per transaction only (mine with `mine()`). */
  blockTime?: number;
  extraArgs?: string[];
}

export interface Anvil {
  url: string;
  wsUrl: string;
  port: number;
  chainId: number;
  /** Mines blocks now (evm_mine). */
  mine(blocks?: number): Promise<void>;
  close(): Promise<void>;
}

export function anvilBinary(): string {
  const require = createRequire(import.meta.url);
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const platform = process.platform === 'win32' ? 'win32' : process.platform;
  const name = `@foundry-rs/anvil-${platform}-${arch}`;
  try {
    const bin = path.join(
      path.dirname(require.resolve(`${name}/package.json`)),
      'bin',
      platform === 'win32' ? 'anvil.exe' : 'anvil',
    );
    if (existsSync(bin)) return bin;
  } catch {
    // fall through to the wrapper
  }
  return path.join(path.dirname(require.resolve('@foundry-rs/anvil/package.json')), 'bin.mjs');
}

export async function startAnvil(options: AnvilOptions = {}): Promise<Anvil> {
  const chainId = options.chainId ?? 31337;
  const args = ['--host', '127.0.0.1', '--port', '0', '--chain-id', String(chainId)];
  if (options.blockTime !== undefined) args.push('--block-time', String(options.blockTime));
  args.push(...(options.extraArgs ?? []));
  const bin = anvilBinary();
  const child: ChildProcess = bin.endsWith('.mjs')
    ? spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    : spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Listening on 127\.0\.0\.1:(\d+)/.exec(out);
      if (m) {
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        resolve(Number(m[1]));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
    child.once('exit', (code) =>
      reject(new Error(`anvil exited (${code}) before listening: ${out.slice(-500)}`)),
    );
    child.once('error', reject);
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url,
    wsUrl: `ws://127.0.0.1:${port}`,
    port,
    chainId,
    async mine(blocks = 1) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'anvil_mine',
          params: [`0x${blocks.toString(16)}`],
        }),
      });
      await res.text();
    },
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        // The wrapper runs anvil as its child: kill the whole group it leads.
        if (bin.endsWith('.mjs') && child.pid) process.kill(-child.pid, 'SIGTERM');
        else child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
