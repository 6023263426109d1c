/**
 * The Chain port for payments: reads a PaymentV1 (or HivePaymentV1) order at a block with enough
 * confirmations. The ethers engine talks to any EVM JSON-RPC (ESC in production, anvil in
 * development). Every transport problem becomes UNAVAILABLE (503): the payment is not lost, the
 * client settles again later.
 */
import { PaymentContractError, type PaymentV1Order } from '@cella/contracts-abi';
import { getOrder } from '@cella/contracts-abi/ethers';
import { FetchRequest, JsonRpcProvider, Network, isError } from 'ethers';
import { z } from 'zod';
import { CellaError } from '../errors.js';
import type { PaymentSettings } from './settings.js';

export type ChainOrder = PaymentV1Order;

export type ReadOrderResult =
  | { status: 'found'; order: ChainOrder }
  /** The contract has no order with this id (at the head of the chain). */
  | { status: 'missing' }
  /** The order exists at the head but not yet `needed` blocks deep. */
  | { status: 'unconfirmed'; needed: number };

export interface PaymentChain {
  /** The chain id of the RPC (checked against the configured one). */
  chainId(): Promise<number>;
  /** Reads one order at `head − (confirmations − 1)`. */
  readOrder(orderId: bigint): Promise<ReadOrderResult>;
  close(): void;
}

const RPC_TIMEOUT_MS = 15_000;

function unavailable(what: string, error: unknown): CellaError {
  const detail = error instanceof Error ? error.message.split('\n')[0]!.slice(0, 200) : String(error);
  return new CellaError(
    'UNAVAILABLE',
    `the payment chain is unreachable or misconfigured (${what}): ${detail}`,
    { cause: error },
  );
}

const chainIdReply = z.object({ result: z.string().regex(/^0x[0-9a-fA-F]+$/) });

/** eth_chainId over plain fetch: ethers' own network detection retries forever on a dead RPC. */
async function fetchChainId(rpcUrl: string): Promise<number> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    signal: AbortSignal.timeout(RPC_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return Number(BigInt(chainIdReply.parse(await response.json()).result));
}

export class EthersPaymentChain implements PaymentChain {
  private connecting: Promise<{ provider: JsonRpcProvider; chainId: number }> | undefined;
  private provider: JsonRpcProvider | undefined;

  constructor(private readonly settings: PaymentSettings) {}

  /** Connects once; a failed attempt is forgotten so the next request tries again. */
  private connect(): Promise<{ provider: JsonRpcProvider; chainId: number }> {
    this.connecting ??= (async () => {
      let chainId: number;
      try {
        chainId = await fetchChainId(this.settings.rpcUrl);
      } catch (error) {
        throw unavailable('eth_chainId', error);
      }
      if (this.settings.chainId !== null && chainId !== this.settings.chainId) {
        throw new CellaError(
          'UNAVAILABLE',
          `the payment RPC serves chain ${chainId}, but the node is configured for chain ${this.settings.chainId}`,
        );
      }
      const request = new FetchRequest(this.settings.rpcUrl);
      request.timeout = RPC_TIMEOUT_MS;
      const provider = new JsonRpcProvider(request, Network.from(chainId), {
        staticNetwork: true,
        cacheTimeout: -1,
      });
      this.provider = provider;
      return { provider, chainId };
    })().catch((error: unknown) => {
      this.connecting = undefined;
      throw error;
    });
    return this.connecting;
  }

  async chainId(): Promise<number> {
    return (await this.connect()).chainId;
  }

  async readOrder(orderId: bigint): Promise<ReadOrderResult> {
    const { provider } = await this.connect();
    const { contractAddress, confirmations } = this.settings;
    let head: number;
    try {
      head = await provider.getBlockNumber();
    } catch (error) {
      throw unavailable('eth_blockNumber', error);
    }
    const confirmedBlock = Math.max(0, head - (confirmations - 1));
    const read = async (blockTag: number): Promise<ChainOrder | null> => {
      try {
        return await getOrder(provider, contractAddress, orderId, { blockTag });
      } catch (error) {
        if (error instanceof PaymentContractError && error.errorName === 'InvalidOrderId') return null;
        // A HivePaymentV1 reverts with a string ("invalid orderId"): the id is not there.
        if (isError(error, 'CALL_EXCEPTION') && error.reason) return null;
        throw unavailable('getOrder', error);
      }
    };
    const order = await read(confirmedBlock);
    if (order) return { status: 'found', order };
    if (confirmedBlock === head) return { status: 'missing' };
    return (await read(head)) ? { status: 'unconfirmed', needed: confirmations } : { status: 'missing' };
  }

  close(): void {
    this.provider?.destroy();
  }
}
