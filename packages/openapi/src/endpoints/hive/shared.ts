/**
 * The primary table's entries a Hive client calls with the same meaning (hive-compat.md: the
 * routes marked "works"): sign-in, the node's version and information, the vault's subscription,
 * listing collections, finds, downloads and file properties, deleting files, unregistering scripts
 * and the script transaction streams. The router serves them once, from the primary table; the
 * Hive dialect's OpenAPI document lists them beside the Hive table's own entries, so a client
 * generated from it has every route the reference node offers. (An id that is not in the primary
 * table fails the document's build.)
 */
export const hiveSharedOperations = [
  'nodeVersion',
  'nodeInfo',
  'signin',
  'auth',
  'subscribeVault',
  'vaultInfo',
  'setVaultState',
  'unsubscribeVault',
  'listCollections',
  'findDocuments',
  'downloadFile',
  'deleteFile',
  'unregisterScript',
  'uploadByTransaction',
  'downloadByTransaction',
] as const;
