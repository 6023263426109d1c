// One error class for every chain RPC failure, with a closed set of codes, so callers (status,
// the CLI, the vault node) can branch on what went wrong and print one clear line.

export type ChainRpcErrorCode =
  /** HTTP 401: the node refused the user/password (`RpcConfiguration.User/Pass`). */
  | 'AUTH_REFUSED'
  /** HTTP 403: the caller's IP is not in `RpcConfiguration.WhiteIPList`. */
  | 'IP_NOT_ALLOWED'
  /** The node answered with a JSON-RPC error object. */
  | 'RPC_ERROR'
  /** No complete answer within the timeout. */
  | 'TIMEOUT'
  /** Connection refused, host unknown, reset… */
  | 'UNREACHABLE'
  /** An answer that is not the documented envelope or result shape. */
  | 'BAD_RESPONSE'
  /** Any other HTTP status without a JSON-RPC error inside. */
  | 'HTTP_ERROR';

export interface ChainRpcErrorDetails {
  /** Human name of the service, e.g. "main chain RPC", "arbiter RPC", "ESC RPC". */
  service: string;
  /** URL without credentials. */
  endpoint: string;
  method?: string;
  httpStatus?: number;
  rpcCode?: number;
  rpcMessage?: string;
  cause?: unknown;
}

export class ChainRpcError extends Error {
  override readonly name = 'ChainRpcError';
  readonly service: string;
  readonly endpoint: string;
  readonly method?: string;
  readonly httpStatus?: number;
  readonly rpcCode?: number;
  readonly rpcMessage?: string;

  constructor(
    readonly code: ChainRpcErrorCode,
    message: string,
    details: ChainRpcErrorDetails,
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.service = details.service;
    this.endpoint = details.endpoint;
    this.method = details.method;
    this.httpStatus = details.httpStatus;
    this.rpcCode = details.rpcCode;
    this.rpcMessage = details.rpcMessage;
  }
}

export function isChainRpcError(err: unknown, code?: ChainRpcErrorCode): err is ChainRpcError {
  return err instanceof ChainRpcError && (code === undefined || err.code === code);
}

/** JSON-RPC "method not found", as geth (-32601) and ELA (-32601) report it. */
export function isMethodNotFound(err: unknown): boolean {
  return isChainRpcError(err, 'RPC_ERROR') && err.rpcCode === -32601;
}

/** Removes user:password from a URL before it appears in any message. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    return u.toString().replace(/\/$/, '');
  } catch {
    return url;
  }
}
