/** `CELLA_DEV_CHAIN=true`: the node starts anvil with the contract, pays and settles on it, stops it on close. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { payOrder as payWithEthers } from '@cella/sdk/ethers';
import { JsonRpcProvider, Wallet } from 'ethers';
import { expect, test } from 'vitest';
import { loadConfig, startNode } from '../../src/index.js';
import { signedInUser } from '../helpers/users.js';

test('a dev-chain node prints what a developer needs, settles payments from the printed key, and stops anvil', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cella-devchain-'));
  let banner = '';
  const node = await startNode(
    loadConfig({ CELLA_DEV_CHAIN: 'true' }, { port: 0, dataDir, logLevel: 'silent' }),
    {
      announce: (text) => (banner += text),
    },
  );
  let provider: JsonRpcProvider | undefined;
  try {
    const rpcUrl = /RPC URL\s+(\S+)/.exec(banner)?.[1];
    const chainId = Number(/chain id\s+(\d+)/.exec(banner)?.[1]);
    const contract = /payment contract\s+(0x[0-9a-fA-F]{40})/.exec(banner)?.[1];
    const receiver = /receiving address\s+(0x[0-9a-fA-F]{40})/.exec(banner)?.[1];
    const key = /funded test key\s+(0x[0-9a-f]{64})/.exec(banner)?.[1];
    expect({ rpcUrl, chainId, contract, receiver, key }).toMatchObject({
      rpcUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      chainId: 31337,
    });

    const vault = await signedInUser(node.url);
    expect((await vault.payment.config()).payment).toEqual({
      receivingAddress: receiver,
      contractAddress: contract,
      chainId,
      confirmations: 1,
    });
    provider = new JsonRpcProvider(rpcUrl, chainId, { staticNetwork: true, cacheTimeout: -1 });
    const wallet = new Wallet(key!, provider);
    const order = await vault.payment.placeOrder('Standard');
    const receipt = await vault.payment.settle(await payWithEthers(vault, order, wallet));
    expect(receipt.pricing_plan).toBe('Standard');
    expect((await vault.subscription.info()).storage_quota).toBe(2000 * 1024 * 1024);
    provider.destroy();
    provider = undefined;

    await node.close();
    await expect(fetch(rpcUrl!, { method: 'POST', body: '{}' })).rejects.toThrow();
  } finally {
    provider?.destroy();
    await node.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
