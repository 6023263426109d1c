import { BlockStoreError } from '../errors.js';

/**
 * The byte range rule both engines follow (and the conformance suite checks):
 * - `offset` defaults to 0, `length` to "to the end"; both must be non-negative safe integers;
 * - `offset === size` is allowed and yields nothing; `offset > size` is INVALID_RANGE;
 * - a `length` reaching past the end is clamped to the end.
 * Returns the half-open interval [start, end).
 */
export function resolveRange(size: number, offset?: number, length?: number): { start: number; end: number } {
  const start = offset ?? 0;
  if (!Number.isSafeInteger(start) || start < 0) {
    throw new BlockStoreError(
      'INVALID_RANGE',
      `offset must be a non-negative integer, got ${String(offset)}`,
    );
  }
  if (length !== undefined && (!Number.isSafeInteger(length) || length < 0)) {
    throw new BlockStoreError(
      'INVALID_RANGE',
      `length must be a non-negative integer, got ${String(length)}`,
    );
  }
  if (start > size) {
    throw new BlockStoreError('INVALID_RANGE', `offset ${start} is past the end of the file (${size} bytes)`);
  }
  const end = length === undefined ? size : Math.min(size, start + length);
  return { start, end };
}
