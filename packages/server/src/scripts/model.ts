/**
 * The canonical form of a script's condition and executable, and the checks made when a script is
 * registered. Two wire forms are accepted: the spec's flat one (`{type, collection, filter}`) and
 * the reference Hive Node's (`{type, name, body: {collection, filter}}`, a list in `body` for
 * `and` / `or` / `aggregated`). Both normalise to the types below, which is all the runner sees.
 *
 * Registration checks what does not depend on run-time values: types, required fields, user
 * (not internal) collections, operators that run code, nesting, regular expressions written out
 * (RE2 syntax, linear-regex.ts). Filters, documents and updates are checked in full at run time,
 * after substitution, by the database service and the engines' guard.
 */
import { schemas } from '@cella/openapi';
import { checkRegex, isPlainObject } from '@cella/document-store';
import { CellaError } from '../errors.js';
import { isInternalCollection } from '../vault/names.js';
import { FORBIDDEN_OPERATORS, MAX_CONDITION_DEPTH, MAX_OPERANDS } from './limits.js';
import { checkPathTemplate } from './substitution.js';

type Json = Record<string, unknown>;

export interface QueryCondition {
  type: 'queryHasResults';
  name: string;
  collection: string;
  filter: Json;
}

export interface CompositeCondition {
  type: 'and' | 'or';
  name: string;
  conditions: ConditionNode[];
}

export type ConditionNode = QueryCondition | CompositeCondition;

interface Named {
  name: string;
  /** Include the result in the run response (default true). */
  output: boolean;
}

export interface FindExecutable extends Named {
  type: 'find';
  collection: string;
  filter: Json;
  options: Json;
}
export interface CountExecutable extends Named {
  type: 'count';
  collection: string;
  filter: Json;
}
export interface InsertExecutable extends Named {
  type: 'insert';
  collection: string;
  document: Json;
  options: Json;
}
export interface UpdateExecutable extends Named {
  type: 'update';
  collection: string;
  filter: Json;
  update: Json;
  options: Json;
}
export interface DeleteExecutable extends Named {
  type: 'delete';
  collection: string;
  filter: Json;
}
export interface FileExecutable extends Named {
  type: 'fileUpload' | 'fileDownload' | 'fileProperties' | 'fileHash';
  path: string;
}

export type LeafExecutable =
  FindExecutable | CountExecutable | InsertExecutable | UpdateExecutable | DeleteExecutable | FileExecutable;

export interface AggregatedExecutable extends Named {
  type: 'aggregated';
  executables: LeafExecutable[];
}

export type ExecutableNode = LeafExecutable | AggregatedExecutable;

/** Executables that write to the target vault: refused while it is frozen. */
export const WRITE_TYPES: ReadonlySet<LeafExecutable['type']> = new Set([
  'insert',
  'update',
  'delete',
  'fileUpload',
]);

export const FILE_TYPES: ReadonlySet<LeafExecutable['type']> = new Set([
  'fileUpload',
  'fileDownload',
  'fileProperties',
  'fileHash',
]);

function bad(where: string, message: string): never {
  throw new CellaError('INVALID_PARAMETER', `${where}: ${message}`);
}

/** The fields of a node: the reference's `body` or the flat fields, never both. */
function fieldsOf(node: Json, where: string, flatKeys: readonly string[]): Json {
  if (node.body === undefined) return node;
  if (flatKeys.some((key) => node[key] !== undefined))
    bad(where, 'give the fields either flat or inside `body`, not both');
  if (!isPlainObject(node.body)) bad(where, '`body` must be an object');
  return node.body;
}

function listOf(node: Json, where: string, flatKey: string): unknown[] {
  const list = node.body !== undefined ? node.body : node[flatKey];
  if (node.body !== undefined && node[flatKey] !== undefined)
    bad(where, `give \`${flatKey}\` or \`body\`, not both`);
  if (!Array.isArray(list) || list.length === 0)
    bad(where, `needs a non-empty list in \`${flatKey}\` (or \`body\`)`);
  if (list.length > MAX_OPERANDS) bad(where, `at most ${MAX_OPERANDS} entries`);
  return list;
}

function optionalName(node: Json, where: string, fallback: string): string {
  const name = node.name;
  if (name === undefined || name === null || name === '') return fallback;
  if (typeof name !== 'string' || name.length > 128)
    bad(where, '`name` must be a string of at most 128 characters');
  return name;
}

function collectionOf(fields: Json, where: string): string {
  const name = fields.collection;
  if (typeof name !== 'string' || name.length === 0) bad(where, 'needs `collection`');
  if (!schemas.database.collectionName.safeParse(name).success)
    bad(where, `"${name}" is not a valid collection name`);
  if (isInternalCollection(name))
    bad(where, `"${name}" is an internal collection; scripts reach user collections only`);
  return name;
}

function objectField(fields: Json, key: string, where: string, required: boolean): Json {
  const value = fields[key];
  if (value === undefined || value === null) {
    if (required) bad(where, `needs \`${key}\``);
    return {};
  }
  if (!isPlainObject(value)) bad(where, `\`${key}\` must be a JSON object`);
  refuseForbiddenOperators(value, `${where}.${key}`, 0);
  return value;
}

/**
 * Walks keys for operators that run code and for regular expressions the engines would refuse;
 * also bounds the nesting of stored values.
 */
function refuseForbiddenOperators(value: unknown, where: string, depth: number): void {
  if (depth > 64) bad(where, 'nested deeper than 64 levels');
  if (Array.isArray(value)) {
    for (const item of value) refuseForbiddenOperators(item, where, depth + 1);
  } else if (isPlainObject(value)) {
    refuseUnsupportedPattern(value, where);
    for (const [key, item] of Object.entries(value)) {
      if (FORBIDDEN_OPERATORS.has(key)) bad(where, `operator ${key} is not allowed`);
      refuseForbiddenOperators(item, where, depth + 1);
    }
  }
}

/** A written-out `$regex` (+ `$options`) or `$regularExpression` the engines would refuse. */
function refuseUnsupportedPattern(node: Json, where: string): void {
  // A whole-string `$params.x` / `$caller_did` is a run-time value, checked after substitution.
  const literal = (v: unknown): v is string | undefined =>
    v === undefined || (typeof v === 'string' && !v.startsWith('$'));
  let pattern: unknown;
  let options: unknown;
  if (typeof node.$regex === 'string') [pattern, options] = [node.$regex, node.$options];
  else if (isPlainObject(node.$regularExpression))
    [pattern, options] = [node.$regularExpression.pattern, node.$regularExpression.options];
  else return;
  if (!literal(pattern) || !literal(options)) return;
  try {
    checkRegex(pattern, options ?? '');
  } catch (error) {
    bad(where, (error as Error).message);
  }
}

export function normalizeCondition(
  input: unknown,
  scriptName: string,
  where = 'condition',
  depth = 1,
): ConditionNode {
  if (depth > MAX_CONDITION_DEPTH) bad(where, `conditions nest at most ${MAX_CONDITION_DEPTH} levels`);
  if (!isPlainObject(input)) bad(where, 'must be an object');
  const name = optionalName(input, where, scriptName);
  switch (input.type) {
    case 'queryHasResults': {
      const fields = fieldsOf(input, where, ['collection', 'filter', 'options']);
      return {
        type: 'queryHasResults',
        name,
        collection: collectionOf(fields, where),
        filter: objectField(fields, 'filter', where, false),
      };
    }
    case 'and':
    case 'or': {
      const list = listOf(input, where, 'conditions');
      return {
        type: input.type,
        name,
        conditions: list.map((item, i) =>
          normalizeCondition(item, scriptName, `${where}.conditions[${i}]`, depth + 1),
        ),
      };
    }
    default:
      bad(where, '`type` must be queryHasResults, and or or');
  }
}

const LEAF_KEYS = ['collection', 'filter', 'document', 'update', 'options', 'path'] as const;

function normalizeLeaf(input: Json, name: string, output: boolean, where: string): LeafExecutable {
  const fields = fieldsOf(input, where, LEAF_KEYS);
  const type = input.type;
  switch (type) {
    case 'find':
      return {
        type,
        name,
        output,
        collection: collectionOf(fields, where),
        filter: objectField(fields, 'filter', where, false),
        options: objectField(fields, 'options', where, false),
      };
    case 'count':
      return {
        type,
        name,
        output,
        collection: collectionOf(fields, where),
        filter: objectField(fields, 'filter', where, false),
      };
    case 'insert':
      return {
        type,
        name,
        output,
        collection: collectionOf(fields, where),
        document: objectField(fields, 'document', where, true),
        options: objectField(fields, 'options', where, false),
      };
    case 'update':
      return {
        type,
        name,
        output,
        collection: collectionOf(fields, where),
        filter: objectField(fields, 'filter', where, false),
        update: objectField(fields, 'update', where, true),
        options: objectField(fields, 'options', where, false),
      };
    case 'delete':
      return {
        type,
        name,
        output,
        collection: collectionOf(fields, where),
        filter: objectField(fields, 'filter', where, false),
      };
    case 'fileUpload':
    case 'fileDownload':
    case 'fileProperties':
    case 'fileHash': {
      const path = fields.path;
      if (typeof path !== 'string' || path.trim() === '') bad(where, 'needs `path`');
      if (path.length > 1024) bad(where, '`path` is longer than 1024 characters');
      checkPathTemplate(path, where);
      return { type, name, output, path };
    }
    default:
      bad(where, `unknown executable type ${JSON.stringify(type)}`);
  }
}

export function normalizeExecutable(
  input: unknown,
  scriptName: string,
  where = 'executable',
): ExecutableNode {
  if (!isPlainObject(input)) bad(where, 'must be an object');
  const name = optionalName(input, where, scriptName);
  const output = input.output === undefined ? true : input.output;
  if (typeof output !== 'boolean') bad(where, '`output` must be a boolean');
  if (input.type !== 'aggregated') return normalizeLeaf(input, name, output, where);
  const list = listOf(input, where, 'executables');
  const executables = list.map((item, i) => {
    const at = `${where}.executables[${i}]`;
    if (!isPlainObject(item)) bad(at, 'must be an object');
    if (item.type === 'aggregated') bad(at, 'an aggregated executable cannot contain another aggregated one');
    // Children without a name are keyed by their type in the response.
    return normalizeExecutable(item, String(item.type), at) as LeafExecutable;
  });
  // The reference silently lets a later result overwrite an earlier one of the same name; refusing
  // at registration makes the response shape unambiguous.
  const seen = new Set<string>();
  for (const child of executables) {
    if (child.output && seen.has(child.name))
      bad(
        where,
        `two executables with output would both answer as "${child.name}"; give them distinct names`,
      );
    if (child.output) seen.add(child.name);
  }
  return { type: 'aggregated', name, output, executables };
}

/** The leaves of an executable in run order. */
export function leavesOf(executable: ExecutableNode): LeafExecutable[] {
  return executable.type === 'aggregated' ? executable.executables : [executable];
}

/** Names starting with `__` are the node's (the reference reserves `__anonymous_files__`). */
export function assertUserScriptName(name: string): void {
  if (name.startsWith('__'))
    throw new CellaError('INVALID_PARAMETER', `script names starting with "__" are reserved for the node`);
}
