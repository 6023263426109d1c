/**
 * The ports' errors as the one error class: a service that lets a StoreError or a BlockStoreError
 * through, and the HTTP error mapper as the last resort, turn it into a CellaError here.
 */
import { isBlockStoreError } from '@cella/block-store';
import { StoreError } from '@cella/document-store';
import { CellaError } from './errors.js';

/** Engine-neutral store failures as API errors: the caller's input is at fault, so 4xx. */
export function fromStoreError(error: unknown): unknown {
  if (!(error instanceof StoreError)) return error;
  switch (error.code) {
    case 'DUPLICATE_KEY':
      return new CellaError(
        'ALREADY_EXISTS',
        error.message.includes('unique index')
          ? `a document with the same key exists: ${error.message}`
          : `a document with this _id already exists: ${error.message}`,
        { cause: error },
      );
    case 'INDEX_CONFLICT':
      return new CellaError('ALREADY_EXISTS', error.message, { cause: error });
    case 'NO_COLLECTION':
      return new CellaError('COLLECTION_NOT_FOUND', error.message, { cause: error });
    case 'TIMEOUT':
      return new CellaError('QUERY_TIMEOUT', error.message, { cause: error });
    default:
      return new CellaError('INVALID_PARAMETER', error.message, { cause: error });
  }
}

/** BlockStore failures as API errors. */
export function fromBlockStoreError(error: unknown): unknown {
  if (!isBlockStoreError(error)) return error;
  switch (error.code) {
    case 'ENGINE':
      return new CellaError('UNAVAILABLE', `the IPFS engine failed: ${error.message}`, { cause: error });
    case 'INVALID_RANGE':
      return new CellaError('RANGE_NOT_SATISFIABLE', error.message, { cause: error });
    default:
      // NOT_FOUND, CORRUPT, INCOMPLETE for content the metadata names: stored data is damaged.
      return new CellaError('INTERNAL', `stored file content is unreadable: ${error.message}`, {
        cause: error,
      });
  }
}
