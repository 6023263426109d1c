import { Wallet, parseEther } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChainRpcError, EvmRpcClient, subscribeNewHeads, type NewHead } from '../src/index.js';
import { startAnvil, type Anvil } from '../src/testing/index.js';

// anvil's first well-known dev account (public test key, funded with 10000 ETH).
const DEV_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';

describe('EVM sidechain client against anvil (chain ID 20, as ESC mainnet)', () => {
  let anvil: Anvil;
  let client: EvmRpcClient;

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 20 });
    client = new EvmRpcClient({ url: anvil.url, service: 'ESC RPC', chainId: 20 });
  });
  afterAll(async () => {
    client.destroy();
    await anvil.close();
  });

  it('answers the methods of spec §4', async () => {
    expect(await client.chainId()).toBe(20n);
    expect(await client.syncing()).toBe(false);
    expect(await client.gasPrice()).toBeGreaterThan(0n);
    const wallet = new Wallet(DEV_KEY);
    expect(await client.getBalance(wallet.address)).toBe(parseEther('10000'));
    const start = await client.blockNumber();
    const to = Wallet.createRandom().address;
    const signed = await wallet.signTransaction({
      to,
      value: parseEther('1.5'),
      chainId: 20,
      nonce: 0,
      gasLimit: 21000,
      maxFeePerGas: 10_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
      type: 2,
    });
    const hash = await client.sendRawTransaction(signed);
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    // anvil mines on its own schedule after answering: the receipt may take a moment to appear
    // (CI once saw null right after eth_sendRawTransaction).
    let receipt = await client.getTransactionReceipt(hash);
    for (let i = 0; i < 50 && receipt === null; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      receipt = await client.getTransactionReceipt(hash);
    }
    expect(receipt?.status).toBe('0x1');
    expect(await client.blockNumber()).toBe(start + 1n);
    expect(await client.getBalance(to)).toBe(parseEther('1.5'));
    expect(await client.getTransactionReceipt(`0x${'00'.repeat(32)}`)).toBeNull();
  });

  it('net_peerCount: anvil has no peer-to-peer layer and says so with -32601', async () => {
    const err = await client.peerCount().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ChainRpcError);
    expect((err as ChainRpcError).code).toBe('RPC_ERROR');
    expect((err as ChainRpcError).rpcCode).toBe(-32601);
  });

  it('streams newHeads over WebSocket as blocks are mined', async () => {
    const heads: NewHead[] = [];
    let subscribed!: () => void;
    const ready = new Promise<void>((r) => (subscribed = r));
    const stream = subscribeNewHeads(anvil.wsUrl, { onSubscribed: () => subscribed() });
    const first = stream.next(); // opens and subscribes
    await ready;
    const before = await client.blockNumber();
    await anvil.mine(3);
    heads.push((await first).value as NewHead);
    for await (const head of stream) {
      heads.push(head);
      if (heads.length === 3) break;
    }
    expect(heads.map((h) => h.number)).toEqual([before + 1n, before + 2n, before + 3n]);
    expect(heads[1]?.parentHash).toBe(heads[0]?.hash);
    expect(heads[2]?.parentHash).toBe(heads[1]?.hash);
  });

  it('reports an unreachable node', async () => {
    const gone = new EvmRpcClient({ url: 'http://127.0.0.1:1' });
    const err = await gone.blockNumber().catch((e: unknown) => e);
    expect((err as ChainRpcError).code).toBe('UNREACHABLE');
    gone.destroy();
    const ws = subscribeNewHeads('ws://127.0.0.1:1');
    const wsErr = await ws.next().catch((e: unknown) => e);
    expect((wsErr as ChainRpcError).code).toBe('UNREACHABLE');
  });
});
