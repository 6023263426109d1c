/**
 * Regular expressions in mingo without JavaScript RegExp (linear-regex.ts says why).
 *
 * mingo turns patterns into RegExps in three places: its filter normaliser (`{$regex, $options}`
 * and a RegExp literal), its deep copy of every filter (a RegExp is copied with `new RegExp`),
 * and its `$regexMatch` / `$regexFind` / `$regexFindAll` expressions. So:
 * - before mingo sees a filter, an update's `$pull` conditions or a pipeline's `$match`,
 *   `linearFilter` / `linearUpdate` / `linearPipeline` rewrite every pattern in query position into
 *   `{$linearRegex: LinearRegex}`, an operator only this layer registers (the query guard refuses
 *   it from callers), and patterns inside `$in` / `$nin` / `$all` into LinearRegex values, which
 *   the operators below test; a LinearRegex is no RegExp and no plain object, so mingo's copy and
 *   normaliser leave it alone;
 * - the three expression operators are replaced by ones that compile with LinearRegex.
 * The rewrite returns its input unchanged when it holds no pattern (the hot path pays one walk).
 */
import { evalExpr } from 'mingo/core';
import * as queryOperators from 'mingo/operators/query';
import type { AnyObject, Options } from 'mingo/types';
import { resolve } from 'mingo/util';
import { isOperatorObject, isPlainObject, isRegexValue } from '../bson-values.js';
import { StoreError } from '../document-store.js';
import type { Document, Filter, Update } from '../document-store.js';
import { compileInQuery, LinearRegex } from '../linear-regex.js';
import type { RegexMatch } from '../linear-regex.js';

export const LINEAR_REGEX_OPERATOR = '$linearRegex';

type QueryPredicate = (obj: AnyObject) => boolean;

function bad(message: string): never {
  throw new StoreError('BAD_QUERY', message);
}

// ---------------------------------------------------------------------------------------------
// Rewriting

/** A copy of `obj` with `key` set (own property even for `__proto__`). */
function withKey(obj: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(obj)) define(out, k, obj[k]);
  define(out, key, value);
  return out;
}

function define(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

/** `fn` over an array's items; the same array when nothing changed. */
function mapItems(value: unknown, fn: (item: unknown) => unknown): unknown {
  if (!Array.isArray(value)) return value;
  let out: unknown[] | null = null;
  value.forEach((item, i) => {
    const next = fn(item);
    if (next !== item) (out ??= value.slice())[i] = next;
  });
  return out ?? value;
}

/** `fn` over an object's entries; the same object when nothing changed. */
function mapEntries(
  obj: Record<string, unknown>,
  fn: (key: string, value: unknown) => unknown,
): Record<string, unknown> {
  let out = obj;
  for (const key of Object.keys(obj)) {
    const value = obj[key];
    const next = fn(key, value);
    if (next !== value) out = withKey(out, key, next);
  }
  return out;
}

/** A filter whose patterns mingo evaluates in linear time (see the header). */
export function linearFilter(filter: Filter): Filter {
  return mapEntries(filter, (key, value) => {
    if (key === '$and' || key === '$or' || key === '$nor')
      return mapItems(value, (branch) => (isPlainObject(branch) ? linearFilter(branch) : branch));
    if (key.startsWith('$')) return value; // $expr: the expression operators below
    return linearCondition(value);
  });
}

function linearCondition(value: unknown): unknown {
  if (isRegexValue(value)) return { [LINEAR_REGEX_OPERATOR]: LinearRegex.from(value) };
  if (!isOperatorObject(value)) return value;
  if ('$regex' in value) {
    const { $regex: pattern, $options: options, ...rest } = value;
    return linearCondition({ ...rest, [LINEAR_REGEX_OPERATOR]: LinearRegex.from(pattern, options) });
  }
  return mapEntries(value, (op, arg) => {
    switch (op) {
      case '$not':
        return isRegexValue(arg) ? { [LINEAR_REGEX_OPERATOR]: LinearRegex.from(arg) } : linearCondition(arg);
      case '$elemMatch':
        if (isOperatorObject(arg)) return linearCondition(arg);
        return isPlainObject(arg) ? linearFilter(arg) : arg;
      case '$in':
      case '$nin':
        return mapItems(arg, (item) => (isRegexValue(item) ? LinearRegex.from(item) : item));
      case '$all':
        return mapItems(arg, (item) =>
          isRegexValue(item) ? LinearRegex.from(item) : isOperatorObject(item) ? linearCondition(item) : item,
        );
      default:
        return arg;
    }
  });
}

/** An update whose `$pull` conditions mingo evaluates in linear time. */
export function linearUpdate(update: Update): Update {
  if (Array.isArray(update) || !isPlainObject(update.$pull)) return update;
  const pull = mapEntries(update.$pull, (_path, spec) =>
    isPlainObject(spec) && !isOperatorObject(spec) ? linearFilter(spec) : linearCondition(spec),
  );
  return pull === update.$pull ? update : withKey(update, '$pull', pull);
}

/** A pipeline whose `$match` stages (at any depth) mingo evaluates in linear time. */
export function linearPipeline(pipeline: Document[]): Document[] {
  return mapItems(pipeline, (stage) => {
    if (!isPlainObject(stage)) return stage;
    return mapEntries(stage, (name, arg) => {
      if (!isPlainObject(arg)) return arg;
      switch (name) {
        case '$match':
          return linearFilter(arg);
        case '$lookup':
        case '$unionWith':
          return mapEntries(arg, (k, v) => (k === 'pipeline' ? linearPipeline(v as Document[]) : v));
        case '$graphLookup':
          return mapEntries(arg, (k, v) =>
            k === 'restrictSearchWithMatch' && isPlainObject(v) ? linearFilter(v) : v,
          );
        case '$facet':
          return mapEntries(arg, (_k, v) => linearPipeline(v as Document[]));
        default:
          return arg;
      }
    });
  }) as Document[];
}

// ---------------------------------------------------------------------------------------------
// Query operators

const isString = (v: unknown): v is string => typeof v === 'string';

/** `{field: {$linearRegex: re}}`: mingo's `$regex` rules (strings, in arrays one level deep). */
export function $linearRegex(selector: string, value: unknown, _options: Options): QueryPredicate {
  if (!(value instanceof LinearRegex)) bad(`unknown operator ${LINEAR_REGEX_OPERATOR}`);
  return (obj) => {
    const resolved: unknown = resolve(obj, selector, { unwrapArray: true });
    const values = Array.isArray(resolved) ? resolved : [resolved];
    return values.some(
      (v) =>
        (isString(v) && value.test(v)) || (Array.isArray(v) && v.some((x) => isString(x) && value.test(x))),
    );
  };
}

/** The `$in` part for patterns: mingo's rule (a string of the value, or of the array, matches). */
export function regexIn(selector: string, regexes: LinearRegex[]): QueryPredicate {
  return (obj) => {
    const resolved: unknown = resolve(obj, selector, { unwrapArray: true });
    if (resolved === null || resolved === undefined) return false;
    const values = Array.isArray(resolved) ? resolved : [resolved];
    return values.some((v) => isString(v) && regexes.some((re) => re.test(v)));
  };
}

/** `$all` with patterns: mingo's rule (an array of which some string matches each pattern). */
export function $all(selector: string, items: unknown, options: Options): QueryPredicate {
  if (!Array.isArray(items) || !items.some((i) => i instanceof LinearRegex))
    return queryOperators.$all(selector, items, options);
  const regexes = items.filter((i): i is LinearRegex => i instanceof LinearRegex);
  const rest = items.filter((i) => !(i instanceof LinearRegex));
  const others = rest.length > 0 ? queryOperators.$all(selector, rest, options) : null;
  return (obj) => {
    const resolved: unknown = resolve(obj, selector, { unwrapArray: true });
    if (!Array.isArray(resolved) || resolved.length === 0) return false;
    return regexes.every((re) => resolved.some((v) => isString(v) && re.test(v))) && (others?.(obj) ?? true);
  };
}

// ---------------------------------------------------------------------------------------------
// Expression operators

function regexOf(regex: unknown, options: unknown, name: string): LinearRegex {
  if (typeof regex !== 'string' && !isRegexValue(regex))
    bad(`${name} needs "regex" to be a string or a regular expression`);
  return compileInQuery(regex, options, name);
}

function search(obj: AnyObject, expr: unknown, options: Options, name: string, all: boolean): RegexMatch[] {
  const args: unknown = evalExpr(obj, expr, options);
  if (!isPlainObject(args)) bad(`${name} needs an object {input, regex, options}`);
  const re = regexOf(args.regex, args.options, name);
  return isString(args.input) ? re.find(args.input, all) : [];
}

export function $regexMatch(obj: AnyObject, expr: unknown, options: Options): boolean {
  return search(obj, expr, options, '$regexMatch', false).length > 0;
}

export function $regexFind(obj: AnyObject, expr: unknown, options: Options): RegexMatch | null {
  return search(obj, expr, options, '$regexFind', false)[0] ?? null;
}

export function $regexFindAll(obj: AnyObject, expr: unknown, options: Options): RegexMatch[] {
  return search(obj, expr, options, '$regexFindAll', true);
}
