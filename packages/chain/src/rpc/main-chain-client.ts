// Main chain JSON-RPC client (spec §4): HTTP Basic with RpcConfiguration.User/Pass, the ELA
// envelope, typed results for every method the spec lists. Parameters go as a named object,
// which ELA accepts for every method (positional arrays only for some).
import { z } from 'zod';
import { ChainRpcError, isMethodNotFound, redactUrl } from './errors.js';
import { parseJsonOrUndefined, postJson, type BasicAuth } from './http-post.js';
import {
  AuxBlock,
  BlockV1,
  BlockV2,
  MAIN_RESULT_SCHEMAS,
  MainRpcEnvelope,
  type DposPeerInfo,
  type NodeState,
  type ProducerList,
  type TransactionInfo,
  type UnspentOutput,
} from './main-chain-schemas.js';

export interface MainChainClientOptions {
  /** e.g. http://127.0.0.1:20336 */
  url: string;
  user?: string;
  pass?: string;
  timeoutMs?: number;
}

/**
 * The spec's method names next to the names current ELA registers: `nodestate` is served as
 * `getnodestate`, and `getdpospeersinfo` was renamed `getarbiterpeersinfo`. The client calls the
 * current name and falls back to the spec's on "method not found", so both node ages work.
 */
export const MAIN_METHOD_ALIASES: Readonly<Record<string, string>> = {
  nodestate: 'getnodestate',
  getdpospeersinfo: 'getarbiterpeersinfo',
};

/** Positional arguments of the spec's methods, mapped to ELA's named parameters (spec §4). */
export const MAIN_METHOD_PARAMS: Readonly<Record<string, readonly string[]>> = {
  getcurrentheight: [],
  getbestblockhash: [],
  getblockhash: ['height'],
  getblock: ['blockhash', 'verbosity'],
  getblockcount: [],
  getconnectioncount: [],
  nodestate: [],
  getneighbors: [],
  getrawmempool: [],
  listunspent: [],
  listproducers: [],
  getdpospeersinfo: [],
  createauxblock: ['paytoaddress'],
  submitauxblock: ['blockhash', 'auxpow'],
};

export const UTXO_TYPES = ['mixed', 'vote', 'normal'] as const;
export type UtxoType = (typeof UTXO_TYPES)[number];

export const MAIN_SERVICE = 'main chain RPC';

export class MainChainClient {
  readonly endpoint: string;
  private readonly auth?: BasicAuth;
  private nextId = 1;

  constructor(private readonly options: MainChainClientOptions) {
    this.endpoint = redactUrl(options.url);
    if (options.user !== undefined && options.pass !== undefined && (options.user || options.pass)) {
      this.auth = { user: options.user, pass: options.pass };
    }
  }

  /** Calls a method as named, returning the raw `result`. */
  async call(method: string, params?: Record<string, unknown> | unknown[]): Promise<unknown> {
    const id = this.nextId++;
    const body: Record<string, unknown> = { jsonrpc: '2.0', method, id };
    if (params !== undefined) body.params = params;
    const res = await postJson({
      service: MAIN_SERVICE,
      url: this.options.url,
      body,
      auth: this.auth,
      timeoutMs: this.options.timeoutMs,
      method,
    });
    const details = { service: MAIN_SERVICE, endpoint: this.endpoint, method, httpStatus: res.status };
    const json = parseJsonOrUndefined(res.text);
    const envelope = MainRpcEnvelope.safeParse(json);
    const error = envelope.success ? envelope.data.error : undefined;
    if (res.status === 401) {
      throw new ChainRpcError(
        'AUTH_REFUSED',
        `${MAIN_SERVICE} at ${this.endpoint} refused the credentials (HTTP 401${error ? `: ${error.message}` : ''}); ` +
          'check RpcConfiguration.User/Pass',
        { ...details, rpcCode: error?.code, rpcMessage: error?.message },
      );
    }
    if (res.status === 403) {
      throw new ChainRpcError(
        'IP_NOT_ALLOWED',
        `${MAIN_SERVICE} at ${this.endpoint} refused this caller's IP address (HTTP 403${error ? `: ${error.message}` : ''}); ` +
          "add the caller's IP to RpcConfiguration.WhiteIPList",
        { ...details, rpcCode: error?.code, rpcMessage: error?.message },
      );
    }
    if (error) {
      throw new ChainRpcError(
        'RPC_ERROR',
        `${MAIN_SERVICE} ${method} failed: error ${error.code} "${error.message}"`,
        {
          ...details,
          rpcCode: error.code,
          rpcMessage: error.message,
        },
      );
    }
    if (res.status !== 200) {
      throw new ChainRpcError(
        'HTTP_ERROR',
        `${MAIN_SERVICE} at ${this.endpoint} answered HTTP ${res.status} to ${method}`,
        details,
      );
    }
    if (!envelope.success || !('result' in envelope.data)) {
      throw new ChainRpcError(
        'BAD_RESPONSE',
        `${MAIN_SERVICE} answered ${method} with something that is not a JSON-RPC reply`,
        details,
      );
    }
    return envelope.data.result;
  }

  /** Calls a method by its spec name (aliases applied) and validates the result. */
  async callTyped<S extends z.ZodType>(
    specName: string,
    params: Record<string, unknown> | undefined,
    schema: S,
  ): Promise<z.infer<S>> {
    const alias = MAIN_METHOD_ALIASES[specName];
    let result: unknown;
    if (alias) {
      try {
        result = await this.call(alias, params);
      } catch (err) {
        if (!isMethodNotFound(err)) throw err;
        result = await this.call(specName, params);
      }
    } else {
      result = await this.call(specName, params);
    }
    const parsed = schema.safeParse(result);
    if (!parsed.success) {
      throw new ChainRpcError(
        'BAD_RESPONSE',
        `${MAIN_SERVICE} ${specName} returned an unexpected result: ${parsed.error.issues[0]?.message ?? ''}`,
        {
          service: MAIN_SERVICE,
          endpoint: this.endpoint,
          method: specName,
        },
      );
    }
    return parsed.data;
  }

  getCurrentHeight(): Promise<number> {
    return this.callTyped('getcurrentheight', undefined, MAIN_RESULT_SCHEMAS.getcurrentheight);
  }
  getBestBlockHash(): Promise<string> {
    return this.callTyped('getbestblockhash', undefined, MAIN_RESULT_SCHEMAS.getbestblockhash);
  }
  getBlockHash(height: number): Promise<string> {
    return this.callTyped('getblockhash', { height }, MAIN_RESULT_SCHEMAS.getblockhash);
  }
  getBlock(hash: string, verbosity: 0): Promise<string>;
  getBlock(hash: string, verbosity: 1): Promise<BlockV1>;
  getBlock(hash: string, verbosity?: 2): Promise<BlockV2>;
  getBlock(hash: string, verbosity: 0 | 1 | 2 = 2): Promise<string | BlockV1 | BlockV2> {
    const schema = verbosity === 0 ? z.string().regex(/^[0-9a-fA-F]*$/) : verbosity === 1 ? BlockV1 : BlockV2;
    return this.callTyped('getblock', { blockhash: hash, verbosity }, schema);
  }
  /** Note: ELA answers height + 1 here (the block count), unlike getcurrentheight. */
  getBlockCount(): Promise<number> {
    return this.callTyped('getblockcount', undefined, MAIN_RESULT_SCHEMAS.getblockcount);
  }
  getConnectionCount(): Promise<number> {
    return this.callTyped('getconnectioncount', undefined, MAIN_RESULT_SCHEMAS.getconnectioncount);
  }
  nodeState(): Promise<NodeState> {
    return this.callTyped('nodestate', undefined, MAIN_RESULT_SCHEMAS.nodestate);
  }
  async getNeighbors(): Promise<string[]> {
    return (await this.callTyped('getneighbors', undefined, MAIN_RESULT_SCHEMAS.getneighbors)) ?? [];
  }
  async getRawMempool(): Promise<string[] | TransactionInfo[]> {
    return (await this.callTyped('getrawmempool', undefined, MAIN_RESULT_SCHEMAS.getrawmempool)) ?? [];
  }
  /**
   * ELA needs the addresses (the spec's table says "none"; the node answers 42002 "need
   * addresses in an array!" without them). `utxotype`: mixed (default), vote or normal.
   */
  async listUnspent(addresses: readonly string[], utxotype?: UtxoType): Promise<UnspentOutput[]> {
    const params = { addresses: [...addresses], ...(utxotype ? { utxotype } : {}) };
    return (await this.callTyped('listunspent', params, MAIN_RESULT_SCHEMAS.listunspent)) ?? [];
  }
  listProducers(opts: { start?: number; limit?: number; state?: string } = {}): Promise<ProducerList> {
    const params = Object.keys(opts).length ? opts : undefined;
    return this.callTyped('listproducers', params, MAIN_RESULT_SCHEMAS.listproducers);
  }
  async getDposPeersInfo(): Promise<DposPeerInfo[]> {
    return (await this.callTyped('getdpospeersinfo', undefined, MAIN_RESULT_SCHEMAS.getdpospeersinfo)) ?? [];
  }
  createAuxBlock(payToAddress: string): Promise<AuxBlock> {
    return this.callTyped('createauxblock', { paytoaddress: payToAddress }, AuxBlock);
  }
  submitAuxBlock(blockHash: string, auxpow: string): Promise<boolean> {
    return this.callTyped(
      'submitauxblock',
      { blockhash: blockHash, auxpow },
      MAIN_RESULT_SCHEMAS.submitauxblock,
    );
  }
}
