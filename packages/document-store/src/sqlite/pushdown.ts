/**
 * Filter pushdown: turns the parts of a MongoDB filter that SQL can decide into SQL conditions on
 * the key expressions of bson-key.ts. Each condition is EXACT for rows that are not special on its
 * path (no array along the path, no embedded document, no out-of-range Date): for such rows the
 * value at the path is a scalar, and MongoDB's matching of a scalar is plain comparison within its
 * type bracket, which the key's order reproduces. Special rows are found and checked by mingo
 * separately (planner.ts), so together nothing is missed and nothing is re-checked needlessly.
 *
 * Decided in SQL: equality and `$eq` (scalars; `null` also matches missing fields; embedded
 * documents and arrays match no scalar), `$ne`, `$in`, `$nin`, `$gt/$gte/$lt/$lte` on numbers,
 * strings, ObjectIds and Dates (within the bound's type bracket, as MongoDB compares), `$exists`;
 * inside `$and`, and `$or` whose branches are all decided in SQL. Everything else (`$regex`,
 * `$elemMatch`, `$not`, `$nor`, `$expr`, `$type`, `$size`, `$all`, `$mod`, ranges on booleans or
 * null, ...) is left to mingo: the filter is then not `complete`, and mingo checks every row.
 *
 * A top-level `_id` equality or short `$in` pins the rows through the UNIQUE `id` column instead
 * (the typed key of codec.ts): the other conditions are then mingo's alone.
 */
import { isOperatorObject, isPlainObject } from '../bson-values.js';
import type { Filter } from '../document-store.js';
import {
  BRACKETS,
  NO_KEY,
  NULL_KEY,
  bracketOf,
  jsonPath,
  keyExpr,
  keyOf,
  keyablePath,
  textRangeSafe,
} from './bson-key.js';
import type { KeyValue } from './bson-key.js';
import { idKey } from './codec.js';

/** How a condition can use an index whose key starts with its path. */
export type ConditionKind = 'eq' | 'in' | 'range' | 'other';

export interface Condition {
  path: string;
  /** SQL, exact for rows not special on `path`. */
  sql: string;
  kind: ConditionKind;
}

export interface OrCondition {
  /** SQL, exact for rows not special on any of `paths`. */
  sql: string;
  paths: string[];
}

export interface Pushdown {
  /** Named parameters (@p0, @p1, ...) of every SQL text here. */
  params: Record<string, unknown>;
  /** Top-level conditions (ANDed). */
  conditions: Condition[];
  ors: OrCondition[];
  /** True when the conditions decide the whole filter (for rows not special on their paths). */
  complete: boolean;
  /** A top-level `_id` equality / short `$in`: the rows, by the `id` column. */
  pinned: Pinned | null;
}

export interface Pinned {
  /** ` WHERE id = @p0` or ` WHERE id IN (...)`. */
  where: string;
  /** What mingo still checks: the filter less the `_id` the typed key decides. */
  residual: Filter;
  /** True when nothing is left for mingo. */
  exact: boolean;
}

const RANGE_SQL: Record<string, string> = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' };
const MAX_PINNED_IDS = 32;

class Params {
  readonly values: Record<string, unknown> = {};
  private n = 0;

  add(value: unknown): string {
    const name = `p${this.n++}`;
    this.values[name] = value;
    return `@${name}`;
  }

  /** A key as SQL: the null key as its literal (it is a constant of the index expression). */
  key(value: KeyValue): string {
    return value === -Infinity ? NULL_KEY : this.add(value);
  }
}

export function pushdown(filter: Filter): Pushdown {
  const params = new Params();
  const pinned = pinnedIds(filter, params);
  if (pinned) return { params: params.values, conditions: [], ors: [], complete: pinned.exact, pinned };
  const out: Pushdown = { params: params.values, conditions: [], ors: [], complete: true, pinned: null };
  translate(filter, params, out);
  return out;
}

/** Adds the conditions of an AND of filter entries to `out`; false parts make `out` incomplete. */
function translate(filter: Filter, params: Params, out: Pushdown): void {
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(value)) {
      for (const branch of value) {
        if (isPlainObject(branch)) translate(branch, params, out);
        else out.complete = false;
      }
      continue;
    }
    if (key === '$or' && Array.isArray(value)) {
      const or = orCondition(value, params);
      if (or) out.ors.push(or);
      else out.complete = false;
      continue;
    }
    if (key.startsWith('$') || !keyablePath(key)) {
      out.complete = false;
      continue;
    }
    if (!fieldConditions(key, value, params, out.conditions)) out.complete = false;
  }
}

/** An `$or` whose every branch is decided in SQL, or null. */
function orCondition(branches: unknown[], params: Params): OrCondition | null {
  if (branches.length === 0) return null;
  const sqls: string[] = [];
  const paths = new Set<string>();
  for (const branch of branches) {
    if (!isPlainObject(branch)) return null;
    const inner: Pushdown = { params: params.values, conditions: [], ors: [], complete: true, pinned: null };
    translate(branch, params, inner);
    if (!inner.complete) return null;
    const terms = [...inner.conditions.map((c) => c.sql), ...inner.ors.map((o) => o.sql)];
    for (const c of inner.conditions) paths.add(c.path);
    for (const o of inner.ors) for (const p of o.paths) paths.add(p);
    sqls.push(terms.length > 0 ? terms.join(' AND ') : '1');
  }
  return { sql: `(${sqls.map((s) => `(${s})`).join(' OR ')})`, paths: [...paths] };
}

/**
 * Conditions of one field (`{path: value}` or `{path: {$op: ...}}`), appended to `into`.
 * False when some part of it is left to mingo.
 */
function fieldConditions(path: string, value: unknown, params: Params, into: Condition[]): boolean {
  const k = keyExpr(path);
  if (!isOperatorObject(value)) {
    const sql = equality(k, value, params);
    if (sql === undefined) return false;
    into.push({ path, sql, kind: sql === '0' ? 'other' : 'eq' });
    return true;
  }
  let complete = true;
  const ranges: Array<[string, unknown]> = [];
  for (const [op, arg] of Object.entries(value)) {
    let condition: Condition | null | undefined;
    if (op === '$eq') {
      const sql = equality(k, arg, params);
      condition = sql === undefined ? undefined : { path, sql, kind: sql === '0' ? 'other' : 'eq' };
    } else if (op === '$ne') {
      const key = keyOf(arg);
      // An embedded document or array differs from every scalar: no condition.
      condition =
        key === undefined
          ? undefined
          : key === NO_KEY
            ? null
            : { path, sql: `${k} <> ${params.key(key)}`, kind: 'other' };
    } else if (op === '$in' || op === '$nin') {
      condition = membership(path, k, op === '$in', arg, params);
    } else if (op in RANGE_SQL) {
      ranges.push([RANGE_SQL[op] as string, arg]);
      continue;
    } else if (op === '$exists') {
      const test = `json_type(doc, '${jsonPath(path) as string}') IS ${arg ? 'NOT NULL' : 'NULL'}`;
      condition = { path, sql: test, kind: 'other' };
    }
    if (condition === undefined) complete = false;
    else if (condition) into.push(condition);
  }
  if (ranges.length > 0) {
    const condition = range(path, k, ranges, params);
    if (condition.complete === false) complete = false;
    if (condition.sql)
      into.push({ path, sql: condition.sql, kind: condition.sql === '0' ? 'other' : 'range' });
  }
  return complete;
}

/** `{path: value}`: SQL, '0' when no non-special row can be equal, undefined when left to mingo. */
function equality(k: string, value: unknown, params: Params): string | undefined {
  const key = keyOf(value);
  if (key === undefined) return undefined;
  if (key === NO_KEY) return '0';
  return `${k} = ${params.key(key)}`;
}

function membership(
  path: string,
  k: string,
  isIn: boolean,
  arg: unknown,
  params: Params,
): Condition | null | undefined {
  if (!Array.isArray(arg)) return undefined;
  const keys = arg.map(keyOf);
  if (keys.some((key) => key === undefined)) return undefined;
  const scalars = keys.filter((key): key is KeyValue => key !== NO_KEY);
  if (scalars.length === 0) return isIn ? { path, sql: '0', kind: 'other' } : null;
  const list = scalars.map((key) => params.key(key)).join(', ');
  if (!isIn) return { path, sql: `${k} NOT IN (${list})`, kind: 'other' };
  return {
    path,
    sql: scalars.length === 1 ? `${k} = ${list}` : `${k} IN (${list})`,
    kind: scalars.length === 1 ? 'eq' : 'in',
  };
}

/**
 * The range conditions of one path (`$gt/$gte/$lt/$lte`) as one SQL range within the bounds' type
 * bracket (MongoDB compares only values of the same type): the bounds given, and the bracket's own
 * limit only on a side without one — SQLite seeks with one lower and one upper bound, and a bracket
 * limit next to a real bound could be the one it picks. Bounds of different brackets match no
 * regular row ('0'); bounds SQL cannot compare (null, booleans, regular expressions, ...) are
 * left to mingo (`complete: false`).
 */
function range(
  path: string,
  k: string,
  bounds: Array<[string, unknown]>,
  params: Params,
): { sql: string | null; complete: boolean } {
  const usable = bounds.filter(
    ([, bound]) => bracketOf(bound) !== undefined && (typeof bound !== 'string' || textRangeSafe(bound)),
  );
  const complete = usable.length === bounds.length;
  if (usable.length === 0) return { sql: null, complete };
  const brackets = new Set(usable.map(([, bound]) => bracketOf(bound)));
  if (brackets.size > 1) return { sql: '0', complete };
  const b = BRACKETS[[...brackets][0] as keyof typeof BRACKETS];
  const terms = usable.map(([sql, bound]) => `${k} ${sql} ${params.key(keyOf(bound) as KeyValue)}`);
  if (!usable.some(([sql]) => sql.startsWith('>')))
    terms.push(`${k} ${b.lowInclusive ? '>=' : '>'} ${b.low}`);
  if (!usable.some(([sql]) => sql.startsWith('<'))) terms.push(`${k} < ${b.high}`);
  return { sql: terms.join(' AND '), complete };
}

// ---------------------------------------------------------------------------------------------
// _id pinned by the typed key column

function idable(v: unknown): boolean {
  return (
    typeof v === 'string' ||
    (typeof v === 'number' && Number.isFinite(v)) ||
    (typeof v === 'object' && v !== null && (v as { _bsontype?: unknown })._bsontype === 'ObjectId')
  );
}

function pinnedIds(filter: Filter, params: Params): Pinned | null {
  const value = filter._id;
  if (value === undefined) return null;
  let ids: unknown[];
  let exact: boolean;
  if (!isOperatorObject(value)) {
    if (!idable(value)) return null;
    ids = [value];
    exact = true;
  } else if (idable(value.$eq)) {
    ids = [value.$eq];
    exact = Object.keys(value).length === 1;
  } else if (
    Array.isArray(value.$in) &&
    value.$in.length > 0 &&
    value.$in.length <= MAX_PINNED_IDS &&
    value.$in.every(idable)
  ) {
    ids = value.$in;
    exact = Object.keys(value).length === 1;
  } else {
    return null;
  }
  const keys = ids.map((id) => params.add(idKey(id as string)));
  let residual = filter;
  if (exact) {
    const { _id: _decided, ...rest } = filter;
    residual = rest;
  }
  return {
    where: keys.length === 1 ? ` WHERE id = ${keys[0]}` : ` WHERE id IN (${keys.join(', ')})`,
    residual,
    exact: Object.keys(residual).length === 0,
  };
}
