/**
 * Automatic indexes for the MongoDB engine, the same policy as the SQLite engine: the first time a
 * field path is used in an equality, `$in` or range condition of a find/count, an ascending index
 * on it is created (`ax_<path>`), at most `maxAutoIndexes` per collection, never on a collection
 * that does not exist yet (createIndex would create it). So "find 10 of 10,000 by a field" never
 * scans, on either engine. Disabled in emulation mode (FerretDB v1 does not use such indexes).
 */
import { createHash } from 'node:crypto';
import { MongoServerError } from 'mongodb';
import type { Collection as DriverCollection, Document as DriverDocument } from 'mongodb';
import { isOperatorObject, isPlainObject, isRegexValue } from '../bson-values.js';
import type { Filter } from '../document-store.js';

const PATH_PART = /^[\p{L}_][\p{L}\p{N}_-]*$/u;
const INDEXED_OPERATORS = new Set(['$eq', '$in', '$gt', '$gte', '$lt', '$lte']);
const PREFIX = 'ax_';

/** Dotted field paths (not `_id`) that a filter compares by equality, `$in` or a range. */
export function indexablePaths(filter: Filter): string[] {
  const paths = new Set<string>();
  const visit = (f: Filter): void => {
    for (const [key, value] of Object.entries(f)) {
      if ((key === '$and' || key === '$or') && Array.isArray(value)) {
        for (const branch of value) if (isPlainObject(branch)) visit(branch);
        continue;
      }
      if (key.startsWith('$') || key === '_id' || !key.split('.').every((p) => PATH_PART.test(p))) continue;
      const usable = isOperatorObject(value)
        ? Object.keys(value).some((op) => INDEXED_OPERATORS.has(op))
        : !isRegexValue(value) && value !== null;
      if (usable) paths.add(key);
    }
  };
  visit(filter);
  return [...paths];
}

function indexName(path: string): string {
  return path.length <= 60
    ? `${PREFIX}${path}`
    : `${PREFIX}${createHash('sha1').update(path).digest('hex').slice(0, 16)}`;
}

export class AutoIndexer {
  /** Per namespace: names of the auto indexes known to exist. */
  private readonly known = new Map<string, Set<string>>();

  constructor(private readonly max: number) {}

  forget(namespace: string): void {
    this.known.delete(namespace);
  }

  forgetDatabase(database: string): void {
    for (const ns of this.known.keys()) if (ns.startsWith(`${database}.`)) this.known.delete(ns);
  }

  async ensure<T extends DriverDocument>(coll: DriverCollection<T>, filter: Filter): Promise<void> {
    if (this.max === 0) return;
    const paths = indexablePaths(filter);
    if (paths.length === 0) return;
    let names = this.known.get(coll.namespace);
    if (!names) {
      try {
        const indexes = await coll.listIndexes().toArray();
        names = new Set(indexes.map((i) => String(i.name)).filter((n) => n.startsWith(PREFIX)));
      } catch (err) {
        if (err instanceof MongoServerError && err.code === 26) return; // no such collection yet
        throw err;
      }
      this.known.set(coll.namespace, names);
    }
    for (const path of paths) {
      const name = indexName(path);
      if (names.has(name)) continue;
      if (names.size >= this.max) return;
      try {
        await coll.createIndex({ [path]: 1 }, { name });
        names.add(name);
      } catch {
        // A concurrent creation or a server limit: the query works without the index.
        return;
      }
    }
  }
}
