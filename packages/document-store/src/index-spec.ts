/**
 * Validation of index specifications for both engines (the guard of `createIndex`/`dropIndex`):
 * MongoDB-like keys `{a: 1, b: -1}` only (no text, hashed or geo indexes), with bounds on what a
 * caller controls.
 */
import { isPlainObject } from './bson-values.js';
import { StoreError } from './document-store.js';
import type { IndexKeys, IndexOptions } from './document-store.js';

/** Indexes a caller may create per collection (automatic indexes have their own cap). */
export const MAX_INDEXES = 16;
/** Paths per index. */
export const MAX_INDEX_KEYS = 8;
/** Parts per dotted path (`a.b.c` has 3). */
export const MAX_INDEX_PATH_DEPTH = 8;
const MAX_PATH_LENGTH = 256;

/** Path parts an index accepts: identifier-like (letters, digits, `_`, `-`; not leading a digit). */
export const INDEX_PATH_PART = /^[\p{L}_][\p{L}\p{N}_-]*$/u;
const INDEX_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}$/;
/** Names the engines keep for themselves: `_id_` and automatic indexes (`ax_...`). */
const RESERVED_NAME = /^(_id_$|ax_)/;

export interface CheckedIndex {
  keys: [string, 1 | -1][];
  unique: boolean;
  /** The name asked for, or undefined for the default. */
  name: string | undefined;
}

function bad(message: string): never {
  throw new StoreError('BAD_INDEX', message);
}

export function checkIndexKeys(keys: unknown): [string, 1 | -1][] {
  if (!isPlainObject(keys)) bad('index keys must be an object of path: 1 | -1');
  const entries = Object.entries(keys);
  if (entries.length === 0) bad('an index needs at least one key');
  if (entries.length > MAX_INDEX_KEYS) bad(`an index has at most ${MAX_INDEX_KEYS} keys`);
  for (const [path, direction] of entries) {
    if (direction !== 1 && direction !== -1) bad(`index direction for "${path}" must be 1 or -1`);
    if (path.length > MAX_PATH_LENGTH) bad(`index path longer than ${MAX_PATH_LENGTH} characters`);
    const parts = path.split('.');
    if (parts.length > MAX_INDEX_PATH_DEPTH)
      bad(`index path "${path}" is deeper than ${MAX_INDEX_PATH_DEPTH}`);
    if (!parts.every((p) => INDEX_PATH_PART.test(p)))
      bad(`index path "${path}": parts must be letters, digits, "_" or "-", not starting with a digit`);
  }
  return entries as [string, 1 | -1][];
}

export function checkIndexName(name: unknown): string {
  if (typeof name !== 'string' || !INDEX_NAME.test(name))
    bad('index names are 1–64 letters, digits, "_", "." or "-", not starting with "." or "-"');
  return name;
}

export function checkIndex(keys: unknown, options: unknown): CheckedIndex {
  const checkedKeys = checkIndexKeys(keys);
  if (options !== undefined && !isPlainObject(options)) bad('index options must be an object');
  const opts = (options ?? {}) as IndexOptions & Record<string, unknown>;
  for (const key of Object.keys(opts))
    if (key !== 'unique' && key !== 'name' && key !== 'log')
      bad(`unknown index option "${key}" (unique and name are supported)`);
  if (opts.unique !== undefined && typeof opts.unique !== 'boolean') bad('unique must be true or false');
  let name: string | undefined;
  if (opts.name !== undefined) {
    name = checkIndexName(opts.name);
    if (RESERVED_NAME.test(name)) bad(`index name "${name}" is reserved`);
  }
  return { keys: checkedKeys, unique: opts.unique === true, name };
}

export function sameIndexKeys(a: [string, 1 | -1][], b: IndexKeys | [string, 1 | -1][]): boolean {
  const other = Array.isArray(b) ? b : Object.entries<1 | -1>(b);
  return a.length === other.length && a.every(([p, d], i) => other[i]?.[0] === p && other[i]?.[1] === d);
}

/** Names of automatic indexes start with this (on both engines). */
export const AUTO_PREFIX = 'ax_';

/** MongoDB's default index name: `a_1_b_-1`. */
export function defaultIndexName(keys: [string, 1 | -1][]): string {
  return keys.map(([path, dir]) => `${path}_${dir}`).join('_');
}

/** The name of an automatic index: `ax_<path>` for one ascending path, else `ax_<default name>`. */
export function autoIndexName(keys: [string, 1 | -1][]): string {
  const [first] = keys;
  return keys.length === 1 && first && first[1] === 1
    ? `${AUTO_PREFIX}${first[0]}`
    : `${AUTO_PREFIX}${defaultIndexName(keys)}`;
}
