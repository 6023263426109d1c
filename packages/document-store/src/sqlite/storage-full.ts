/**
 * SQLite's "database or disk is full" as the port's STORAGE_FULL. SQLite answers SQLITE_FULL when
 * a write cannot grow its file or its write-ahead log (the device returned ENOSPC or EDQUOT), and
 * rolls the transaction back: nothing of the write is stored. A full device can also stop a
 * checkpoint or a delete (a delete writes log frames too), which is why the node keeps free space
 * in reserve above the engine (docs/operations.md, "Storage").
 */
import { StoreError } from '../document-store.js';

const FULL_CODES = new Set(['SQLITE_FULL', 'ENOSPC', 'EDQUOT']);

function isStorageFull(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && FULL_CODES.has(code)) return true;
  }
  return false;
}

/** A storage-full failure as StoreError STORAGE_FULL; any other error unchanged. */
export function storageFullError(error: unknown): unknown {
  if (!isStorageFull(error)) return error;
  return new StoreError(
    'STORAGE_FULL',
    `the node's storage is full: the database could not grow (${(error as Error).message})`,
  );
}
