/**
 * Names inside a vault. Each user's vault is one database `node_user_<hash>` where <hash> is the
 * first 32 hex digits (128 bits) of SHA-256 over the user's DID: short enough for MongoDB's 63-byte
 * database names, stable, and it does not reveal the DID.
 *
 * The database holds the user's spaces (spaces.ts): the default space's collections under their
 * own names, an application's under the prefix `__app_<24 hex of SHA-256(app DID)>.` — a prefix
 * no user collection name can have (names starting with `__` are reserved), so a space can never
 * name another space's collections.
 */
import { createHash } from 'node:crypto';
import { CellaError } from '../errors.js';

export function vaultDatabaseName(userDid: string): string {
  return `node_user_${createHash('sha256').update(userDid, 'utf8').digest('hex').slice(0, 32)}`;
}

/** Collections the node keeps inside every space of a vault (file metadata, scripts, collection flags). */
export const INTERNAL_COLLECTIONS = {
  files: '__files__',
  scripts: '__scripts__',
  transactions: '__transactions__',
  /** Flags of collections created encrypted (`is_encrypt`, `encrypt_method`); absent = plain. */
  collections: '__collections__',
} as const;

const APP_SPACE = '__app_';

/** The prefix of an application's collections ('' for the default space, `app` null). */
export function spacePrefix(app: string | null): string {
  if (app === null) return '';
  return `${APP_SPACE}${createHash('sha256').update(app, 'utf8').digest('hex').slice(0, 24)}.`;
}

/** Splits a collection name of the vault database into its space prefix and its name there. */
export function splitSpace(stored: string): { prefix: string; name: string } {
  if (!stored.startsWith(APP_SPACE)) return { prefix: '', name: stored };
  const dot = stored.indexOf('.');
  return dot < 0
    ? { prefix: '', name: stored }
    : { prefix: stored.slice(0, dot + 1), name: stored.slice(dot + 1) };
}

/** A collection of file metadata, of any space (the sweep, usage repair and backups read them all). */
export function isFilesCollection(stored: string): boolean {
  return splitSpace(stored).name === INTERNAL_COLLECTIONS.files;
}

/**
 * Collections whose bytes are not database usage: file metadata (charged as file sizes),
 * transactions and collection flags (bookkeeping), in any space.
 */
export function isUnchargedCollection(stored: string): boolean {
  const { name } = splitSpace(stored);
  return (
    name === INTERNAL_COLLECTIONS.files ||
    name === INTERNAL_COLLECTIONS.transactions ||
    name === INTERNAL_COLLECTIONS.collections
  );
}

/** Names a user collection can't have: ours, the reference's internal ones, and the route word. */
const RESERVED = new Set([
  'collections',
  // Path words of the reference's routes (/vault/db/query, /vault/db/collection/{name}).
  'query',
  'collection',
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
