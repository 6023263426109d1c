/**
 * MongoDB filters, sorts and projections evaluated on the client, over decrypted documents (the
 * node cannot read them). The common operators: equality (an array field matches an element),
 * `$eq $ne $gt $gte $lt $lte $in $nin $exists $regex $size $all $elemMatch $not`, `$and $or
 * $nor`, dotted paths. Anything else is refused (`UNSUPPORTED`), never ignored.
 */
import { CellaCryptoError } from '@cella/sdk';
import { canonicalJson } from './canonical-json.js';

type Doc = Record<string, unknown>;
const isObject = (v: unknown): v is Doc => v !== null && typeof v === 'object' && !Array.isArray(v);
const isOid = (v: unknown): v is { $oid: string } =>
  isObject(v) && typeof v.$oid === 'string' && Object.keys(v).length === 1;

/** Comparable form: ObjectIds (`{$oid}` or their hex as sent back by some SDK versions) compare as their hex. */
const plain = (v: unknown): unknown => (isOid(v) ? v.$oid : v);

function equal(a: unknown, b: unknown): boolean {
  // Strings, booleans and finite numbers compare as themselves (what their JSON texts would say,
  // without writing them: the usual equality filter, over every document a find opens).
  if (typeof a === typeof b && (typeof a === 'string' || typeof a === 'boolean')) return a === b;
  if (typeof a === 'number' && typeof b === 'number' && Number.isFinite(a) && Number.isFinite(b))
    return a === b;
  // A missing field equals null, as in MongoDB (`{field: null}` matches documents without it).
  return canonicalJson(plain(a) ?? null) === canonicalJson(plain(b) ?? null);
}

/** Every value at a dotted path, descending into arrays as MongoDB does. */
function valuesAt(doc: unknown, path: string[]): unknown[] {
  if (path.length === 0) return [doc];
  if (Array.isArray(doc)) {
    const index = Number(path[0]);
    const viaIndex =
      Number.isInteger(index) && String(index) === path[0] ? valuesAt(doc[index], path.slice(1)) : [];
    return [...viaIndex, ...doc.flatMap((item) => (isObject(item) ? valuesAt(item, path) : []))];
  }
  if (!isObject(doc)) return [undefined];
  return valuesAt(doc[path[0]!], path.slice(1));
}

const rank = (v: unknown): number =>
  v === undefined || v === null
    ? 1
    : typeof v === 'number'
      ? 2
      : typeof v === 'string'
        ? 3
        : isObject(v)
          ? 4
          : Array.isArray(v)
            ? 5
            : typeof v === 'boolean'
              ? 8
              : 10;

/** MongoDB's order, as far as JSON goes: null < numbers < strings < objects < arrays < booleans. */
export function compare(a: unknown, b: unknown): number {
  const [x, y] = [plain(a), plain(b)];
  const [rx, ry] = [rank(x), rank(y)];
  if (rx !== ry) return rx - ry;
  if (typeof x === 'number' || typeof x === 'string' || typeof x === 'boolean')
    return x < (y as typeof x) ? -1 : x > (y as typeof x) ? 1 : 0;
  const [cx, cy] = [canonicalJson(x ?? null), canonicalJson(y ?? null)];
  return cx < cy ? -1 : cx > cy ? 1 : 0;
}

const unsupported = (what: string) =>
  new CellaCryptoError('UNSUPPORTED', `${what} is not supported in a filter on an encrypted collection`);

function matchOperators(values: unknown[], ops: Doc): boolean {
  return Object.entries(ops).every(([op, arg]) => {
    const scalars = values.flatMap((v) => (Array.isArray(v) ? [v, ...v] : [v]));
    const comparable = (v: unknown) => rank(plain(v)) === rank(plain(arg));
    switch (op) {
      case '$eq':
        return scalars.some((v) => equal(v, arg));
      case '$ne':
        return !scalars.some((v) => equal(v, arg));
      case '$gt':
        return scalars.some((v) => comparable(v) && compare(v, arg) > 0);
      case '$gte':
        return scalars.some((v) => comparable(v) && compare(v, arg) >= 0);
      case '$lt':
        return scalars.some((v) => comparable(v) && compare(v, arg) < 0);
      case '$lte':
        return scalars.some((v) => comparable(v) && compare(v, arg) <= 0);
      case '$in':
        if (!Array.isArray(arg)) throw unsupported('$in without an array');
        return arg.some((a) => scalars.some((v) => equal(v, a)));
      case '$nin':
        if (!Array.isArray(arg)) throw unsupported('$nin without an array');
        return !arg.some((a) => scalars.some((v) => equal(v, a)));
      case '$exists':
        return values.some((v) => v !== undefined) === Boolean(arg);
      case '$regex': {
        const re = new RegExp(String(arg), typeof ops.$options === 'string' ? ops.$options : '');
        return scalars.some((v) => typeof v === 'string' && re.test(v));
      }
      case '$options':
        return true;
      case '$size':
        return values.some((v) => Array.isArray(v) && v.length === arg);
      case '$all':
        if (!Array.isArray(arg)) throw unsupported('$all without an array');
        return values.some((v) => Array.isArray(v) && arg.every((a) => v.some((x) => equal(x, a))));
      case '$elemMatch':
        if (!isObject(arg)) throw unsupported('$elemMatch without a document');
        return values.some(
          (v) =>
            Array.isArray(v) &&
            v.some((item) =>
              Object.keys(arg).some((k) => k.startsWith('$'))
                ? matchOperators([item], arg)
                : matches(item as Doc, arg),
            ),
        );
      case '$not':
        if (!isObject(arg)) throw unsupported('$not without operators');
        return !matchOperators(values, arg);
      default:
        throw unsupported(op);
    }
  });
}

/** Whether a document matches a MongoDB filter. */
export function matches(doc: Doc, filter: Doc): boolean {
  return Object.entries(filter).every(([key, condition]) => {
    if (key === '$and' || key === '$or' || key === '$nor') {
      if (!Array.isArray(condition)) throw unsupported(`${key} without an array`);
      const each = condition.map((c) => matches(doc, c as Doc));
      return key === '$and' ? each.every(Boolean) : key === '$or' ? each.some(Boolean) : !each.some(Boolean);
    }
    if (key.startsWith('$')) throw unsupported(key);
    // A top-level field equal to a string, number or boolean matches without the general walk
    // (the common filter, run over every document a find opens; anything else takes the walk).
    if (typeof condition !== 'object' && !key.includes('.') && doc[key] === condition) return true;
    const values = valuesAt(doc, key.split('.'));
    if (isObject(condition) && !isOid(condition) && Object.keys(condition).some((k) => k.startsWith('$')))
      return matchOperators(values, condition);
    return matchOperators(values, { $eq: condition });
  });
}

/** Sorts in place by a MongoDB sort specification. */
export function sortDocuments(docs: Doc[], sort: Record<string, 1 | -1>): Doc[] {
  const keys = Object.entries(sort);
  return docs.sort((a, b) => {
    for (const [path, direction] of keys) {
      const pick = (d: Doc) => {
        const values = valuesAt(d, path.split('.')).filter((v) => v !== undefined);
        return values.length ? values.reduce((m, v) => (compare(v, m) * direction < 0 ? v : m)) : null;
      };
      const order = compare(pick(a), pick(b)) * direction;
      if (order !== 0) return order;
    }
    return 0;
  });
}

/** Applies an inclusion (`{a: 1}`) or exclusion (`{a: 0}`) projection of top-level or dotted fields. */
export function project(doc: Doc, projection: Record<string, 0 | 1>): Doc {
  const entries = Object.entries(projection);
  const including = entries.some(([k, v]) => v && k !== '_id');
  if (including) {
    const out: Doc = projection._id === 0 ? {} : { _id: doc._id };
    for (const [path, keep] of entries) {
      if (!keep || path === '_id') continue;
      const parts = path.split('.');
      let from: unknown = doc;
      let to: Doc = out;
      for (const [i, part] of parts.entries()) {
        if (!isObject(from) || !(part in from)) break;
        if (i === parts.length - 1) to[part] = from[part];
        else {
          to = (to[part] ??= {}) as Doc;
          from = from[part];
        }
      }
    }
    return out;
  }
  const out = structuredClone(doc);
  for (const [path, keep] of entries) {
    if (keep) continue;
    const parts = path.split('.');
    let at: unknown = out;
    for (const part of parts.slice(0, -1)) at = isObject(at) ? at[part] : undefined;
    if (isObject(at)) delete at[parts.at(-1)!];
  }
  return out;
}
