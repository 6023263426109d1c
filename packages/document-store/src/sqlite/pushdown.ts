/**
 * Filter pushdown: turns the simple parts of a MongoDB filter into a SQL WHERE clause that is a
 * SUPERSET of the true answer. mingo re-checks every candidate, so the SQL only has to never
 * drop a matching document; its job is to let SQLite use an index instead of handing every
 * document to JavaScript.
 *
 * Pushed down: `_id` equality/`$in`/ranges (on the typed `id` column), and on other fields whose
 * path parts are plain identifiers: equality, `$eq`, `$in`, `$gt/$gte/$lt/$lte` (numbers,
 * strings, Dates, ObjectIds), `$exists`; inside `$and`, and `$or` when every branch is pushable.
 * Everything else ($ne, $nin, $regex, $elemMatch, $not, $nor, $expr, ...) is left to mingo.
 *
 * A field is read with `json_extract(doc, '$."a"."b"')`, the same literal text as the expression
 * indexes (auto-index.ts) so SQLite uses them. Arrays: `{a: 5}` also matches `a: [5, 6]`, and
 * `{"a.b": 1}` also matches `a: [{b: 1}]`, but json_extract returns an array as its JSON text
 * and cannot look inside it. So every pushed-down field condition is OR-ed with "the field, or
 * any prefix of its path, is an array", i.e. its JSON text lies in ['[', '\'). That range is an
 * index range scan too, so SQLite still answers the whole OR from the index (MULTI-INDEX OR).
 *
 * Scalar equalities are decided by the SQL alone where no array lies along the path: a filter
 * made only of `{field: scalar}` / `{field: {$eq: scalar}}` (and `$and` of those) gets a `split`:
 * `exactWhere` = every field equals its value with the same JSON type (json_extract yields
 * booleans as 0/1 and objects as their JSON text, so `json_type` is checked where those could
 * collide: numbers 0 and 1, strings starting with `{` or `[`, booleans, Dates, ObjectIds), and
 * `arrayWhere` = the other candidates, those with an array along some filtered path, which mingo
 * re-checks. A row matching a scalar equality either satisfies its exact term or has an array
 * along the path, so the two sets together hold every match, and the first holds only matches.
 *
 * Type brackets: json_extract yields numbers (and booleans as 0/1) as SQL numbers, strings as
 * TEXT, objects/arrays as JSON TEXT. SQLite orders numbers < TEXT, so `$gt: 5` becomes
 * `x > 5 AND x < ''` (numbers only) and `$lt: "m"` becomes `x < 'm' AND x >= ''` (text only).
 * Dates and ObjectIds are stored as `{"$date":"<ISO>"}` / `{"$oid":"<hex>"}` (codec.ts), whose
 * text order is their value order.
 */
import { isObjectId, isOperatorObject, isPlainObject } from '../bson-values.js';
import type { Filter } from '../document-store.js';
import { dateIsTextOrdered, dateText, idKey, objectIdText } from './codec.js';

export interface Prefilter {
  /** ` WHERE ...` or '' when nothing could be pushed down. */
  where: string;
  /** Named parameters (@p0, @p1, ...) for `where`. */
  params: Record<string, unknown>;
  /** JSON paths worth an expression index (fields used by equality, $in or ranges). */
  indexPaths: string[];
  /** True when the SQL alone decides the answer (mingo need not re-check). */
  exact: boolean;
  /** What mingo still has to check when not exact: the filter, less an `_id` the SQL decides alone. */
  residual: Filter;
  /** True when the SQL selects rows by `_id` equality or a short `$in` (a few rows at most). */
  pinned: boolean;
  /**
   * Filters made only of scalar equalities (see above): the rows `exactWhere` selects match, no
   * re-check needed; the other matches are among the rows of `arrayWhere`, which mingo re-checks.
   * Both use `params`. null for other filters.
   */
  split: { exactWhere: string; arrayWhere: string } | null;
}

const PATH_PART = /^[\p{L}_][\p{L}\p{N}_-]*$/u;
const ARRAY_LOW = "'['";
const ARRAY_HIGH = "'\\'";
const DATE_TEXT_LOW = `'{"$date":"'`;
const DATE_TEXT_HIGH = `'{"$date":#'`;
const DATE_NUM_LOW = `'{"$date":-'`;
const DATE_NUM_HIGH = `'{"$date":;'`;
const OID_LOW = `'{"$oid":"'`;
const OID_HIGH = `'{"$oid":#'`;
const RANGE_SQL: Record<string, string> = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' };

/** The json_extract path for a dotted field path, or null when it cannot be pushed down. */
export function jsonPath(fieldPath: string): string | null {
  const parts = fieldPath.split('.');
  if (!parts.every((p) => PATH_PART.test(p))) return null;
  return `$.${parts.map((p) => `"${p}"`).join('.')}`;
}

export function extract(path: string): string {
  return `json_extract(doc, '${path}')`;
}

/** One scalar equality as SQL: decided exactly, an array along its path, the superset of both. */
interface Equality {
  exact: string;
  arrays: string;
  superset: string;
}

class Builder {
  readonly params: Record<string, unknown> = {};
  readonly indexPaths = new Set<string>();
  exact = true;
  /** The scalar equalities of the filter; null once it holds any other condition. */
  equalities: Equality[] | null = [];
  private n = 0;

  param(value: unknown): string {
    const name = `p${this.n++}`;
    this.params[name] = value;
    return `@${name}`;
  }
}

export function buildPrefilter(filter: Filter): Prefilter {
  const b = new Builder();
  // An `_id` equality or `$in` at the top level pins at most a few rows through the UNIQUE id
  // index: other conditions add nothing but json_extract calls (each parses the document) and
  // indexes no query would use, and mingo re-checks the rows anyway — for the other conditions
  // only, when the id term is exact (the typed key decides `_id` equality by itself).
  const id = filter._id;
  if (id !== undefined && pinsId(id)) {
    const term = idTerm(id, b) as string;
    let residual = filter;
    if (b.exact) {
      const { _id: _decided, ...rest } = filter;
      residual = rest;
    }
    const exact = Object.keys(residual).length === 0;
    return {
      where: ` WHERE ${term}`,
      params: b.params,
      indexPaths: [],
      exact,
      residual,
      pinned: true,
      split: null,
    };
  }
  const terms = queryTerms(filter, b);
  const where = terms.length > 0 ? ` WHERE ${terms.join(' AND ')}` : '';
  const eqs = b.exact ? null : b.equalities;
  const split =
    eqs && eqs.length > 0
      ? {
          exactWhere: ` WHERE ${eqs.map((e) => e.exact).join(' AND ')}`,
          // Some equality has an array along its path, and the others hold (as supersets). One OR
          // branch per equality, led by its array range, so SQLite reads the (usually empty)
          // array ranges of the indexes rather than every candidate row.
          arrayWhere: ` WHERE ${eqs
            .map((e, i) => [e.arrays, ...eqs.filter((_, j) => j !== i).map((o) => o.superset)].join(' AND '))
            .map((branch) => `(${branch})`)
            .join(' OR ')}`,
        }
      : null;
  return {
    where,
    params: b.params,
    indexPaths: [...b.indexPaths],
    exact: b.exact,
    residual: filter,
    pinned: false,
    split,
  };
}

function queryTerms(filter: Filter, b: Builder): string[] {
  const terms: string[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(value)) {
      for (const branch of value) if (isPlainObject(branch)) terms.push(...queryTerms(branch, b));
      continue;
    }
    if (key === '$or' && Array.isArray(value)) {
      b.exact = false;
      b.equalities = null;
      const branches = value.map((branch) => (isPlainObject(branch) ? queryTerms(branch, b) : []));
      if (branches.length > 0 && branches.every((t) => t.length > 0)) {
        terms.push(`(${branches.map((t) => t.join(' AND ')).join(' OR ')})`);
      }
      continue;
    }
    if (key.startsWith('$')) {
      b.exact = false;
      b.equalities = null;
      continue;
    }
    if (key === '_id') b.equalities = null;
    const term = key === '_id' ? idTerm(value, b) : fieldTerm(key, value, b);
    if (term) terms.push(term);
    else {
      b.exact = false;
      b.equalities = null;
    }
  }
  return terms;
}

// ---------------------------------------------------------------------------------------------
// _id: the typed `id` column (ObjectId | string | number; never an array)

function idable(v: unknown): boolean {
  return isObjectId(v) || typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));
}

/** True when an `_id` condition is an equality or an `$in` that idTerm turns into `id = / IN`. */
function pinsId(value: unknown): boolean {
  if (!isOperatorObject(value)) return idable(value);
  return (
    idable(value.$eq) ||
    (Array.isArray(value.$in) && value.$in.length > 0 && value.$in.length <= 32 && value.$in.every(idable))
  );
}

function idTerm(value: unknown, b: Builder): string | null {
  if (!isOperatorObject(value)) {
    if (!idable(value)) return null;
    return `id = ${b.param(idKey(value as string))}`;
  }
  const terms: string[] = [];
  let exact = true;
  for (const [op, arg] of Object.entries(value)) {
    if (op === '$eq' && idable(arg)) {
      terms.push(`id = ${b.param(idKey(arg as string))}`);
    } else if (op === '$in' && Array.isArray(arg) && arg.every(idable)) {
      terms.push(
        arg.length === 0 ? '0' : `id IN (${arg.map((v) => b.param(idKey(v as string))).join(', ')})`,
      );
    } else if (op in RANGE_SQL && (isObjectId(arg) || (typeof arg === 'string' && textRangeSafe(arg)))) {
      // Keys are 'o<hex>' / 's<string>': stay within the prefix of the bound's type.
      const prefix = isObjectId(arg) ? 'o' : 's';
      const bound = b.param(idKey(arg));
      const sql = RANGE_SQL[op] as string;
      terms.push(
        sql.startsWith('>')
          ? `(id ${sql} ${bound} AND id < '${nextChar(prefix)}')`
          : `(id ${sql} ${bound} AND id >= '${prefix}')`,
      );
      exact = false;
    } else {
      exact = false;
    }
  }
  if (!exact) b.exact = false;
  return terms.length > 0 ? terms.join(' AND ') : null;
}

function nextChar(c: string): string {
  return String.fromCharCode(c.charCodeAt(0) + 1);
}

/**
 * SQLite compares TEXT by UTF-8 bytes (code point order) and mingo by UTF-16 code units; they
 * agree unless the bound holds a code unit at or above U+D800. Such bounds are not pushed down.
 */
function textRangeSafe(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 0xd800) return false;
  return true;
}

// ---------------------------------------------------------------------------------------------
// Other fields: json_extract on the document

function fieldTerm(fieldPath: string, value: unknown, b: Builder): string | null {
  const path = jsonPath(fieldPath);
  if (!path) return null;
  const parts = fieldPath.split('.');
  const prefixes = parts.map((_, i) => jsonPath(parts.slice(0, i + 1).join('.')) as string);
  const x = extract(path);
  const arrays = prefixes
    .map((p) => `(${extract(p)} >= ${ARRAY_LOW} AND ${extract(p)} < ${ARRAY_HIGH})`)
    .join(' OR ');
  const index = (): void => {
    for (const p of prefixes) b.indexPaths.add(p);
  };

  // Every field condition is a superset (arrays, type brackets): mingo must re-check.
  b.exact = false;
  if (isOperatorObject(value) && !(Object.keys(value).length === 1 && '$eq' in value)) b.equalities = null;
  if (!isOperatorObject(value)) {
    const literal = sqlLiteral(value);
    if (literal === undefined) {
      b.equalities = null;
      return null;
    }
    index();
    const p = b.param(literal);
    const superset = `(${x} = ${p} OR ${arrays})`;
    b.equalities?.push({ exact: `(${x} = ${p}${typeCheck(path, value)})`, arrays: `(${arrays})`, superset });
    return superset;
  }
  const terms: string[] = [];
  for (const [op, arg] of Object.entries(value)) {
    if (op === '$eq') {
      const literal = sqlLiteral(arg);
      if (literal === undefined) {
        b.equalities = null;
        continue;
      }
      index();
      const p = b.param(literal);
      const superset = `(${x} = ${p} OR ${arrays})`;
      b.equalities?.push({ exact: `(${x} = ${p}${typeCheck(path, arg)})`, arrays: `(${arrays})`, superset });
      terms.push(superset);
    } else if (op === '$in' && Array.isArray(arg)) {
      const literals = arg.map(sqlLiteral);
      if (literals.some((l) => l === undefined)) continue;
      if (literals.length === 0) {
        terms.push('0');
        continue;
      }
      index();
      terms.push(`(${x} IN (${literals.map((l) => b.param(l)).join(', ')}) OR ${arrays})`);
    } else if (op in RANGE_SQL) {
      const range = rangeTerm(x, RANGE_SQL[op] as string, arg, b);
      if (!range) continue;
      index();
      terms.push(`(${range} OR ${arrays})`);
    } else if (op === '$exists') {
      if (arg) terms.push(`(${x} IS NOT NULL OR json_type(doc, '${path}') = 'null' OR ${arrays})`);
      else terms.push(`${x} IS NULL`);
    }
  }
  return terms.length > 0 ? terms.join(' AND ') : null;
}

/**
 * The SQL value json_extract yields for a stored value equal to `v`, or undefined when equality
 * cannot be pushed down (null also matches missing fields; objects and arrays depend on key order).
 */
function sqlLiteral(v: unknown): string | number | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? undefined : dateText(v);
  if (isObjectId(v)) return objectIdText(v);
  return undefined;
}

/**
 * What makes `json_extract(...) = literal` exact for a scalar: the stored value's JSON type, where
 * a value of another type could yield the same SQL value (true/false are 1/0, objects and arrays
 * are their JSON text, Dates and ObjectIds are stored as objects).
 */
function typeCheck(path: string, v: unknown): string {
  const type = `json_type(doc, '${path}')`;
  if (typeof v === 'number') return v === 0 || v === 1 ? ` AND ${type} IN ('integer', 'real')` : '';
  if (typeof v === 'string') return v.startsWith('{') || v.startsWith('[') ? ` AND ${type} = 'text'` : '';
  if (typeof v === 'boolean') return ` AND ${type} = '${v ? 'true' : 'false'}'`;
  return ` AND ${type} = 'object'`;
}

function rangeTerm(x: string, sql: string, bound: unknown, b: Builder): string | null {
  const upward = sql.startsWith('>');
  if (typeof bound === 'number') {
    if (Number.isNaN(bound)) return null;
    return upward ? `(${x} ${sql} ${b.param(bound)} AND ${x} < '')` : `${x} ${sql} ${b.param(bound)}`;
  }
  if (typeof bound === 'string') {
    if (!textRangeSafe(bound)) return null;
    return upward ? `${x} ${sql} ${b.param(bound)}` : `(${x} ${sql} ${b.param(bound)} AND ${x} >= '')`;
  }
  if (bound instanceof Date) {
    if (Number.isNaN(bound.getTime()) || !dateIsTextOrdered(bound)) return null;
    const p = b.param(dateText(bound));
    const textual = upward
      ? `(${x} ${sql} ${p} AND ${x} < ${DATE_TEXT_HIGH})`
      : `(${x} ${sql} ${p} AND ${x} >= ${DATE_TEXT_LOW})`;
    // Dates outside years 0–9999 are stored as milliseconds: always candidates.
    return `(${textual} OR (${x} >= ${DATE_NUM_LOW} AND ${x} < ${DATE_NUM_HIGH}))`;
  }
  if (isObjectId(bound)) {
    const p = b.param(objectIdText(bound));
    return upward ? `(${x} ${sql} ${p} AND ${x} < ${OID_HIGH})` : `(${x} ${sql} ${p} AND ${x} >= ${OID_LOW})`;
  }
  return null;
}
