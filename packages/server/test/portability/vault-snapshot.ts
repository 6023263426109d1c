/** What a user can read of a vault, to compare two vaults (import and move tests). */
import type { Vault } from '@cella/sdk';

/** Everything a user can read of a vault: collections, documents, indexes, scripts, files, usage. */
export async function snapshot(vault: Vault) {
  const collections = (await vault.db.listCollections()).sort();
  const documents: Record<string, unknown[]> = {};
  const indexes: Record<string, unknown[]> = {};
  for (const name of collections) {
    const collection = vault.db.collection(name);
    documents[name] = await collection.find({}, { sort: { _id: 1 } }).toArray();
    indexes[name] = (await collection.listIndexes()).filter((i) => i.name !== '_id_' && !i.auto);
  }
  const files = (await vault.files.list('', { recursive: true })).sort((x, y) => (x.name < y.name ? -1 : 1));
  const contents: Record<string, string> = {};
  for (const file of files)
    if (!file.is_file) continue;
    else contents[file.name] = Buffer.from(await vault.files.bytes(file.name)).toString('base64');
  const scripts = (await vault.scripts.list()).sort((x, y) => (x.name < y.name ? -1 : 1));
  const info = await vault.subscription.info();
  return {
    collections,
    documents,
    indexes,
    files,
    contents,
    scripts,
    usage: { storage_used: info.storage_used, database_used: info.database_used },
  };
}
