/**
 * The document an upsert inserts when nothing matched, built from the filter as MongoDB does.
 * Used by the SQLite engine for every upsert and by the MongoDB engine for replacement upserts
 * (to fix the `_id` before the write, so the size is known up front).
 */
import { isOperatorObject, isPlainObject, isRegexValue } from './bson-values.js';
import { StoreError } from './document-store.js';
import type { Document, Filter } from './document-store.js';

/**
 * The document an upsert starts from, as MongoDB builds it: the filter's equality conditions
 * (`{a: 1}`, `{a: {$eq: 1}}`, a one-element `$in`, inside `$and` and one-branch `$or`), with
 * dotted paths expanded into nested objects. Operator conditions such as `$gt` contribute nothing.
 */
export function upsertSeed(filter: Filter): Document {
  const seed: Document = {};
  addEqualities(filter, seed);
  return seed;
}

function addEqualities(filter: Filter, seed: Document): void {
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(value)) {
      for (const branch of value) if (isPlainObject(branch)) addEqualities(branch, seed);
      continue;
    }
    if (key === '$or' && Array.isArray(value) && value.length === 1 && isPlainObject(value[0])) {
      addEqualities(value[0], seed);
      continue;
    }
    if (key.startsWith('$')) continue;
    let literal: unknown;
    let found = false;
    if (isOperatorObject(value)) {
      if ('$eq' in value) {
        literal = value.$eq;
        found = true;
      } else if (Array.isArray(value.$in) && value.$in.length === 1 && !isRegexValue(value.$in[0])) {
        literal = value.$in[0];
        found = true;
      }
    } else if (!isRegexValue(value)) {
      literal = value;
      found = true;
    }
    if (found) setPath(seed, key, structuredCloneValue(literal));
  }
}

function setPath(target: Document, path: string, value: unknown): void {
  const parts = path.split('.');
  let node: Record<string, unknown> = target;
  parts.forEach((part, i) => {
    if (i === parts.length - 1) {
      if (Object.prototype.hasOwnProperty.call(node, part)) {
        throw new StoreError('BAD_UPDATE', `the filter sets "${path}" twice for the upsert`);
      }
      setOwn(node, part, value);
      return;
    }
    const next = Object.prototype.hasOwnProperty.call(node, part) ? node[part] : undefined;
    if (next === undefined) {
      const created: Record<string, unknown> = {};
      setOwn(node, part, created);
      node = created;
    } else if (isPlainObject(next)) {
      node = next;
    } else {
      throw new StoreError(
        'BAD_UPDATE',
        `cannot build the upserted document: "${path}" conflicts with another filter field`,
      );
    }
  });
}

/** Sets an own property even for keys such as "__proto__" (never touches the prototype). */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function structuredCloneValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(structuredCloneValue);
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) setOwn(out, k, structuredCloneValue(v));
    return out;
  }
  return value;
}

/** A replacement upsert keeps only the filter's `_id` equality, never its other fields (MongoDB rule). */
export function replacementUpsert(filter: Filter, replacement: Document): Document {
  if (replacement._id !== undefined || !('_id' in filter)) return replacement;
  const seedId = upsertSeed({ _id: filter._id })._id;
  return seedId !== undefined ? { _id: seedId, ...replacement } : replacement;
}
