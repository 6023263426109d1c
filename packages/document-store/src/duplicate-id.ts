/** The refusal of a repeated `_id`, worded alike by every engine: it names the `_id` that repeats. */
import { StoreError, type DocumentId } from './document-store.js';

export function duplicateId(id: DocumentId): StoreError {
  return new StoreError(
    'DUPLICATE_KEY',
    `duplicate key: _id ${typeof id === 'string' ? JSON.stringify(id) : String(id)}`,
  );
}
