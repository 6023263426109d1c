/**
 * The indexes of a collection that were created through the API: what a backup and an export
 * keep. Not `_id_` (every collection has it) and not the engine's automatic ones (the queries that
 * want them make them again).
 */
import type { Collection } from '@cella/document-store';

export interface ApiIndex {
  name: string;
  /** [field path, direction] in key order. */
  keys: [string, 1 | -1][];
  unique: boolean;
}

export async function apiIndexes(collection: Collection): Promise<ApiIndex[]> {
  return (await collection.listIndexes())
    .filter((index) => !index.auto && index.name !== '_id_')
    .map((index) => ({ name: index.name, keys: Object.entries(index.key), unique: index.unique }));
}
