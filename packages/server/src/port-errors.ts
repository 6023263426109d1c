/**
 * The ports' errors as the one error class: a service that lets a StoreError or a BlockStoreError
 * through, and the HTTP error mapper as the last resort, turn it into a CellaError here.
 */
import { isBlockStoreError } from '@cella/block-store';
import { StoreError } from '@cella/document-store';
import { CellaError } from './errors.js';

const FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL']);

/**
 * The node's device is full (an engine's STORAGE_FULL, or the raw ENOSPC / SQLite error of a write
 * that went around the engines): 507 naming the node's storage, never the vault's quota.
 */
export function storageFull(cause: unknown): CellaError {
  return new CellaError(
    'STORAGE_FULL',
    "the node's storage is full: writes are refused until its operator frees space; deletes still work",
    { cause },
  );
}

/** True when `error` or one of its causes is a full device. */
export function isStorageFull(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof CellaError) return e.code === 'STORAGE_FULL';
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && FULL_CODES.has(code)) return true;
    if ((e instanceof StoreError || isBlockStoreError(e)) && code === 'STORAGE_FULL') return true;
  }
  return false;
}

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
    case 'STORAGE_FULL':
      return storageFull(error);
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
    case 'STORAGE_FULL':
      return storageFull(error);
    default:
      // NOT_FOUND, CORRUPT, INCOMPLETE for content the metadata names: stored data is damaged.
      return new CellaError('INTERNAL', `stored file content is unreadable: ${error.message}`, {
        cause: error,
      });
  }
}
