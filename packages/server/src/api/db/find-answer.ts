/**
 * The answer of a find (`GET /vault/db/{collection}`, the Hive dialect's query): the documents as
 * the engine's JSON texts from its cursor, written out as they are read without being parsed
 * again and capped (a cut answer says `next_skip`), with the collection's encryption flags (the
 * Hive SDK's encrypted service reads them).
 */
import type { FindParams, VaultDatabase } from '../../vault/database-service.js';
import type { VaultSpace } from '../../vault/spaces.js';
import { streamedList } from '../../streamed-list.js';

export async function findAnswer<T>(
  database: VaultDatabase,
  vault: VaultSpace,
  collection: string,
  params: FindParams,
): Promise<T> {
  const flags = await database.flags(vault, collection);
  const items = database.findCursor(vault, collection, params);
  return streamedList<T>('items', items, params.skip ?? 0, {
    is_encrypt: flags.is_encrypt,
    encrypt_method: flags.encrypt_method,
  });
}
