import { StoreError } from '@cella/document-store';
import { CellaError } from '../errors.js';

/** Engine-neutral store failures as API errors: the caller's input is at fault, so 4xx. */
export function fromStoreError(error: unknown): unknown {
  if (!(error instanceof StoreError)) return error;
  switch (error.code) {
    case 'DUPLICATE_KEY':
      return new CellaError('ALREADY_EXISTS', `a document with this _id already exists: ${error.message}`, {
        cause: error,
      });
    case 'NO_COLLECTION':
      return new CellaError('COLLECTION_NOT_FOUND', error.message, { cause: error });
    default:
      return new CellaError('INVALID_PARAMETER', error.message, { cause: error });
  }
}
