/**
 * The query guard: validates everything a caller hands the DocumentStore port before an engine
 * sees it. The service layer calls it to answer 400s early; both engines call it again
 * defensively, so a bug in a service can never run code or reach another database.
 *
 * It refuses, with a StoreError:
 * - operators that run code or reach other databases ($where, $function, $accumulator, $eval,
 *   $out, $merge, `$lookup`/`$unionWith` naming another database, server-wide stages such as
 *   $currentOp) → 'FORBIDDEN_OPERATOR';
 * - filters that are not objects, unknown operators, malformed operands, regular expressions
 *   outside RE2's syntax or over its size caps (linear-regex.ts) → 'BAD_QUERY';
 * - malformed updates (no operators, unknown operators, conflicting paths) → 'BAD_UPDATE';
 * - documents with `$`-prefixed or dotted keys, NUL in keys, values outside JSON + ObjectId +
 *   Date → 'BAD_DOCUMENT'; documents larger than `maxDocumentBytes` → 'DOCUMENT_TOO_LARGE';
 * - nesting deeper than `maxDepth` (documents, filters, updates, pipelines) → 'TOO_DEEP';
 * - invalid database or collection names → 'BAD_NAME'.
 *
 * Why stored keys may not start with `$` or contain `.`: MongoDB 5+ stores such keys but cannot
 * query or update them unambiguously, and FerretDB refuses them outright. One rule on both engines
 * keeps data portable. Data that needs such keys (stored script filters) goes through
 * `escapeDollarKeys` / `unescapeDollarKeys` (escape-keys.ts).
 */
import { ObjectId } from 'bson';
import { bsonSize } from './bson-size.js';
import {
  describeType,
  isObjectId,
  isOperatorObject,
  isPlainObject,
  isRegexValue,
  isValidDate,
  isWellFormedString,
  toObjectId,
} from './bson-values.js';
import { StoreError } from './document-store.js';
import type { Document, DocumentId, Filter, Projection, SortSpec, Update } from './document-store.js';
import { checkRegex } from './linear-regex.js';

export interface StoreLimits {
  /** Largest document accepted, as BSON bytes. Default 1 MiB (MongoDB's own cap is 16 MiB). */
  maxDocumentBytes: number;
  /** Deepest nesting of objects/arrays in documents, filters, updates and pipelines. Default 64. */
  maxDepth: number;
}

export const DEFAULT_STORE_LIMITS: Readonly<StoreLimits> = Object.freeze({
  maxDocumentBytes: 1024 * 1024,
  maxDepth: 64,
});

// ---------------------------------------------------------------------------------------------
// Names

const DATABASE_NAME = /^[a-z0-9_]{1,63}$/;

/** Database names: `[a-z0-9_]{1,63}` (safe as a file name and as a MongoDB/FerretDB name). */
export function checkDatabaseName(name: unknown): string {
  if (typeof name !== 'string' || !DATABASE_NAME.test(name)) {
    throw new StoreError('BAD_NAME', 'database name must match [a-z0-9_]{1,63}');
  }
  return name;
}

export const MAX_COLLECTION_NAME_LENGTH = 120;

/** Collections under this prefix are the engines' own. */
export const ENGINE_PREFIX = '_cella_';

/**
 * Collection names: 1–120 characters, no `$`, no NUL, not starting with `.` or `system.`, valid
 * Unicode. The intersection of MongoDB's and FerretDB's rules. Names starting with `_cella_` are
 * the engines' own (the MongoDB engine keeps a database's change log under them).
 */
export function checkCollectionName(name: unknown): string {
  if (typeof name !== 'string' || name.length === 0 || name.length > MAX_COLLECTION_NAME_LENGTH) {
    throw new StoreError(
      'BAD_NAME',
      `collection name must be a string of 1 to ${MAX_COLLECTION_NAME_LENGTH} characters`,
    );
  }
  if (
    name.includes('$') ||
    name.includes('\0') ||
    name.startsWith('.') ||
    name.startsWith('system.') ||
    name.startsWith(ENGINE_PREFIX) ||
    !isWellFormedString(name)
  ) {
    throw new StoreError(
      'BAD_NAME',
      `collection name must not contain "$" or NUL, nor start with ".", "system." or "${ENGINE_PREFIX}"`,
    );
  }
  return name;
}

// ---------------------------------------------------------------------------------------------
// Operators

/** Operators that run code or write outside the caller's collection, refused wherever they appear. */
const FORBIDDEN_ANYWHERE = new Set(['$where', '$function', '$accumulator', '$eval', '$out', '$merge']);

const TOP_LEVEL_QUERY_OPS = new Set(['$and', '$or', '$nor', '$expr']);
/** The field-level query operators the port promises (docs/document-store.md). */
const FIELD_QUERY_OPS = new Set([
  '$eq',
  '$ne',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$in',
  '$nin',
  '$exists',
  '$type',
  '$regex',
  '$options',
  '$not',
  '$all',
  '$elemMatch',
  '$size',
  '$mod',
]);

const TYPE_ALIASES = new Set([
  'double',
  'string',
  'object',
  'array',
  'objectId',
  'bool',
  'date',
  'null',
  'int',
  'long',
  'decimal',
  'number',
  'regex',
  'binData',
  'undefined',
  'timestamp',
  'minKey',
  'maxKey',
  'javascript',
  'symbol',
  'dbPointer',
  'javascriptWithScope',
]);

export { MAX_REGEX_LENGTH } from './linear-regex.js';

function forbidden(op: string, where: string): never {
  throw new StoreError('FORBIDDEN_OPERATOR', `operator ${op} is not allowed${where ? ` (${where})` : ''}`);
}

function badQuery(message: string): never {
  throw new StoreError('BAD_QUERY', message);
}

function badUpdate(message: string): never {
  throw new StoreError('BAD_UPDATE', message);
}

function badDocument(message: string): never {
  throw new StoreError('BAD_DOCUMENT', message);
}

function tooDeep(limits: StoreLimits): never {
  throw new StoreError('TOO_DEEP', `nesting deeper than ${limits.maxDepth} levels`);
}

function checkKeyText(key: string, fail: (message: string) => never): void {
  if (key.includes('\0')) fail('keys must not contain NUL');
  if (!isWellFormedString(key)) fail('keys must be valid Unicode');
}

/** A dotted field path in a filter, sort or projection: non-empty parts, no NUL, not `$`-prefixed. */
function checkFieldPath(path: string, fail: (message: string) => never): void {
  checkKeyText(path, fail);
  if (path.length === 0) fail('empty field path');
  if (path.startsWith('$')) fail(`unknown operator ${path}`);
  for (const part of path.split('.')) if (part.length === 0) fail(`invalid field path "${path}"`);
}

// ---------------------------------------------------------------------------------------------
// Filters

/** Validates a filter; returns it unchanged. A filter that is not a plain object is a BAD_QUERY. */
export function checkFilter(filter: unknown, limits: StoreLimits = DEFAULT_STORE_LIMITS): Filter {
  if (!isPlainObject(filter)) badQuery(`filter must be an object, not ${describeType(filter)}`);
  checkQuery(filter, 1, limits);
  return filter;
}

function checkQuery(query: Record<string, unknown>, depth: number, limits: StoreLimits): void {
  if (depth > limits.maxDepth) tooDeep(limits);
  for (const [key, value] of Object.entries(query)) {
    if (key.startsWith('$')) {
      if (FORBIDDEN_ANYWHERE.has(key)) forbidden(key, 'filter');
      if (!TOP_LEVEL_QUERY_OPS.has(key)) badQuery(`unknown top-level operator ${key}`);
      if (key === '$expr') {
        checkExpression(value, depth + 1, limits);
        continue;
      }
      if (!Array.isArray(value) || value.length === 0) badQuery(`${key} needs a non-empty array`);
      for (const branch of value) {
        if (!isPlainObject(branch)) badQuery(`${key} entries must be objects`);
        checkQuery(branch, depth + 2, limits);
      }
      continue;
    }
    checkFieldPath(key, badQuery);
    checkCondition(value, depth + 1, limits);
  }
}

function checkCondition(value: unknown, depth: number, limits: StoreLimits): void {
  if (depth > limits.maxDepth) tooDeep(limits);
  if (!isOperatorObject(value)) {
    if (isPlainObject(value) && Object.keys(value).some((k) => k.startsWith('$'))) {
      badQuery('an object mixes operators and field names');
    }
    checkQueryLiteral(value, depth, limits);
    return;
  }
  for (const [op, arg] of Object.entries(value)) {
    if (FORBIDDEN_ANYWHERE.has(op)) forbidden(op, 'filter');
    if (!FIELD_QUERY_OPS.has(op)) badQuery(`unknown operator ${op}`);
    switch (op) {
      case '$in':
      case '$nin':
      case '$all':
        if (!Array.isArray(arg)) badQuery(`${op} needs an array`);
        for (const item of arg) {
          if (op === '$all' && isOperatorObject(item)) checkCondition(item, depth + 2, limits);
          else checkQueryLiteral(item, depth + 2, limits);
        }
        break;
      case '$not':
        if (isRegexValue(arg)) checkRegex(arg);
        else if (isOperatorObject(arg)) checkCondition(arg, depth + 1, limits);
        else badQuery('$not needs an operator object or a regular expression');
        break;
      case '$elemMatch':
        if (!isPlainObject(arg)) badQuery('$elemMatch needs an object');
        if (isOperatorObject(arg)) checkCondition(arg, depth + 1, limits);
        else checkQuery(arg, depth + 1, limits);
        break;
      case '$exists':
        if (typeof arg !== 'boolean' && typeof arg !== 'number') badQuery('$exists needs a boolean');
        break;
      case '$type': {
        const types = Array.isArray(arg) ? arg : [arg];
        if (types.length === 0) badQuery('$type needs a type');
        for (const t of types) {
          if (
            !(typeof t === 'string' && TYPE_ALIASES.has(t)) &&
            !(typeof t === 'number' && Number.isInteger(t))
          ) {
            badQuery(`unknown $type ${String(t)}`);
          }
        }
        break;
      }
      case '$size':
        if (typeof arg !== 'number' || !Number.isInteger(arg) || arg < 0)
          badQuery('$size needs a non-negative integer');
        break;
      case '$mod':
        if (
          !Array.isArray(arg) ||
          arg.length !== 2 ||
          !arg.every((n) => typeof n === 'number' && Number.isFinite(n)) ||
          Math.trunc(arg[0] as number) === 0
        ) {
          badQuery('$mod needs [divisor, remainder] with a non-zero divisor');
        }
        break;
      case '$regex': {
        const options = value.$options;
        if (options !== undefined && typeof options !== 'string') badQuery('$options must be a string');
        if (typeof arg !== 'string' && !isRegexValue(arg)) badQuery('$regex needs a string');
        checkRegex(arg, options, '$regex');
        break;
      }
      case '$options':
        if (value.$regex === undefined) badQuery('$options needs $regex');
        break;
      default:
        checkQueryLiteral(arg, depth + 1, limits);
    }
  }
}

/** A literal compared against stored values: JSON, ObjectId, Date, RegExp; no `$` keys inside. */
function checkQueryLiteral(value: unknown, depth: number, limits: StoreLimits): void {
  if (depth > limits.maxDepth) tooDeep(limits);
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
      return;
    case 'undefined':
      badQuery('undefined is not a valid query value');
  }
  if (value === null || value instanceof Date || isObjectId(value)) return;
  if (isRegexValue(value)) {
    checkRegex(value);
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) checkQueryLiteral(item, depth + 1, limits);
    return;
  }
  if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (FORBIDDEN_ANYWHERE.has(key)) forbidden(key, 'filter');
      if (key.startsWith('$')) badQuery(`unknown operator ${key} inside a value`);
      checkKeyText(key, badQuery);
      checkQueryLiteral(item, depth + 1, limits);
    }
    return;
  }
  badQuery(`unsupported query value of type ${describeType(value)}`);
}

/**
 * Aggregation expressions ($expr, pipeline stages): not validated operator by operator (the
 * engine does that) but scanned for code-running operators at any depth, and for regular
 * expressions written out in `$regexMatch`/`$regexFind`/`$regexFindAll` (a pattern read from a
 * field can only be checked when the query runs).
 */
function checkExpression(value: unknown, depth: number, limits: StoreLimits): void {
  if (depth > limits.maxDepth) tooDeep(limits);
  if (Array.isArray(value)) {
    for (const item of value) checkExpression(item, depth + 1, limits);
    return;
  }
  if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (FORBIDDEN_ANYWHERE.has(key)) forbidden(key, 'expression');
      checkKeyText(key, badQuery);
      if (REGEX_EXPRESSIONS.has(key) && isPlainObject(item)) checkRegexArguments(key, item);
      checkExpression(item, depth + 1, limits);
    }
    return;
  }
  if (isRegexValue(value)) {
    checkRegex(value);
    return;
  }
  if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') {
    badQuery(`unsupported value of type ${typeof value}`);
  }
}

const REGEX_EXPRESSIONS = new Set(['$regexMatch', '$regexFind', '$regexFindAll']);

function checkRegexArguments(name: string, args: Record<string, unknown>): void {
  const { regex, options } = args;
  // A string starting with `$` names a field: its pattern or options are read from each document.
  const fromDocument = (v: unknown): boolean => typeof v === 'string' && v.startsWith('$');
  if (fromDocument(regex) || fromDocument(options)) return;
  if (isPlainObject(regex) || isPlainObject(options)) return; // an expression computes it
  if (typeof regex !== 'string' && !isRegexValue(regex)) badQuery(`${name} needs "regex" to be a string`);
  checkRegex(regex, options, name);
}

// ---------------------------------------------------------------------------------------------
// Find options

export interface CheckedFindOptions {
  sort: SortSpec | undefined;
  projection: Projection | undefined;
  skip: number;
  limit: number;
}

/** Validates sort, projection, skip and limit; absent or empty values become undefined / 0. */
export function checkFindOptions(options: unknown): CheckedFindOptions {
  if (options === undefined || options === null)
    return { sort: undefined, projection: undefined, skip: 0, limit: 0 };
  if (!isPlainObject(options)) badQuery('options must be an object');
  return {
    sort: checkSort(options.sort),
    projection: checkProjection(options.projection),
    skip: checkCount('skip', options.skip),
    limit: checkCount('limit', options.limit),
  };
}

/**
 * A read's `maxTimeMS`: a non-negative integer of milliseconds (at most an hour); undefined when
 * absent or 0 (the engine's default bound applies).
 */
export function checkMaxTimeMS(value: unknown): number | undefined {
  if (value === undefined || value === null || value === 0) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0 || value > MAX_TIME_MS)
    badQuery(`maxTimeMS must be an integer from 0 to ${MAX_TIME_MS} (milliseconds)`);
  return value;
}

/** The longest bound a read may ask for. */
export const MAX_TIME_MS = 3_600_000;

function checkCount(name: string, value: unknown): number {
  if (value === undefined || value === null) return 0;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    badQuery(`${name} must be a non-negative integer`);
  }
  return value;
}

export function checkSort(sort: unknown): SortSpec | undefined {
  if (sort === undefined || sort === null) return undefined;
  if (!isPlainObject(sort)) badQuery('sort must be an object of field: 1 | -1');
  const entries = Object.entries(sort);
  if (entries.length === 0) return undefined;
  if (entries.length > 32) badQuery('sort has more than 32 keys');
  for (const [path, direction] of entries) {
    checkFieldPath(path, badQuery);
    if (direction !== 1 && direction !== -1) badQuery(`sort direction for "${path}" must be 1 or -1`);
  }
  return sort as SortSpec;
}

export function checkProjection(projection: unknown): Projection | undefined {
  if (projection === undefined || projection === null) return undefined;
  if (!isPlainObject(projection)) badQuery('projection must be an object of field: 0 | 1');
  const entries = Object.entries(projection);
  if (entries.length === 0) return undefined;
  let include = false;
  let exclude = false;
  for (const [path, flag] of entries) {
    checkFieldPath(path, badQuery);
    if (flag !== 0 && flag !== 1 && flag !== true && flag !== false) {
      badQuery(`projection value for "${path}" must be 0, 1, true or false`);
    }
    if (path === '_id') continue;
    if (flag === 1 || flag === true) include = true;
    else exclude = true;
  }
  if (include && exclude) badQuery('projection cannot mix inclusion and exclusion (except for _id)');
  const paths = entries.map(([p]) => p).sort();
  for (let i = 1; i < paths.length; i++) {
    const prev = paths[i - 1] as string;
    const cur = paths[i] as string;
    if (cur.startsWith(`${prev}.`)) badQuery(`projection path collision at "${prev}"`);
  }
  return projection as Projection;
}

// ---------------------------------------------------------------------------------------------
// Updates

export const UPDATE_OPERATORS = new Set([
  '$set',
  '$unset',
  '$inc',
  '$mul',
  '$min',
  '$max',
  '$rename',
  '$push',
  '$addToSet',
  '$pull',
  '$pullAll',
  '$pop',
  '$currentDate',
  '$setOnInsert',
]);

const UPDATE_PIPELINE_STAGES = new Set([
  '$addFields',
  '$set',
  '$project',
  '$unset',
  '$replaceRoot',
  '$replaceWith',
]);

/** Validates an update: an object of update operators, or an update pipeline (array of stages). */
export function checkUpdate(update: unknown, limits: StoreLimits = DEFAULT_STORE_LIMITS): Update {
  if (Array.isArray(update)) {
    if (update.length === 0) badUpdate('update pipeline must not be empty');
    for (const stage of update) {
      if (!isPlainObject(stage)) badUpdate('update pipeline stages must be objects');
      const keys = Object.keys(stage);
      const name = keys[0];
      if (keys.length !== 1 || name === undefined) badUpdate('an update pipeline stage has exactly one key');
      if (FORBIDDEN_ANYWHERE.has(name)) forbidden(name, 'update pipeline');
      if (!UPDATE_PIPELINE_STAGES.has(name)) badUpdate(`stage ${name} is not allowed in an update pipeline`);
      checkExpression(stage[name], 2, limits);
    }
    return update as Update;
  }
  if (!isPlainObject(update)) badUpdate(`update must be an object of operators, not ${describeType(update)}`);
  const entries = Object.entries(update);
  if (entries.length === 0) badUpdate('update must not be empty');
  const targets: string[] = [];
  for (const [op, arg] of entries) {
    if (FORBIDDEN_ANYWHERE.has(op)) forbidden(op, 'update');
    if (!op.startsWith('$'))
      badUpdate('update document requires operators such as $set (use replaceOne to replace)');
    if (!UPDATE_OPERATORS.has(op)) badUpdate(`unknown update operator ${op}`);
    if (!isPlainObject(arg)) badUpdate(`${op} needs an object`);
    for (const [path, value] of Object.entries(arg)) {
      checkUpdatePath(path, op);
      targets.push(path);
      checkUpdateValue(op, path, value, limits);
      if (op === '$rename') targets.push(value as string);
    }
  }
  checkConflicts(targets);
  return update;
}

function checkUpdatePath(path: string, op: string): void {
  checkKeyText(path, badUpdate);
  const parts = path.split('.');
  parts.forEach((part, i) => {
    if (part.length === 0) badUpdate(`invalid path "${path}" in ${op}`);
    if (part.startsWith('$')) {
      if (i === 0) badUpdate(`invalid path "${path}" in ${op}`);
      if (part !== '$' && part !== '$[]')
        badUpdate(`positional operator ${part} is not supported (no arrayFilters)`);
      if (op === '$rename') badUpdate('$rename does not support positional paths');
    }
  });
}

function checkUpdateValue(op: string, path: string, value: unknown, limits: StoreLimits): void {
  switch (op) {
    case '$inc':
    case '$mul':
      if (typeof value !== 'number' || !Number.isFinite(value))
        badUpdate(`${op} on "${path}" needs a number`);
      return;
    case '$unset':
      return;
    case '$rename':
      if (typeof value !== 'string') badUpdate(`$rename target for "${path}" must be a string`);
      checkUpdatePath(value, op);
      if (value === path) badUpdate('$rename source and target must differ');
      return;
    case '$pop':
      if (value !== 1 && value !== -1) badUpdate(`$pop on "${path}" needs 1 or -1`);
      return;
    case '$currentDate':
      if (value === true) return;
      if (isPlainObject(value) && Object.keys(value).length === 1 && value.$type === 'date') return;
      badUpdate('$currentDate needs true or {$type: "date"} (timestamps are not supported)');
      return;
    case '$pull':
      if (isOperatorObject(value)) checkCondition(value, 3, limits);
      else if (isPlainObject(value)) checkQuery(value, 3, limits);
      else checkQueryLiteral(value, 3, limits);
      return;
    case '$pullAll':
      if (!Array.isArray(value)) badUpdate(`$pullAll on "${path}" needs an array`);
      checkStorableValue(value, 3, limits, path);
      return;
    case '$push':
    case '$addToSet':
      if (isPlainObject(value) && Object.keys(value).some((k) => k.startsWith('$'))) {
        checkEachModifier(op, path, value, limits);
        return;
      }
      checkStorableValue(value, 3, limits, path);
      return;
    default:
      // $set, $setOnInsert, $min, $max
      checkStorableValue(value, 3, limits, path);
  }
}

function checkEachModifier(
  op: string,
  path: string,
  value: Record<string, unknown>,
  limits: StoreLimits,
): void {
  const allowed = op === '$push' ? ['$each', '$slice', '$sort', '$position'] : ['$each'];
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) badUpdate(`${op} does not support modifier ${key}`);
  }
  if (!Array.isArray(value.$each)) badUpdate(`${op} on "${path}" needs $each with an array`);
  checkStorableValue(value.$each, 3, limits, path);
  if (value.$slice !== undefined && !(typeof value.$slice === 'number' && Number.isInteger(value.$slice))) {
    badUpdate('$slice needs an integer');
  }
  if (
    value.$position !== undefined &&
    !(typeof value.$position === 'number' && Number.isInteger(value.$position))
  ) {
    badUpdate('$position needs an integer');
  }
  const sort = value.$sort;
  if (sort !== undefined && sort !== 1 && sort !== -1) {
    if (!isPlainObject(sort) || Object.values(sort).some((d) => d !== 1 && d !== -1)) {
      badUpdate('$sort needs 1, -1 or an object of field: 1 | -1');
    }
  }
}

/** Two update paths conflict when they are equal or one is a prefix of the other (MongoDB rule). */
function checkConflicts(paths: string[]): void {
  const normalized = paths.map((p) => {
    const parts = p.split('.');
    const cut = parts.findIndex((part) => part.startsWith('$'));
    return (cut === -1 ? parts : parts.slice(0, cut)).join('.');
  });
  const sorted = [...normalized].sort();
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1] as string;
    const cur = sorted[i] as string;
    if (cur === prev || cur.startsWith(`${prev}.`)) {
      badUpdate(`updating the path "${cur}" would create a conflict at "${prev}"`);
    }
  }
}

/** Validates a replacement document (no operators; `_id`, if present, stays the same). */
export function checkReplacement(replacement: unknown): Document {
  if (!isPlainObject(replacement))
    badUpdate(`replacement must be an object, not ${describeType(replacement)}`);
  for (const key of Object.keys(replacement)) {
    if (key.startsWith('$')) badUpdate('replacement document must not contain update operators');
  }
  return replacement;
}

// ---------------------------------------------------------------------------------------------
// Stored documents

export interface PreparedDocument {
  doc: Document;
  size: number;
  /**
   * Which values of the document its stored JSON wraps (sqlite/codec.ts `encodeDocument`): 'none'
   * (no Date, no ObjectId), 'id' (an ObjectId `_id`, nothing else: most documents), or 'any'.
   */
  wrappers: JsonWrappers;
}

export type JsonWrappers = 'none' | 'id' | 'any';

/** What a copy walk noticed on its way (one per prepareDocument call). */
interface CopyState {
  /** Dates and ObjectIds met (the top level's `_id` among them). */
  wrapped: number;
}

/**
 * Validates a document to store and returns a normalised copy: `_id` first (a new ObjectId when
 * absent), properties whose value is `undefined` dropped (as the driver's ignoreUndefined does),
 * foreign ObjectIds converted. Throws BAD_DOCUMENT, TOO_DEEP or DOCUMENT_TOO_LARGE.
 */
export function prepareDocument(
  doc: unknown,
  limits: StoreLimits = DEFAULT_STORE_LIMITS,
  options: { generateId?: boolean } = {},
): PreparedDocument {
  if (!isPlainObject(doc)) badDocument(`a document must be an object, not ${describeType(doc)}`);
  const state: CopyState = { wrapped: 0 };
  const copy = copyObject(doc, 1, limits, '', state) as Document;
  let id = copy._id;
  let out: Document;
  if (id === undefined) {
    if (options.generateId === false) badDocument('document has no _id');
    id = new ObjectId();
    out = { _id: id, ...copy };
  } else {
    checkDocumentId(id);
    if (firstKey(copy) === '_id') {
      out = copy;
    } else {
      const { _id: _ignored, ...rest } = copy;
      out = { _id: id, ...rest };
    }
  }
  // The copy walk counted an ObjectId `_id` it met (not one generated here).
  const others = state.wrapped - (isObjectId(id) && copy._id !== undefined ? 1 : 0);
  const wrappers: JsonWrappers = others > 0 ? 'any' : isObjectId(id) ? 'id' : 'none';
  const size = bsonSize(out);
  if (size > limits.maxDocumentBytes) {
    throw new StoreError(
      'DOCUMENT_TOO_LARGE',
      `document is ${size} bytes; the limit is ${limits.maxDocumentBytes}`,
    );
  }
  return { doc: out, size, wrappers };
}

function firstKey(o: Record<string, unknown>): string | undefined {
  for (const key in o) return key;
  return undefined;
}

/** `_id` values the port supports: ObjectId, string or finite number (never arrays or objects). */
export function checkDocumentId(id: unknown): DocumentId {
  if (isObjectId(id) || typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id))) return id;
  badDocument(`_id must be an ObjectId, a string or a number, not ${describeType(id)}`);
}

function copyValue(
  value: unknown,
  depth: number,
  limits: StoreLimits,
  path: string,
  state: CopyState,
): unknown {
  switch (typeof value) {
    case 'string':
      if (!isWellFormedString(value)) badDocument(`string at "${path}" is not valid Unicode`);
      return value;
    case 'boolean':
      return value;
    case 'number':
      if (!Number.isFinite(value)) badDocument(`number at "${path}" is not finite`);
      return value === 0 ? 0 : value; // -0 is stored as 0 (FerretDB does the same)
    case 'object':
      if (value === null) return null;
      if (value instanceof Date) {
        if (!isValidDate(value)) badDocument(`invalid Date at "${path}"`);
        state.wrapped++;
        return new Date(value.getTime());
      }
      if (isObjectId(value)) {
        state.wrapped++;
        return toObjectId(value);
      }
      if (depth + 1 > limits.maxDepth) tooDeep(limits);
      if (Array.isArray(value)) {
        return value.map((item: unknown, i) => {
          if (item === undefined) badDocument(`undefined inside the array at "${path}"`);
          return copyValue(item, depth + 1, limits, `${path}.${i}`, state);
        });
      }
      if (isPlainObject(value)) return copyObject(value, depth + 1, limits, path, state);
      badDocument(`unsupported value of type ${describeType(value)} at "${path}"`);
      break;
    default:
      badDocument(`unsupported value of type ${typeof value} at "${path}"`);
  }
}

function copyObject(
  value: Record<string, unknown>,
  depth: number,
  limits: StoreLimits,
  path: string,
  state: CopyState,
): Record<string, unknown> {
  if (depth > limits.maxDepth) tooDeep(limits);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = value[key];
    if (item === undefined) continue;
    checkStoredKey(key, path);
    const copied = copyValue(item, depth, limits, path ? `${path}.${key}` : key, state);
    // A plain assignment to "__proto__" would set the prototype instead of a property.
    if (key === '__proto__') {
      Object.defineProperty(out, key, {
        value: copied,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else {
      out[key] = copied;
    }
  }
  return out;
}

function checkStoredKey(key: string, path: string): void {
  const where = path ? ` in "${path}"` : '';
  if (key.startsWith('$'))
    badDocument(`field names must not start with "$" ("${key}"${where}); see escapeDollarKeys`);
  if (key.includes('.'))
    badDocument(`field names must not contain "." ("${key}"${where}); see escapeDollarKeys`);
  if (key.includes('\0')) badDocument(`field names must not contain NUL${where}`);
  if (!isWellFormedString(key)) badDocument(`field name is not valid Unicode${where}`);
}

/** Values written by $set/$push/...: the same rules as stored documents. */
function checkStorableValue(value: unknown, depth: number, limits: StoreLimits, path: string): void {
  if (value === undefined) badDocument(`undefined value for "${path}"`);
  copyValue(value, depth, limits, path, { wrapped: 0 });
}

// ---------------------------------------------------------------------------------------------
// Aggregation pipelines

const ALLOWED_STAGES = new Set([
  '$match',
  '$project',
  '$addFields',
  '$set',
  '$unset',
  '$group',
  '$sort',
  '$limit',
  '$skip',
  '$unwind',
  '$count',
  '$facet',
  '$bucket',
  '$bucketAuto',
  '$lookup',
  '$graphLookup',
  '$unionWith',
  '$replaceRoot',
  '$replaceWith',
  '$sample',
  '$sortByCount',
  '$redact',
]);

export interface CheckedPipeline {
  /** Collections the pipeline reads besides its own ($lookup, $graphLookup, $unionWith). */
  collections: string[];
}

/**
 * Validates an aggregation pipeline. Stages outside an allow-list are refused; $out and $merge are
 * refused everywhere; $lookup/$graphLookup/$unionWith must name a collection of the same database
 * (a plain string, never `{db, coll}`). Returns the collections read, so the service layer can
 * refuse internal ones.
 */
export function checkPipeline(
  pipeline: unknown,
  limits: StoreLimits = DEFAULT_STORE_LIMITS,
): CheckedPipeline {
  const collections = new Set<string>();
  walkPipeline(pipeline, 1, limits, collections);
  return { collections: [...collections] };
}

function walkPipeline(pipeline: unknown, depth: number, limits: StoreLimits, collections: Set<string>): void {
  if (depth > limits.maxDepth) tooDeep(limits);
  if (!Array.isArray(pipeline)) badQuery('pipeline must be an array of stages');
  for (const stage of pipeline) {
    if (!isPlainObject(stage)) badQuery('pipeline stages must be objects');
    const keys = Object.keys(stage);
    const name = keys[0];
    if (keys.length !== 1 || name === undefined) badQuery('a pipeline stage has exactly one key');
    const arg = stage[name];
    if (FORBIDDEN_ANYWHERE.has(name)) forbidden(name, 'pipeline');
    if (!ALLOWED_STAGES.has(name)) {
      if (name.startsWith('$')) forbidden(name, 'pipeline stage not allowed');
      badQuery(`unknown pipeline stage ${name}`);
    }
    switch (name) {
      case '$match':
        if (!isPlainObject(arg)) badQuery('$match needs an object');
        checkQuery(arg, depth + 2, limits);
        break;
      case '$lookup': {
        if (!isPlainObject(arg)) badQuery('$lookup needs an object');
        if (arg.from !== undefined) collections.add(checkForeignCollection(arg.from, '$lookup'));
        if (arg.pipeline !== undefined) walkPipeline(arg.pipeline, depth + 2, limits, collections);
        const { pipeline: _p, ...rest } = arg;
        checkExpression(rest, depth + 1, limits);
        break;
      }
      case '$graphLookup':
        if (!isPlainObject(arg)) badQuery('$graphLookup needs an object');
        collections.add(checkForeignCollection(arg.from, '$graphLookup'));
        checkExpression(arg, depth + 1, limits);
        break;
      case '$unionWith': {
        if (typeof arg === 'string') {
          collections.add(checkForeignCollection(arg, '$unionWith'));
          break;
        }
        if (!isPlainObject(arg)) badQuery('$unionWith needs a collection name or {coll, pipeline}');
        if (arg.db !== undefined) forbidden('$unionWith', 'another database');
        collections.add(checkForeignCollection(arg.coll, '$unionWith'));
        if (arg.pipeline !== undefined) walkPipeline(arg.pipeline, depth + 2, limits, collections);
        break;
      }
      case '$facet':
        if (!isPlainObject(arg)) badQuery('$facet needs an object');
        for (const sub of Object.values(arg)) walkPipeline(sub, depth + 2, limits, collections);
        break;
      default:
        checkExpression(arg, depth + 1, limits);
    }
  }
}

function checkForeignCollection(from: unknown, stage: string): string {
  if (isPlainObject(from)) forbidden(stage, 'another database');
  if (typeof from !== 'string') badQuery(`${stage} needs "from" naming a collection`);
  return checkCollectionName(from);
}
