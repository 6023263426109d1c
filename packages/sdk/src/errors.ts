/**
 * Typed errors. Every failure of an SDK call is a CellaSdkError:
 * - CellaApiError: the node answered with an error (HTTP status, the contract's code, its message);
 * - CellaNetworkError: the node could not be reached, or the connection broke mid-answer;
 * - CellaPaymentError: a payment could not be made (from `@cella/sdk/ethers`).
 * A call cancelled through its AbortSignal rejects with the signal's reason (an `AbortError`), as
 * `fetch` does.
 */
import { errorCodeFor, type ErrorCode } from '@cella/openapi/error-codes';

export class CellaSdkError extends Error {
  override readonly name: string = 'CellaSdkError';
}

export class CellaApiError extends CellaSdkError {
  override readonly name = 'CellaApiError';

  constructor(
    readonly status: number,
    /** The contract's error code, e.g. `COLLECTION_NOT_FOUND`; `UNKNOWN` for a status outside the contract. */
    readonly code: ErrorCode | 'UNKNOWN',
    message: string,
    readonly internalCode?: number,
    readonly requestId?: string,
    /** From the Retry-After header (429, 503): seconds to wait before trying again. */
    readonly retryAfterSeconds?: number,
    /** What the error body says beside `error` (a 410 `CURSOR_EXPIRED`: `oldest_cursor`). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }

  /**
   * True for failures worth retrying later: rate limits and passing outages (429, 503). A feature the
   * node does not offer (501 `FEATURE_NOT_OFFERED`) is final.
   */
  get retryable(): boolean {
    return this.status === 429 || this.status === 503;
  }
}

/**
 * The node ended an event stream for good (`reason`): `condition_failed` (a script's condition no
 * longer holds for the caller), `script_changed` (the script was replaced or deleted),
 * `vault_removed` (the vault was unsubscribed). A stream the node ended for a passing reason
 * (`consumer_too_slow`, `shutting_down`) is reconnected instead.
 */
export class CellaStreamEndedError extends CellaSdkError {
  override readonly name = 'CellaStreamEndedError';

  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The node could not be reached (DNS, refused, TLS, offline), the connection broke mid-transfer, or
 * — in a browser — the node refused the page's origin (CORS), which the browser reports exactly as
 * an unreachable node. `likelyCors` tells that case apart; its message names the setting to change.
 */
export class CellaNetworkError extends CellaSdkError {
  override readonly name = 'CellaNetworkError';
  /** Worth retrying: the request may not have reached the node. */
  readonly retryable = true;
  /**
   * True when, in a browser, the node answered a plain request from this page but the API call
   * failed: the node's `CELLA_CORS_ORIGINS` does not list the page's origin (or a proxy in front
   * of it drops the CORS headers).
   */
  readonly likelyCors: boolean;

  constructor(message: string, options?: { cause?: unknown; likelyCors?: boolean }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.likelyCors = options?.likelyCors ?? false;
  }
}

/** Whether `error` is the rejection of an aborted signal (kept as is, as fetch does). */
export function isAbort(error: unknown, signal?: AbortSignal): boolean {
  if (signal?.aborted && error === signal.reason) return true;
  return error instanceof Error && error.name === 'AbortError';
}

/** A failure of the transport as a CellaNetworkError (aborts and our own errors pass through). */
export function networkError(error: unknown, baseUrl: string, signal?: AbortSignal): unknown {
  if (error instanceof CellaSdkError || isAbort(error, signal)) return error;
  const cause = (error as { cause?: { message?: unknown; code?: unknown } } | undefined)?.cause;
  const detail = [
    (error as Error | undefined)?.message ?? String(error),
    typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : '',
  ]
    .filter(Boolean)
    .join(': ');
  return new CellaNetworkError(`cannot reach the node at ${baseUrl}: ${detail}`, { cause: error });
}

/** Builds the error for a non-2xx response from its JSON error body (or whatever came back). */
export async function errorFromResponse(response: Response, body?: unknown): Promise<CellaApiError> {
  let parsed = body;
  if (parsed === undefined) {
    try {
      parsed = await response.clone().json();
    } catch {
      parsed = undefined;
    }
  }
  const { error, ...details } = (parsed ?? {}) as {
    error?: { message?: unknown; internal_code?: unknown };
  } & Record<string, unknown>;
  const message =
    typeof error?.message === 'string' ? error.message : `HTTP ${response.status} ${response.statusText}`;
  const internalCode = typeof error?.internal_code === 'number' ? error.internal_code : undefined;
  const code = errorCodeFor(response.status, internalCode) ?? 'UNKNOWN';
  return new CellaApiError(
    response.status,
    code,
    message,
    internalCode,
    response.headers.get('x-request-id') ?? undefined,
    retryAfterFrom(response.headers.get('retry-after')),
    typeof parsed === 'object' && parsed !== null ? details : {},
  );
}

/** Retry-After in seconds: a number of seconds or an HTTP date (RFC 9110 §10.2.3). */
export function retryAfterFrom(header: string | null): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** Why a payment could not be made (`payOrder` from `@cella/sdk/ethers`). */
export type PaymentErrorCode =
  /** The order is expired, paid or cancelled. */
  | 'ORDER_NOT_PAYABLE'
  /** The node takes no payments (no payment contract). */
  | 'PAYMENTS_NOT_OFFERED'
  /** The signer's provider is on another chain than the node's contract. */
  | 'WRONG_CHAIN'
  /** The payment contract refused the transaction (`contractError` names its custom error). */
  | 'CONTRACT_REFUSED'
  /** The transaction could not be sent or confirmed (wallet refused, RPC unreachable, no receipt). */
  | 'TRANSACTION_FAILED';

export class CellaPaymentError extends CellaSdkError {
  override readonly name = 'CellaPaymentError';

  constructor(
    readonly code: PaymentErrorCode,
    message: string,
    options?: { cause?: unknown; contractError?: string },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.contractError = options?.contractError;
  }

  /** The payment contract's custom error (e.g. `ZeroValue`), for `CONTRACT_REFUSED`. */
  readonly contractError: string | undefined;
}
