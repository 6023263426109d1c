/**
 * The BlockStore port's one error type: both engines throw it for conditions a caller may act on
 * (the HTTP layer maps `code` to a status). Aborts are not wrapped: they surface as the signal's
 * reason. It lives with the port, so services catch it without importing an engine.
 */
export type BlockStoreErrorCode =
  /** A root or block is not stored (and no network is consulted). */
  | 'NOT_FOUND'
  /** `offset`/`length` negative, not integers, or `offset` past the end of the file. */
  | 'INVALID_RANGE'
  /** The CID is not a UnixFS file (a directory, or another codec). */
  | 'NOT_A_FILE'
  /** Bytes do not hash to their CID, or a DAG is malformed. */
  | 'CORRUPT'
  /** A codec or hash function the store does not handle. */
  | 'UNSUPPORTED'
  /** Pinning a DAG whose blocks are not all stored. */
  | 'INCOMPLETE'
  /** Not a CID string. */
  | 'INVALID_CID'
  /** The backing daemon failed or answered something unexpected. */
  | 'ENGINE'
  /**
   * The device the blocks are written to is full (ENOSPC, EDQUOT): the add stored no file (blocks
   * already written stay unpinned until gc); unpinning and gc still work and free space.
   */
  | 'STORAGE_FULL';

export class BlockStoreError extends Error {
  override readonly name = 'BlockStoreError';
  constructor(
    readonly code: BlockStoreErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isBlockStoreError(err: unknown, code?: BlockStoreErrorCode): err is BlockStoreError {
  return err instanceof BlockStoreError && (code === undefined || err.code === code);
}

const FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);

/** A write that failed because its device is full, as STORAGE_FULL; any other error unchanged. */
export function storageFullError(err: unknown): unknown {
  if (isBlockStoreError(err)) return err;
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && FULL_CODES.has(code)) {
      return new BlockStoreError(
        'STORAGE_FULL',
        `the node's storage is full: a block could not be written (${(e as Error).message})`,
        { cause: err },
      );
    }
  }
  return err;
}
