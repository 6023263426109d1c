/**
 * MongoDB's sort order, so the SQLite engine sorts exactly as a MongoDB server does (mingo's own
 * comparator orders types differently and treats missing before null).
 *
 * - Types: null/missing < numbers < strings < objects < arrays < ObjectId < booleans < dates.
 * - Strings compare by Unicode code point (MongoDB compares UTF-8 bytes; JS `<` compares UTF-16
 *   code units, which differs above U+D7FF).
 * - A path reaching arrays sorts by the smallest element (ascending) or the largest (descending);
 *   an empty array sorts before null.
 * - Ties keep their input order (Array.prototype.sort is stable), i.e. natural order.
 */
import type { Document, SortSpec } from '../document-store.js';
import { isObjectId, isPlainObject, isRegexValue } from '../bson-values.js';

const EMPTY_ARRAY = Symbol('empty array');

function typeRank(v: unknown): number {
  if (v === EMPTY_ARRAY) return 0;
  if (v === null || v === undefined) return 1;
  switch (typeof v) {
    case 'number':
    case 'bigint':
      return 2;
    case 'string':
      return 3;
    case 'boolean':
      return 8;
  }
  if (Array.isArray(v)) return 5;
  if (isObjectId(v)) return 7;
  if (v instanceof Date) return 9;
  if (isRegexValue(v)) return 11;
  return 4;
}

export function compareStrings(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(i);
    if (ca !== cb) return fixup(ca) - fixup(cb);
  }
  return a.length - b.length;
}

/** Maps UTF-16 code units so that comparing them gives code point order. */
function fixup(c: number): number {
  if (c >= 0xe000) return c - 0x800;
  if (c >= 0xd800) return c + 0x2000;
  return c;
}

export function compareBson(a: unknown, b: unknown): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra - rb;
  switch (ra) {
    case 2:
      return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
    case 3:
      return compareStrings(a as string, b as string);
    case 4:
      return compareObjects(a as Record<string, unknown>, b as Record<string, unknown>);
    case 5:
      return compareArrays(a as unknown[], b as unknown[]);
    case 7:
      return compareStrings(
        (a as { toHexString(): string }).toHexString(),
        (b as { toHexString(): string }).toHexString(),
      );
    case 8:
      return Number(a) - Number(b);
    case 9:
      return (a as Date).getTime() - (b as Date).getTime();
    case 11:
      return compareStrings(String(a), String(b));
    default:
      return 0;
  }
}

function compareObjects(a: Record<string, unknown>, b: Record<string, unknown>): number {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  const n = Math.min(ka.length, kb.length);
  for (let i = 0; i < n; i++) {
    const va = a[ka[i] as string];
    const vb = b[kb[i] as string];
    const byType = typeRank(va) - typeRank(vb);
    if (byType !== 0) return byType;
    const byName = compareStrings(ka[i] as string, kb[i] as string);
    if (byName !== 0) return byName;
    const byValue = compareBson(va, vb);
    if (byValue !== 0) return byValue;
  }
  return ka.length - kb.length;
}

function compareArrays(a: unknown[], b: unknown[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const c = compareBson(a[i], b[i]);
    if (c !== 0) return c;
  }
  return a.length - b.length;
}

/** The values a dotted path reaches, traversing arrays the way MongoDB's sort does. */
function collect(value: unknown, parts: string[], i: number, out: unknown[]): void {
  if (i === parts.length) {
    if (Array.isArray(value)) {
      if (value.length === 0) out.push(EMPTY_ARRAY);
      else for (const item of value) out.push(item);
    } else {
      out.push(value);
    }
    return;
  }
  const part = parts[i] as string;
  if (Array.isArray(value)) {
    if (/^\d+$/.test(part)) {
      collect(value[Number(part)], parts, i + 1, out);
      return;
    }
    let found = false;
    for (const item of value) {
      if (isPlainObject(item)) {
        found = true;
        collect(item, parts, i, out);
      }
    }
    if (!found) out.push(null);
    return;
  }
  if (isPlainObject(value) && Object.prototype.hasOwnProperty.call(value, part)) {
    collect(value[part], parts, i + 1, out);
    return;
  }
  out.push(null);
}

/**
 * The values a dotted path reaches in a document, arrays traversed as by sorts and multikey
 * indexes (an empty array is one value that sorts before null; a missing field is null).
 */
export function pathValues(doc: Document, path: string): unknown[] {
  const values: unknown[] = [];
  collect(doc, path.split('.'), 0, values);
  return values;
}

export function sortKey(doc: Document, path: string, direction: 1 | -1): unknown {
  const values = pathValues(doc, path);
  let best: unknown = values[0] ?? null;
  for (let i = 1; i < values.length; i++) {
    const c = compareBson(values[i], best);
    if (direction === 1 ? c < 0 : c > 0) best = values[i];
  }
  return best === undefined ? null : best;
}

/** Sorts documents by a MongoDB sort spec; stable, so ties keep their input (natural) order. */
export function sortDocuments<T extends Document>(docs: T[], sort: SortSpec): T[] {
  const fields = Object.entries(sort);
  if (fields.length === 0 || docs.length < 2) return docs;
  const keyed = docs.map((doc) => ({ doc, keys: fields.map(([path, dir]) => sortKey(doc, path, dir)) }));
  keyed.sort((x, y) => {
    for (let i = 0; i < fields.length; i++) {
      const c = compareBson(x.keys[i], y.keys[i]);
      if (c !== 0) return (fields[i] as [string, 1 | -1])[1] === 1 ? c : -c;
    }
    return 0;
  });
  return keyed.map((k) => k.doc);
}
