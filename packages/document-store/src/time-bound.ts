/**
 * The time bound of reads, engine-neutral: the error a read past its bound fails with (MongoDB's
 * MaxTimeMSExpired, error 50, as the port's StoreError 'TIMEOUT').
 */
import { StoreError } from './document-store.js';

export function timeoutError(boundMs?: number): StoreError {
  return new StoreError(
    'TIMEOUT',
    `the query ran past its time limit${boundMs === undefined ? '' : ` of ${boundMs} ms`} (MaxTimeMSExpired): narrow the filter, use an index, or allow more time with maxTimeMS`,
  );
}
