/**
 * The answer of a find (`GET /vault/db/{collection}`, the Hive dialect's query): the documents as
 * the engine's JSON texts, written out without being parsed again, and the collection's
 * encryption flags (the Hive SDK's encrypted service reads them).
 */
import type { FindParams, VaultDatabase } from '../../vault/database-service.js';
import type { VaultSpace } from '../../vault/spaces.js';

export async function findAnswer(
  database: VaultDatabase,
  vault: VaultSpace,
  collection: string,
  params: FindParams,
): Promise<string> {
  const [items, flags] = await Promise.all([
    database.findExtJson(vault, collection, params),
    database.flags(vault, collection),
  ]);
  return `{"items":[${items.join(',')}],"is_encrypt":${flags.is_encrypt},"encrypt_method":${JSON.stringify(flags.encrypt_method)}}`;
}
