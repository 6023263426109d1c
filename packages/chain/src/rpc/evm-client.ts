// EVM sidechain JSON-RPC client (spec §4 "Sidechain JSON-RPC") through ethers: every method the
// spec lists, with hex quantities validated and turned into bigint. No auth (geth has none).
import { FetchRequest, JsonRpcProvider, Network } from 'ethers';
import { z } from 'zod';
import { ChainRpcError, redactUrl } from './errors.js';
import { DEFAULT_RPC_TIMEOUT_MS } from './http-post.js';

const Quantity = z.string().regex(/^0x[0-9a-fA-F]+$/, 'expected a hex quantity');
const Data = z.string().regex(/^0x[0-9a-fA-F]*$/, 'expected hex data');
const Hash32 = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'expected a 32-byte hash');

export const SyncStatus = z.looseObject({
  startingBlock: Quantity,
  currentBlock: Quantity,
  highestBlock: Quantity,
});
export type SyncStatus = z.infer<typeof SyncStatus>;

export const TransactionReceipt = z.looseObject({
  transactionHash: Hash32,
  blockHash: Hash32,
  blockNumber: Quantity,
  transactionIndex: Quantity,
  from: Data,
  to: Data.nullable(),
  gasUsed: Quantity,
  cumulativeGasUsed: Quantity,
  contractAddress: Data.nullable().optional(),
  logs: z.array(z.unknown()),
  status: Quantity.optional(),
});
export type TransactionReceipt = z.infer<typeof TransactionReceipt>;

export interface EvmClientOptions {
  url: string;
  /** Label for messages, e.g. "ESC RPC". */
  service?: string;
  /** Chain ID ethers assumes (never queried implicitly); defaults to 0. */
  chainId?: number;
  timeoutMs?: number;
}

export class EvmRpcClient {
  readonly endpoint: string;
  readonly service: string;
  private readonly provider: JsonRpcProvider;
  private readonly timeoutMs: number;

  constructor(options: EvmClientOptions) {
    this.endpoint = redactUrl(options.url);
    this.service = options.service ?? 'sidechain RPC';
    this.timeoutMs = options.timeoutMs ?? DEFAULT_RPC_TIMEOUT_MS;
    const request = new FetchRequest(options.url);
    request.timeout = this.timeoutMs;
    // staticNetwork: no hidden eth_chainId probe, no retry loop when the node is down.
    this.provider = new JsonRpcProvider(request, new Network('sidechain', options.chainId ?? 0), {
      staticNetwork: true,
      batchMaxCount: 1,
    });
  }

  /** Raw call; errors become ChainRpcError. */
  async call(method: string, params: unknown[] = []): Promise<unknown> {
    try {
      return (await this.provider.send(method, params)) as unknown;
    } catch (err) {
      throw this.translate(err, method);
    }
  }

  private async typed<S extends z.ZodType>(
    method: string,
    params: unknown[],
    schema: S,
  ): Promise<z.infer<S>> {
    const result = await this.call(method, params);
    const parsed = schema.safeParse(result);
    if (!parsed.success) {
      throw new ChainRpcError(
        'BAD_RESPONSE',
        `${this.service} ${method} returned an unexpected result: ${parsed.error.issues[0]?.message ?? ''}`,
        {
          service: this.service,
          endpoint: this.endpoint,
          method,
        },
      );
    }
    return parsed.data;
  }

  async blockNumber(): Promise<bigint> {
    return BigInt(await this.typed('eth_blockNumber', [], Quantity));
  }
  async getBalance(address: string, blockTag = 'latest'): Promise<bigint> {
    return BigInt(await this.typed('eth_getBalance', [address, blockTag], Quantity));
  }
  /** Returns the transaction hash. */
  sendRawTransaction(signedTx: string): Promise<string> {
    return this.typed('eth_sendRawTransaction', [signedTx], Hash32);
  }
  getTransactionReceipt(hash: string): Promise<TransactionReceipt | null> {
    return this.typed('eth_getTransactionReceipt', [hash], TransactionReceipt.nullable());
  }
  async gasPrice(): Promise<bigint> {
    return BigInt(await this.typed('eth_gasPrice', [], Quantity));
  }
  async chainId(): Promise<bigint> {
    return BigInt(await this.typed('eth_chainId', [], Quantity));
  }
  /** false when in sync, else the sync progress. */
  syncing(): Promise<false | SyncStatus> {
    return this.typed('eth_syncing', [], z.union([z.literal(false), SyncStatus]));
  }
  async peerCount(): Promise<number> {
    return Number(BigInt(await this.typed('net_peerCount', [], Quantity)));
  }

  destroy(): void {
    this.provider.destroy();
  }

  private translate(err: unknown, method: string): ChainRpcError {
    const e = err as {
      code?: unknown;
      error?: { code?: unknown; message?: unknown };
      shortMessage?: unknown;
      message?: string;
    };
    const details = { service: this.service, endpoint: this.endpoint, method, cause: err };
    if (e.error && typeof e.error.code === 'number') {
      const message = typeof e.error.message === 'string' ? e.error.message : '';
      return new ChainRpcError(
        'RPC_ERROR',
        `${this.service} ${method} failed: error ${e.error.code} "${message}"`,
        {
          ...details,
          rpcCode: e.error.code,
          rpcMessage: message,
        },
      );
    }
    if (e.code === 'TIMEOUT') {
      return new ChainRpcError(
        'TIMEOUT',
        `${this.service} at ${this.endpoint} did not answer ${method} within ${this.timeoutMs} ms`,
        details,
      );
    }
    if (e.code === 'SERVER_ERROR') {
      return new ChainRpcError(
        'HTTP_ERROR',
        `${this.service} at ${this.endpoint} answered ${method} with an HTTP error`,
        details,
      );
    }
    if (e.code === 'BAD_DATA') {
      return new ChainRpcError(
        'BAD_RESPONSE',
        `${this.service} answered ${method} with something that is not a JSON-RPC reply`,
        details,
      );
    }
    const code = typeof e.code === 'string' ? e.code : (e.message ?? 'error');
    return new ChainRpcError(
      'UNREACHABLE',
      `${this.service} at ${this.endpoint} is unreachable (${code})`,
      details,
    );
  }
}
