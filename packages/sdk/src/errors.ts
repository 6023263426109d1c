/**
 * Typed errors: every failed call throws CellaApiError carrying the HTTP status, the contract's
 * error code and the node's message; network failures throw CellaNetworkError.
 */
import { errorCodeFor, type ErrorCode } from '@cella/openapi/error-codes';

export class CellaApiError extends Error {
  override readonly name = 'CellaApiError';

  constructor(
    readonly status: number,
    /** The contract's error code, e.g. `COLLECTION_NOT_FOUND`; `UNKNOWN` for a status outside the contract. */
    readonly code: ErrorCode | 'UNKNOWN',
    message: string,
    readonly internalCode?: number,
    readonly requestId?: string,
    /** From the Retry-After header (429): seconds to wait before trying again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  /** True for failures worth retrying later (rate limits, unavailable dependencies). */
  get retryable(): boolean {
    return this.status === 429 || this.status === 503;
  }
}

export class CellaNetworkError extends Error {
  override readonly name = 'CellaNetworkError';
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
  const error = (parsed as { error?: { message?: unknown; internal_code?: unknown } } | undefined)?.error;
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
  );
}

/** Retry-After in seconds: a number of seconds or an HTTP date (RFC 9110 §10.2.3). */
function retryAfterFrom(header: string | null): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}
