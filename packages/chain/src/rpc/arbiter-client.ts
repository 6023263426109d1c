// Arbiter JSON-RPC client (spec §4 "Arbiter RPC"): POST with Content-Type application/json and a
// body of `method` and `params` (an empty list for getinfo), HTTP Basic with the arbiter's
// RpcConfiguration. The arbiter's quirks (reference §3.2) are handled: plain-text 401/403, an
// empty 200 for malformed bodies, and `{"code":42001,"jsonpc":"2.0","result":"Invalid method"}`.
import { z } from 'zod';
import { ChainRpcError, redactUrl } from './errors.js';
import { parseJsonOrUndefined, postJson, type BasicAuth } from './http-post.js';

export const ARBITER_SERVICE = 'arbiter RPC';

/** `getinfo` result, keys verbatim (mixed case as the arbiter writes them). */
export const ArbiterInfo = z.looseObject({
  version: z.number().int(),
  SideChainMonitorScanInterval: z.number().int(),
  ClearTransactionInterval: z.number().int(),
  MinOutbound: z.number().int(),
  MaxConnections: z.number().int(),
  SideAuxPowFee: z.number().int(),
  MinThreshold: z.number().int(),
  DepositAmount: z.number().int(),
});
export type ArbiterInfo = z.infer<typeof ArbiterInfo>;

const ArbiterEnvelope = z.looseObject({
  result: z.unknown(),
  error: z.looseObject({ code: z.number().int(), message: z.string() }).nullable().optional(),
});

/** The arbiter's odd answer to an unknown method or bad params. */
const InvalidMethodBody = z.looseObject({ code: z.number().int(), jsonpc: z.string(), result: z.string() });

export interface ArbiterClientOptions {
  url: string;
  user?: string;
  pass?: string;
  timeoutMs?: number;
}

export class ArbiterClient {
  readonly endpoint: string;
  private readonly auth?: BasicAuth;

  constructor(private readonly options: ArbiterClientOptions) {
    this.endpoint = redactUrl(options.url);
    if (options.user !== undefined && options.pass !== undefined && (options.user || options.pass)) {
      this.auth = { user: options.user, pass: options.pass };
    }
  }

  /** `params` defaults to an empty list, as spec §4 shows; pass an object for named params. */
  async call(method: string, params: Record<string, unknown> | [] = []): Promise<unknown> {
    const res = await postJson({
      service: ARBITER_SERVICE,
      url: this.options.url,
      body: { method, params },
      auth: this.auth,
      timeoutMs: this.options.timeoutMs,
      method,
    });
    const details = { service: ARBITER_SERVICE, endpoint: this.endpoint, method, httpStatus: res.status };
    const text = res.text.trim();
    if (res.status === 401) {
      throw new ChainRpcError(
        'AUTH_REFUSED',
        `${ARBITER_SERVICE} at ${this.endpoint} refused the credentials (HTTP 401${text ? `: ${text}` : ''}); check RpcConfiguration.User/Pass`,
        { ...details, rpcMessage: text },
      );
    }
    if (res.status === 403) {
      throw new ChainRpcError(
        'IP_NOT_ALLOWED',
        `${ARBITER_SERVICE} at ${this.endpoint} refused this caller's IP address (HTTP 403${text ? `: ${text}` : ''}); ` +
          "add the caller's IP to RpcConfiguration.WhiteIPList",
        { ...details, rpcMessage: text },
      );
    }
    if (res.status !== 200) {
      throw new ChainRpcError(
        'HTTP_ERROR',
        `${ARBITER_SERVICE} at ${this.endpoint} answered HTTP ${res.status} to ${method}`,
        details,
      );
    }
    if (!text) {
      throw new ChainRpcError(
        'BAD_RESPONSE',
        `${ARBITER_SERVICE} gave an empty answer to ${method} (the request was not understood)`,
        details,
      );
    }
    const json = parseJsonOrUndefined(text);
    const odd = InvalidMethodBody.safeParse(json);
    if (odd.success) {
      throw new ChainRpcError(
        'RPC_ERROR',
        `${ARBITER_SERVICE} ${method} failed: error ${odd.data.code} "${odd.data.result}"`,
        {
          ...details,
          rpcCode: odd.data.code,
          rpcMessage: odd.data.result,
        },
      );
    }
    const envelope = ArbiterEnvelope.safeParse(json);
    if (!envelope.success) {
      throw new ChainRpcError(
        'BAD_RESPONSE',
        `${ARBITER_SERVICE} answered ${method} with something that is not a JSON-RPC reply`,
        details,
      );
    }
    const error = envelope.data.error;
    if (error) {
      throw new ChainRpcError(
        'RPC_ERROR',
        `${ARBITER_SERVICE} ${method} failed: error ${error.code} "${error.message}"`,
        {
          ...details,
          rpcCode: error.code,
          rpcMessage: error.message,
        },
      );
    }
    return envelope.data.result;
  }

  /**
   * Sends the spec's body (`params: []`). The current arbiter binary rejects list params with
   * 42002; then it retries once with `{}`, which every version accepts.
   */
  async callNoParams(method: string): Promise<unknown> {
    try {
      return await this.call(method, []);
    } catch (err) {
      if (err instanceof ChainRpcError && err.code === 'RPC_ERROR' && err.rpcCode === 42002)
        return this.call(method, {});
      throw err;
    }
  }

  async getInfo(): Promise<ArbiterInfo> {
    const result = await this.callNoParams('getinfo');
    const parsed = ArbiterInfo.safeParse(result);
    if (!parsed.success) {
      throw new ChainRpcError('BAD_RESPONSE', `${ARBITER_SERVICE} getinfo returned an unexpected result`, {
        service: ARBITER_SERVICE,
        endpoint: this.endpoint,
        method: 'getinfo',
      });
    }
    return parsed.data;
  }
}
