// A ready-to-use local payment chain: anvil plus a deployed PaymentV1. Exported as
// '@cella/contracts-abi/dev-chain' (Node only). The test harness and the node's opt-in dev mode
// start one, point the node at `rpcUrl` + `contractAddress`, and call `stop()` at the end.
import { JsonRpcProvider, Wallet, isAddress } from 'ethers';
import { z } from 'zod';
import { startAnvil, type AnvilOptions, type DevAccount } from './anvil.js';
import { deployPaymentV1 } from './ethers.js';

export { AnvilNotFoundError, startAnvil, resolveAnvilCommand } from './anvil.js';
export type { AnvilOptions, AnvilInstance, DevAccount } from './anvil.js';

export interface DevChainOptions extends AnvilOptions {
  /** Percent of each payment sent to the platform address, 0..100 (default 0: no fee). */
  platformFeeRate?: number;
  /** Where the platform fee goes (default: the deployer, accounts[0]). */
  platformAddress?: string;
}

export interface DevChain {
  /** JSON-RPC endpoint on 127.0.0.1. */
  rpcUrl: string;
  chainId: number;
  /** Funded dev accounts. accounts[0] deployed the contract and owns it. */
  accounts: DevAccount[];
  /** The deployed PaymentV1. */
  contractAddress: string;
  /** The block the contract was deployed in (a lower bound for event queries). */
  deploymentBlock: number;
  platformAddress: string;
  platformFeeRate: number;
  /** Process id of the anvil process (diagnostics). */
  pid: number;
  /** Mines `blocks` empty blocks at once (to reach a confirmation depth in tests). */
  mine: (blocks?: number) => Promise<void>;
  /** Stops anvil, wrapper process included. Idempotent. */
  stop: () => Promise<void>;
  [Symbol.asyncDispose]: () => Promise<void>;
}

const devChainOptionsSchema = z.object({
  platformFeeRate: z.number().int().min(0).max(100).default(0),
  platformAddress: z
    .string()
    .refine((s) => isAddress(s), 'not an EVM address')
    .optional(),
});

/** Starts anvil on a free local port and deploys PaymentV1 on it. */
export async function startDevChain(options: DevChainOptions = {}): Promise<DevChain> {
  const { platformFeeRate, platformAddress } = devChainOptionsSchema.parse(options);
  const anvil = await startAnvil(options);
  const provider = new JsonRpcProvider(anvil.rpcUrl, anvil.chainId, {
    staticNetwork: true,
    cacheTimeout: -1,
  });
  try {
    const deployer = anvil.accounts[0];
    if (!deployer) throw new Error('anvil started without accounts');
    const signer = new Wallet(deployer.privateKey, provider);
    const platform = platformAddress ?? deployer.address;
    const deployed = await deployPaymentV1(signer, { platformAddress: platform, platformFeeRate });

    const rpc = async (method: string, params: unknown[]): Promise<unknown> => {
      const response = await fetch(anvil.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      });
      const reply = z
        .object({ result: z.unknown().optional(), error: z.object({ message: z.string() }).optional() })
        .parse(await response.json());
      if (reply.error) throw new Error(`${method} failed: ${reply.error.message}`);
      return reply.result;
    };

    return {
      rpcUrl: anvil.rpcUrl,
      chainId: anvil.chainId,
      accounts: anvil.accounts,
      contractAddress: deployed.address,
      deploymentBlock: deployed.blockNumber,
      platformAddress: platform,
      platformFeeRate,
      pid: anvil.pid,
      mine: async (blocks = 1) => {
        await rpc('anvil_mine', [`0x${blocks.toString(16)}`]);
      },
      stop: anvil.stop,
      [Symbol.asyncDispose]: anvil.stop,
    };
  } catch (error) {
    await anvil.stop();
    throw error;
  } finally {
    provider.destroy();
  }
}
