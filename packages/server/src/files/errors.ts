/** BlockStore failures as API errors. */
import { isBlockStoreError } from '@cella/block-store';
import { CellaError } from '../errors.js';

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

export const fileNotFound = (path: string, why = '') =>
  new CellaError('FILE_NOT_FOUND', `no file or folder at "${path}"${why}`);
