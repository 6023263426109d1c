// The dev chain: anvil from @foundry-rs/anvil on a free local port, PaymentV1 deployed, and a
// stop() that leaves no process behind (the npm wrapper's child included).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import { parseEther } from 'ethers';
import { afterEach, describe, expect, it } from 'vitest';
import { paymentV1DeployedBytecode } from '../src/index.js';
import { getOrder, getPlatformFee, payOrder, paymentV1Contract } from '../src/ethers.js';
import {
  AnvilNotFoundError,
  resolveAnvilCommand,
  startAnvil,
  startDevChain,
  type AnvilInstance,
  type DevChain,
} from '../src/dev-chain.js';
import { providerFor, walletFor } from './support.js';

const running: { stop(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((c) => c.stop()));
});

async function devChain(options?: Parameters<typeof startDevChain>[0]): Promise<DevChain> {
  const chain = await startDevChain(options);
  running.push(chain);
  return chain;
}

/** Alive = exists and is not a zombie (a zombie is dead, just not yet reaped by its parent). */
function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

async function rpcReachable(url: string): Promise<boolean> {
  try {
    await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}',
    });
    return true;
  } catch {
    return false;
  }
}

describe('startDevChain', () => {
  it('starts anvil on 127.0.0.1 with funded accounts and PaymentV1 deployed by accounts[0]', async () => {
    const chain = await devChain();
    expect(chain.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(chain.chainId).toBe(31337);
    expect(chain.accounts).toHaveLength(10);
    expect(chain.accounts[0]!.privateKey).toMatch(/^0x[0-9a-f]{64}$/);

    const provider = providerFor(chain);
    try {
      expect((await provider.getNetwork()).chainId).toBe(31337n);
      expect(await provider.getBalance(chain.accounts[9]!.address)).toBe(parseEther('10000'));
      expect(await provider.getCode(chain.contractAddress)).toBe(paymentV1DeployedBytecode);
      expect(await paymentV1Contract(chain.contractAddress, provider).getFunction('owner').staticCall()).toBe(
        chain.accounts[0]!.address,
      );
      expect(await getPlatformFee(provider, chain.contractAddress)).toEqual({
        platformAddress: chain.accounts[0]!.address,
        platformFeeRate: 0n,
      });
      expect(chain.deploymentBlock).toBeGreaterThan(0);

      // A payment works end to end, and mine() adds confirmations on demand.
      const { orderId, blockNumber } = await payOrder(chain.contractAddress, walletFor(chain, provider, 1), {
        to: chain.accounts[2]!.address,
        memo: 'dev',
        valueWei: parseEther('1'),
      });
      await chain.mine(5);
      expect(await provider.getBlockNumber()).toBe(blockNumber + 5);
      expect((await getOrder(provider, chain.contractAddress, orderId, { blockTag: blockNumber })).memo).toBe(
        'dev',
      );
    } finally {
      provider.destroy();
    }
  });

  it('honours chain id, account count, fee rate and platform address', async () => {
    const chain = await devChain({
      chainId: 1337,
      accounts: 3,
      balanceEther: 5,
      platformFeeRate: 5,
      platformAddress: '0x000000000000000000000000000000000000dEaD',
    });
    const provider = providerFor(chain);
    try {
      expect(chain.chainId).toBe(1337);
      expect(chain.accounts).toHaveLength(3);
      expect(await provider.getBalance(chain.accounts[2]!.address)).toBe(parseEther('5'));
      expect(await getPlatformFee(provider, chain.contractAddress)).toEqual({
        platformAddress: '0x000000000000000000000000000000000000dEaD',
        platformFeeRate: 5n,
      });
    } finally {
      provider.destroy();
    }
  });

  it('runs the contract on an Istanbul EVM, as on Elastos Smart Chain', async () => {
    const chain = await devChain({ hardfork: 'istanbul' });
    const provider = providerFor(chain);
    try {
      const paid = await payOrder(chain.contractAddress, walletFor(chain, provider, 1), {
        to: chain.accounts[2]!.address,
        memo: 'istanbul',
        valueWei: 1234n,
      });
      expect(await getOrder(provider, chain.contractAddress, paid.orderId)).toMatchObject({
        amount: 1234n,
        memo: 'istanbul',
      });
    } finally {
      provider.destroy();
    }
  });

  it('gives concurrent chains their own ports', async () => {
    const [a, b] = await Promise.all([devChain(), devChain()]);
    expect(a.rpcUrl).not.toBe(b.rpcUrl);
  });

  it('stops cleanly: the process is gone, the port is closed, and stop() can be called again', async () => {
    const chain = await startDevChain();
    expect(isAlive(chain.pid)).toBe(true);
    await chain.stop();
    await chain.stop();
    expect(isAlive(chain.pid)).toBe(false);
    expect(await rpcReachable(chain.rpcUrl)).toBe(false);
  });
});

describe('startAnvil', () => {
  const onLinux = process.platform === 'linux' ? it : it.skip;

  it('spawns the platform binary directly (one process) and stops it', async () => {
    const anvil = await startAnvil({ accounts: 1 });
    running.push(anvil);
    expect(isAlive(anvil.pid)).toBe(true);
    expect(childrenOf(anvil.pid)).toEqual([]);
    await anvil.stop();
    expect(isAlive(anvil.pid)).toBe(false);
    expect(await rpcReachable(anvil.rpcUrl)).toBe(false);
  });

  onLinux('stops both processes when started through the npm wrapper (node bin.mjs → anvil)', async () => {
    const require = createRequire(import.meta.url);
    const wrapper = join(dirname(require.resolve('@foundry-rs/anvil/package.json')), 'bin.mjs');
    const anvil: AnvilInstance = await startAnvil({ binary: wrapper, accounts: 1 });
    running.push(anvil);
    const children = childrenOf(anvil.pid);
    expect(children).toHaveLength(1); // the real anvil under the Node wrapper
    await anvil.stop();
    expect(isAlive(anvil.pid)).toBe(false);
    expect(isAlive(children[0]!)).toBe(false);
    expect(await rpcReachable(anvil.rpcUrl)).toBe(false);
  });

  it('says what to install when the npm package is absent (a production install)', () => {
    // @foundry-rs/anvil is a development dependency: looked up from a directory without it.
    const bare = mkdtempSync(join(tmpdir(), 'cella-no-anvil-'));
    try {
      const from = pathToFileURL(join(bare, 'here.js')).href;
      const previous = process.env.CELLA_ANVIL_BIN;
      delete process.env.CELLA_ANVIL_BIN;
      try {
        expect(() => resolveAnvilCommand(undefined, from)).toThrow(AnvilNotFoundError);
        expect(() => resolveAnvilCommand(undefined, from)).toThrow(
          /@foundry-rs\/anvil .*development dependency.*npm ci.*CELLA_ANVIL_BIN/,
        );
      } finally {
        if (previous !== undefined) process.env.CELLA_ANVIL_BIN = previous;
      }
      expect(resolveAnvilCommand(undefined).file).toMatch(/anvil/); // the control: installed here
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });

  it('fails with a clear error when anvil cannot start, leaving nothing behind', async () => {
    await expect(startAnvil({ binary: '/nonexistent/anvil' })).rejects.toThrow(
      /anvil not found: \/nonexistent\/anvil does not exist/,
    );
    await expect(startAnvil({ binary: '/dev/null' })).rejects.toThrow(/spawn failed|exited during startup/);
    await expect(startAnvil({ hardfork: 'nosuchfork' })).rejects.toThrow(
      /exited during startup[\s\S]*nosuchfork/,
    );
  });
});
