/**
 * Names inside a vault. Each user's vault is one database `node_user_<hash>` where <hash> is the
 * first 32 hex digits (128 bits) of SHA-256 over the user's DID: short enough for MongoDB's 63-byte
 * database names, stable, and it does not reveal the DID.
 */
import { createHash } from 'node:crypto';
import { CellaError } from '../errors.js';

export function vaultDatabaseName(userDid: string): string {
  return `node_user_${createHash('sha256').update(userDid, 'utf8').digest('hex').slice(0, 32)}`;
}

/** Collections the node keeps inside every vault (file metadata, scripts, transactions). */
export const INTERNAL_COLLECTIONS = {
  files: '__files__',
  scripts: '__scripts__',
  transactions: '__transactions__',
} as const;

/** Names a user collection can't have: ours, the reference's internal ones, and the route word. */
const RESERVED = new Set([
  'collections',
  'ipfs_files',
  'scripts',
  'scripts_temptx',
  '__collection_metadata__',
  '__anonymous_files__',
]);

export function isInternalCollection(name: string): boolean {
  return name.startsWith('__') || name.startsWith('system.') || RESERVED.has(name);
}

export function assertUserCollection(name: string): void {
  if (isInternalCollection(name)) {
    throw new CellaError(
      'INVALID_PARAMETER',
      `"${name}" is a reserved collection name (names starting with "__" or "system." and ${[...RESERVED].join(', ')} are reserved)`,
    );
  }
}
