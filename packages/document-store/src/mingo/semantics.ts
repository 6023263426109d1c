/**
 * MongoDB query, update, projection and aggregation semantics on top of mingo, for the SQLite
 * engine and the MongoDB engine's emulation mode, plus what mingo lacks or does differently:
 * - one operator context with scripts disabled ($where/$function/$accumulator never run even if
 *   the guard were bypassed);
 * - `$type` that knows ObjectId and tells int from double the way the BSON serializer stores JS
 *   numbers (int32 range integers are "int", everything else "double");
 * - `$sort` (aggregation) with MongoDB's type order (bson-order.ts);
 * - `$setOnInsert` (split off and applied only when an upsert inserts);
 * - regular expressions in linear time, never through a JavaScript RegExp (regex.ts).
 * Errors thrown by mingo become StoreErrors (BAD_QUERY / BAD_UPDATE), never 500s.
 */
import { Context } from 'mingo';
import { Aggregator } from 'mingo/aggregator';
import { Lazy } from 'mingo/lazy';
import type { Iterator } from 'mingo/lazy';
import * as accumulatorOperators from 'mingo/operators/accumulator';
import * as expressionOperators from 'mingo/operators/expression';
import * as updateOperators from 'mingo/operators/update';
import * as pipelineOperators from 'mingo/operators/pipeline';
import * as projectionOperators from 'mingo/operators/projection';
import * as queryOperators from 'mingo/operators/query';
import * as windowOperators from 'mingo/operators/window';
import { Query } from 'mingo/query';
import type { AnyObject, Options } from 'mingo/types';
import { updateOne } from 'mingo/updater';
import type { Modifier, PipelineStage } from 'mingo/updater';
import { resolve } from 'mingo/util';
import { isObjectId, isPlainObject, isRegexValue } from '../bson-values.js';
import { StoreError } from '../document-store.js';
import { LinearRegex, RegexBudget, withRegexBudget } from '../linear-regex.js';
import type { Document, Filter, Projection, SortSpec, Update } from '../document-store.js';
import { compareBson, sortDocuments } from './bson-order.js';
import { numericExpr } from './numeric-expr.js';
import { precompileOptions } from './compute-options.js';
import {
  $all,
  $linearRegex,
  $regexFind,
  $regexFindAll,
  $regexMatch,
  linearFilter,
  linearPipeline,
  linearUpdate,
  regexIn,
} from './regex.js';
import { applySimpleUpdate } from './simple-update.js';
import { topLevelProjector } from './top-level-projection.js';

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

const isInt32 = (v: unknown): boolean =>
  typeof v === 'number' && Number.isInteger(v) && v >= INT32_MIN && v <= INT32_MAX;

const TYPE_TESTS: Record<string, (v: unknown) => boolean> = {
  double: (v) => typeof v === 'number' && !isInt32(v),
  string: (v) => typeof v === 'string',
  object: (v) => isPlainObject(v),
  array: (v) => Array.isArray(v),
  objectId: (v) => isObjectId(v),
  bool: (v) => typeof v === 'boolean',
  date: (v) => v instanceof Date,
  null: (v) => v === null,
  regex: isRegexValue,
  int: isInt32,
  long: () => false,
  decimal: () => false,
  number: (v) => typeof v === 'number',
};
const TYPE_NUMBERS: Record<number, string> = {
  1: 'double',
  2: 'string',
  3: 'object',
  4: 'array',
  7: 'objectId',
  8: 'bool',
  9: 'date',
  10: 'null',
  11: 'regex',
  16: 'int',
  18: 'long',
  19: 'decimal',
};

function typeMatches(value: unknown, type: unknown): boolean {
  const name = typeof type === 'number' ? TYPE_NUMBERS[type] : type;
  const test = typeof name === 'string' ? TYPE_TESTS[name] : undefined;
  if (!test) return false;
  if (test(value)) return true;
  return Array.isArray(value) && name !== 'array' && value.some((item) => test(item));
}

function $type(selector: string, value: unknown, _options: Options): (obj: AnyObject) => boolean {
  const types = Array.isArray(value) ? value : [value];
  return (obj) => {
    const v = resolve(obj, selector, { unwrapArray: true });
    return v !== undefined && types.some((t) => typeMatches(v, t));
  };
}

/**
 * Embedded-document equality is field-order sensitive in MongoDB (`{a: {x: 1, y: 2}}` does not
 * match `{a: {y: 2, x: 1}}`); mingo ignores the order. These wrappers add the ordered check
 * whenever the compared value contains an object.
 */
type QueryPredicate = (obj: AnyObject) => boolean;

const containsObject = (v: unknown): boolean =>
  isPlainObject(v) || (Array.isArray(v) && v.some(containsObject));

function orderedEqual(obj: AnyObject, selector: string, value: unknown): boolean {
  const resolved: unknown = resolve(obj, selector, { unwrapArray: true });
  const candidates = Array.isArray(resolved) ? [resolved, ...resolved] : [resolved];
  return candidates.some((v) => compareBson(v, value) === 0);
}

function $eq(selector: string, value: unknown, options: Options): QueryPredicate {
  const base = queryOperators.$eq(selector, value, options);
  if (!containsObject(value)) return base;
  return (obj) => base(obj) && orderedEqual(obj, selector, value);
}

function $ne(selector: string, value: unknown, options: Options): QueryPredicate {
  const eq = $eq(selector, value, options);
  return (obj) => !eq(obj);
}

function $in(selector: string, values: unknown, options: Options): QueryPredicate {
  if (!Array.isArray(values)) return queryOperators.$in(selector, values, options);
  const regexes = values.filter((v): v is LinearRegex => v instanceof LinearRegex);
  if (regexes.length > 0) {
    const literals = values.filter((v) => !(v instanceof LinearRegex));
    const matches = regexIn(selector, regexes);
    if (literals.length === 0) return matches;
    const equals = $in(selector, literals, options);
    return (obj) => equals(obj) || matches(obj);
  }
  if (!values.some(containsObject)) return queryOperators.$in(selector, values, options);
  const each = values.map((v) => $eq(selector, v, options));
  return (obj) => each.some((p) => p(obj));
}

function $nin(selector: string, values: unknown, options: Options): QueryPredicate {
  const inside = $in(selector, values, options);
  return (obj) => !inside(obj);
}

function $sort(collection: Iterator, sortKeys: AnyObject, _options: Options): Iterator {
  return collection.transform((docs) => Lazy(sortDocuments(docs as Document[], sortKeys as SortSpec)));
}

const CONTEXT = Context.init({
  accumulator: accumulatorOperators,
  expression: { ...expressionOperators, $regexMatch, $regexFind, $regexFindAll },
  pipeline: { ...pipelineOperators, $sort },
  projection: projectionOperators,
  query: { ...queryOperators, $type, $eq, $ne, $in, $nin, $all, $linearRegex },
  window: windowOperators,
});

function options(extra?: Partial<Options>): Partial<Options> {
  return { context: CONTEXT, scriptEnabled: false, idKey: '_id', ...extra };
}

/**
 * Initialised once for queries, projections and update operators (see compute-options.ts).
 * Aggregations keep plain options: some stages add operators to their context at run time, so
 * each aggregation gets its own copy.
 */
const PRECOMPILED = precompileOptions(options());

type UpdateOperator = (
  expr: unknown,
  arrayFilters: unknown[],
  options: unknown,
) => (obj: AnyObject) => string[];
const UPDATE_OPERATORS = updateOperators as unknown as Record<string, UpdateOperator | undefined>;

function wrap<T>(code: 'BAD_QUERY' | 'BAD_UPDATE', fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof StoreError) throw err;
    throw new StoreError(code, err instanceof Error ? err.message : String(err));
  }
}

export type Matcher = (doc: Document) => boolean;

/** Compiles a (guard-checked) filter to a predicate. An empty filter matches everything. */
export function compileFilter(filter: Filter): Matcher {
  if (Object.keys(filter).length === 0) return () => true;
  const direct = numericExpr(filter);
  if (!direct) return matchWithMingo(filter);
  // Numeric $expr (numeric-expr.ts): mingo only for documents the direct path leaves to it.
  let mingo: Matcher | undefined;
  return (doc) => direct(doc) ?? (mingo ??= matchWithMingo(filter))(doc);
}

/** mingo's own matching (what the direct paths are tested against). */
export function matchWithMingo(filter: Filter): Matcher {
  const query = wrap('BAD_QUERY', () => new Query(linearFilter(filter), PRECOMPILED.shared));
  // One time budget for the regular expressions of every document this matcher tests.
  const budget = new RegexBudget();
  return (doc) => wrap('BAD_QUERY', () => withRegexBudget(budget, () => query.test(doc)));
}

/** Applies an inclusion/exclusion projection (MongoDB rules; `_id` included unless excluded). */
export function project(docs: Document[], projection: Projection | undefined): Document[] {
  if (!projection || docs.length === 0) return docs;
  const direct = topLevelProjector(projection);
  if (!direct) return projectWithMingo(docs, projection);
  return docs.map(direct).map(idFirst);
}

/** mingo's own projection (everything but top-level fields; the reference the fast path is tested against). */
export function projectWithMingo(docs: Document[], projection: Projection): Document[] {
  const projected = wrap('BAD_QUERY', () =>
    new Query({}, PRECOMPILED.shared).find<Document>(docs, projection).all(),
  );
  return projected.map(idFirst);
}

/** mingo appends _id last; MongoDB keeps it first. */
const idFirst = (doc: Document): Document => ('_id' in doc ? { _id: doc._id, ...doc } : doc);

export interface SplitUpdate {
  /** The update without $setOnInsert (null when nothing remains: matched documents stay as they are). */
  modifier: Update | null;
  /** $setOnInsert fields, applied only when an upsert inserts. */
  setOnInsert: Record<string, unknown>;
}

export function splitUpdate(update: Update): SplitUpdate {
  if (Array.isArray(update)) return { modifier: update, setOnInsert: {} };
  const { $setOnInsert, ...rest } = update;
  return {
    modifier: Object.keys(rest).length > 0 ? rest : null,
    setOnInsert: isPlainObject($setOnInsert) ? $setOnInsert : {},
  };
}

function hasPositional(update: Update): boolean {
  if (Array.isArray(update)) return false;
  return Object.values(update).some(
    (arg) => isPlainObject(arg) && Object.keys(arg).some((path) => path.split('.').includes('$')),
  );
}

/**
 * Applies an update to a document (mutating and returning it, or returning the replacement a
 * pipeline produced). `filter` is needed only for the positional `$` operator.
 */
export function applyUpdate(doc: Document, update: Update, filter: Filter): Document {
  return wrap('BAD_UPDATE', () =>
    withRegexBudget(new RegexBudget(), () => applyLinearUpdate(doc, linearUpdate(update), filter)),
  );
}

function applyLinearUpdate(doc: Document, update: Update, filter: Filter): Document {
  const positional = hasPositional(update);
  const condition = positional ? linearFilter(filter) : {};
  if (!Array.isArray(update)) {
    if (!positional && applySimpleUpdate(doc, update)) return doc;
    const applied = applyOperators(doc, update, condition);
    if (applied) return applied;
  }
  return updateWithUpdater(doc, update, condition);
}

/**
 * mingo's own `updateOne` (update pipelines; the reference the direct paths are tested
 * against). `condition` matters only for the positional `$` operator.
 */
export function applyUpdateWithUpdater(doc: Document, update: Update, condition: Filter): Document {
  return wrap('BAD_UPDATE', () =>
    withRegexBudget(new RegexBudget(), () =>
      updateWithUpdater(doc, linearUpdate(update), linearFilter(condition)),
    ),
  );
}

function updateWithUpdater(doc: Document, update: Update, condition: Filter): Document {
  const docs: Document[] = [doc];
  updateOne(
    docs,
    condition,
    update as Modifier<Document> | PipelineStage[],
    { cloneMode: 'copy' },
    options(),
  );
  return docs[0] as Document;
}

/**
 * What `mingo/updater`'s updateOne does for an operator update of one document, minus its two
 * copies of the operator tables: the operators of `mingo/operators/update`, built in the
 * update's key order against options holding the same locals, then applied in that order. A
 * document the (positional) condition does not match stays as it is, as there. Null when the
 * precompiled options are not available (the caller then uses updateOne itself).
 */
function applyOperators(doc: Document, update: Record<string, unknown>, condition: Filter): Document | null {
  const opts = PRECOMPILED.fresh({ condition, updateConfig: { cloneMode: 'copy' } });
  if (!opts) return null;
  if (Object.keys(condition).length > 0 && !new Query(condition, opts as Partial<Options>).test(doc))
    return doc;
  const mutations: ((obj: AnyObject) => string[])[] = [];
  for (const op of Object.keys(update)) {
    const operator = UPDATE_OPERATORS[op];
    if (!operator) throw new StoreError('BAD_UPDATE', `Unknown update operator: '${op}'.`);
    mutations.push(operator(update[op], [], opts));
  }
  for (const mutate of mutations) mutate(doc);
  return doc;
}

/** Runs an aggregation pipeline over documents; `resolveCollection` serves $lookup/$unionWith. */
export function runPipeline(
  docs: Document[],
  pipeline: Document[],
  resolveCollection: (name: string) => Document[],
): Document[] {
  return wrap('BAD_QUERY', () =>
    withRegexBudget(new RegexBudget(), () =>
      new Aggregator(
        linearPipeline(pipeline),
        options({ collectionResolver: (name: string) => resolveCollection(name) }),
      ).run<Document>(docs),
    ),
  );
}
