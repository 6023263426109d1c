import { isDidError } from '@cella/did';
import { CellaError } from '../errors.js';

/**
 * DID-library failures during sign-in: malformed input is a 400, an unreachable resolver a 503,
 * everything else (bad signature, expiry, wrong realm, deactivated DID, …) a 401.
 */
export function fromDidError(error: unknown, context: string): CellaError {
  if (error instanceof CellaError) return error;
  if (!isDidError(error)) return new CellaError('INTERNAL', 'internal error', { cause: error });
  const message = `${context}: ${error.message}`;
  if (error.code === 'MALFORMED') return new CellaError('INVALID_PARAMETER', message, { cause: error });
  if (error.code === 'RESOLVER_UNAVAILABLE') return new CellaError('UNAVAILABLE', message, { cause: error });
  return new CellaError('UNAUTHORIZED', message, { cause: error });
}
