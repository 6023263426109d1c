/**
 * One error class with a closed set of codes (the contract's error catalogue). Services throw it;
 * the HTTP layer turns it into the status and the `{"error": {"message", "internal_code"?}}` body.
 */
import { errorBodyFor, errorCatalogue, type ErrorBody, type ErrorCode } from '@cella/openapi';
import type { z } from 'zod';

export class CellaError extends Error {
  readonly status: number;
  /** Sent as the Retry-After header (seconds) when set: rate limits say when to come back. */
  readonly retryAfterSeconds: number | undefined;
  /** Fields the body carries beside `error` (the contract's `errorBodies`: a 410's `oldest_cursor`). */
  readonly extra: Record<string, unknown> | undefined;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options?: { cause?: unknown; retryAfterSeconds?: number; body?: Record<string, unknown> },
  ) {
    super(message, options);
    this.name = 'CellaError';
    this.status = errorCatalogue[code].status;
    this.retryAfterSeconds = options?.retryAfterSeconds;
    this.extra = options?.body;
  }

  toBody(): ErrorBody {
    return { ...errorBodyFor(this.code, this.message), ...this.extra };
  }
}

/** Shorthands that read well at the throw site. */
export const invalid = (message: string, cause?: unknown) =>
  new CellaError('INVALID_PARAMETER', message, { cause });
export const unauthorized = (message: string, cause?: unknown) =>
  new CellaError('UNAUTHORIZED', message, { cause });
export const notImplemented = (what: string) =>
  new CellaError('NOT_IMPLEMENTED', `${what} is part of the API contract but not served by this node yet`);

/**
 * A request that fails its endpoint's schemas: 400 naming the fields (up to five) and why. The
 * issue paths start with the input's section (`params`, `query`, `body`).
 */
export function invalidInput(error: z.ZodError): CellaError {
  const parts = error.issues.slice(0, 5).map((issue) => {
    const where = issue.path.filter((p) => p !== 'body' && p !== 'params' && p !== 'query').join('.');
    const section = issue.path[0];
    const prefix = section === 'params' ? 'path ' : section === 'query' ? 'query ' : '';
    if (where) return `${prefix}${where}: ${issue.message}`;
    return section === 'query'
      ? `query: ${issue.message}`
      : `${section === 'body' ? 'body' : 'input'}: ${issue.message}`;
  });
  return new CellaError('INVALID_PARAMETER', `invalid request: ${parts.join('; ')}`, { cause: error });
}
