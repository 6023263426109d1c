/**
 * Driver errors → StoreErrors. Only errors caused by the request (duplicate key, a query or update
 * the server rejects, an unsupported feature) become StoreErrors; network and server failures pass
 * through unchanged so the service answers 5xx for them.
 */
import { MongoServerError } from 'mongodb';
import { StoreError } from '../document-store.js';
import { timeoutError } from '../time-bound.js';

/** Server error codes that mean "the request is wrong", not "the server is unwell". */
const USER_ERROR_CODES = new Set([
  2, // BadValue
  9, // FailedToParse
  14, // TypeMismatch
  15, // Overflow
  16, // InvalidLength
  17, // ProtocolError (malformed command)
  28, // PathNotViable
  40, // ConflictingUpdateOperators
  52, // DollarPrefixedFieldName
  53, // InvalidIdField
  54, // NotSingleValueField
  55, // InvalidDBRef
  56, // EmptyFieldName
  57, // DottedFieldName
  66, // ImmutableField
  72, // InvalidOptions
  73, // InvalidNamespace
  168, // InvalidPipelineOperator
  238, // NotImplemented (FerretDB)
  15998, // FieldPath field names may not be empty
  16410, // FieldPath field names may not start with '$'
  31249, // projection path collision
  31253, // projection mixes inclusion and exclusion
  31254, // projection mixes inclusion and exclusion
  40323, // pipeline stage specification must be an object
  40324, // unrecognized pipeline stage
  51024, // BSON field must be positive
]);

export function mapDriverError(err: unknown, kind: 'BAD_QUERY' | 'BAD_UPDATE' | 'BAD_INDEX'): unknown {
  if (err instanceof StoreError) return err;
  if (err instanceof MongoServerError || (err as { name?: unknown })?.name === 'MongoBulkWriteError') {
    const code = (err as { code?: unknown }).code;
    if (code === 11000 || code === 11001) return duplicateKey(err as Error);
    // FerretDB v1 reports a unique index refusing an update or an index creation as an internal
    // error carrying its SQLite backend's message.
    if (code === 1 && /UNIQUE constraint failed/.test((err as Error).message))
      return new StoreError('DUPLICATE_KEY', 'duplicate key: unique index');
    if (code === 85 || code === 86) return new StoreError('INDEX_CONFLICT', (err as Error).message);
    if (code === 67 || code === 197) return new StoreError('BAD_INDEX', (err as Error).message);
    if (code === 10334 || code === 17419 || code === 17420) {
      return new StoreError('DOCUMENT_TOO_LARGE', (err as Error).message);
    }
    if (typeof code === 'number' && USER_ERROR_CODES.has(code))
      return new StoreError(kind, (err as Error).message);
    // MaxTimeMSExpired: the operation ran past its maxTimeMS (a slow filter or pattern).
    if (code === 50) return timeoutError();
  }
  return err;
}

/** E11000 names the index (MongoDB): `_id_` is a duplicate `_id`, any other a unique index. */
function duplicateKey(err: Error): StoreError {
  const index = /index: (\S+)/.exec(err.message)?.[1];
  if (!index) return new StoreError('DUPLICATE_KEY', 'duplicate key');
  return new StoreError(
    'DUPLICATE_KEY',
    index === '_id_' ? 'duplicate key: _id' : `duplicate key: unique index "${index}"`,
  );
}

export async function mapErrors<T>(
  kind: 'BAD_QUERY' | 'BAD_UPDATE' | 'BAD_INDEX',
  fn: () => Promise<T>,
): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw mapDriverError(err, kind);
  }
}
