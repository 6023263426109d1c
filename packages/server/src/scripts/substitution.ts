/**
 * Run-time variables in stored filters, documents, updates, options and file paths.
 *
 * - A string value exactly `$caller_did` (or `$caller_app_did`) becomes the caller's DID (app DID).
 *   Caller variables are substituted whether or not params were sent (the reference skips all
 *   substitution without params; that is its bug, fixed here). An anonymous caller has no DID: 400.
 * - A string value exactly `$params.<name>` becomes the run parameter `<name>`, keeping its JSON type.
 *   A missing parameter is a 400. Keys are never substituted, so a caller can't change which
 *   fields, operators or collections a script touches.
 * - In file paths, `$params.<name>`, `${params.<name>}`, `$caller_did` and `${caller_did}` are
 *   replaced as substrings (string and number params only).
 *
 * Injection rules (docs/scripts.md "Parameters are data"):
 * 1. A parameter value may not contain an object key starting with `$` at any depth — that would be
 *    an operator (`{"$ne": null}`, `{"$regex": ".*"}`, `{"$where": …}`) smuggled into a filter or
 *    update. The only exceptions are the Extended JSON scalars `{"$oid": "<24 hex>"}` and
 *    `{"$date": …}`, which denote a value, not an operation. Violations are refused with 400.
 * 2. Inside an aggregation expression (`$expr`) a string beginning with `$` names a field, so a
 *    parameter `"$secret"` would compare a field with itself. There substituted values are wrapped in
 *    `{"$literal": value}` and stay data.
 * 3. A parameter substituted into a file path may not contain `.` or `..` segments, empty segments
 *    or NUL; the resulting path is checked again as a whole.
 * Values are substituted once: a parameter whose text is `$caller_did` or `$params.x` stays text.
 */
import { isPlainObject } from '@cella/document-store';
import { CellaError } from '../errors.js';
import { MAX_SCRIPT_PATH_BYTES } from './limits.js';

export interface RunVariables {
  /** null for an anonymous caller. */
  callerDid: string | null;
  callerAppDid: string | null;
  params: Record<string, unknown>;
}

const PARAMS_PREFIX = '$params.';
const MAX_PARAM_DEPTH = 32;
const HEX24 = /^[0-9a-fA-F]{24}$/;

function bad(message: string): never {
  throw new CellaError('INVALID_PARAMETER', message);
}

function callerDid(vars: RunVariables): string {
  if (vars.callerDid === null)
    bad('this script uses $caller_did, which an anonymous caller does not have: sign in to run it');
  return vars.callerDid;
}

function callerAppDid(vars: RunVariables): string {
  if (vars.callerAppDid === null)
    bad('this script uses $caller_app_did, but the caller signed in without an application DID');
  return vars.callerAppDid;
}

function param(vars: RunVariables, name: string): unknown {
  if (!Object.hasOwn(vars.params, name)) bad(`missing parameter "${name}"`);
  return vars.params[name];
}

/** `{"$oid": hex}` or `{"$date": iso | ms | {"$numberLong": "ms"}}`: a value, not an operator. */
function isExtJsonScalar(value: Record<string, unknown>): boolean {
  const keys = Object.keys(value);
  if (keys.length !== 1) return false;
  const arg = value[keys[0]!];
  if (keys[0] === '$oid') return typeof arg === 'string' && HEX24.test(arg);
  if (keys[0] === '$date') {
    if (typeof arg === 'string' || typeof arg === 'number') return true;
    return isPlainObject(arg) && Object.keys(arg).length === 1 && typeof arg.$numberLong === 'string';
  }
  return false;
}

/** Rule 1: parameters are data. Throws 400 naming the parameter. */
export function assertParamIsData(name: string, value: unknown, depth = 0): void {
  if (depth > MAX_PARAM_DEPTH) bad(`parameter "${name}" is nested deeper than ${MAX_PARAM_DEPTH} levels`);
  if (Array.isArray(value)) {
    for (const item of value) assertParamIsData(name, item, depth + 1);
    return;
  }
  if (!isPlainObject(value)) return;
  if (isExtJsonScalar(value)) return;
  for (const [key, item] of Object.entries(value)) {
    if (key.startsWith('$')) {
      bad(
        `parameter "${name}" contains the key "${key}": operators are not accepted in parameters (only {"$oid"} and {"$date"} values)`,
      );
    }
    assertParamIsData(name, item, depth + 1);
  }
}

/** The value a whole-string variable stands for, or `undefined` when the string is no variable. */
function variableValue(
  text: string,
  vars: RunVariables,
  inExpression: boolean,
): { value: unknown } | undefined {
  if (text === '$caller_did') return { value: callerDid(vars) };
  if (text === '$caller_app_did') return { value: callerAppDid(vars) };
  if (!text.startsWith(PARAMS_PREFIX)) return undefined;
  const name = text.slice(PARAMS_PREFIX.length);
  if (name === '') bad('"$params." names no parameter');
  const value = param(vars, name);
  assertParamIsData(name, value);
  return { value: inExpression ? { $literal: value } : value };
}

/** Substitutes variables in a stored filter, document, update or options object (rules 1 and 2). */
export function substitute<T>(template: T, vars: RunVariables): T {
  return walk(template, vars, false) as T;
}

function walk(value: unknown, vars: RunVariables, inExpression: boolean): unknown {
  if (typeof value === 'string') {
    const found = variableValue(value, vars, inExpression);
    return found ? found.value : value;
  }
  if (Array.isArray(value)) return value.map((item) => walk(item, vars, inExpression));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    Object.defineProperty(out, key, {
      value: walk(item, vars, inExpression || key === '$expr'),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

const PATH_VARIABLE =
  /\$\{params\.([A-Za-z0-9_-]+)\}|\$params\.([A-Za-z0-9_]+)|\$\{caller_did\}|\$caller_did/g;

function checkSegments(text: string, what: string): void {
  if (text.includes('\0')) bad(`${what} contains NUL`);
  for (const segment of text.split('/')) {
    if (segment === '.' || segment === '..') bad(`${what} contains a "${segment}" segment`);
  }
}

/**
 * Checks a file path as scripts may use it: relative to the vault root, no empty, `.` or `..`
 * segments, no NUL, at most 1024 bytes. A single leading `/` is dropped.
 */
export function checkScriptPath(path: string, what = 'the file path'): string {
  const relative = path.startsWith('/') ? path.slice(1) : path;
  if (relative === '') bad(`${what} is empty`);
  if (Buffer.byteLength(relative, 'utf8') > MAX_SCRIPT_PATH_BYTES)
    bad(`${what} is longer than ${MAX_SCRIPT_PATH_BYTES} bytes`);
  checkSegments(relative, what);
  if (relative.split('/').some((segment) => segment === '')) bad(`${what} contains an empty segment`);
  return relative;
}

/** At registration: a path template may not name `.`/`..` segments itself. */
export function checkPathTemplate(template: string, where: string): void {
  checkSegments(template, `${where}: \`path\``);
}

/** Substitutes variables inside a stored file path (rule 3), then checks the result. */
export function substitutePath(template: string, vars: RunVariables): string {
  const path = template.replace(
    PATH_VARIABLE,
    (_match, braced: string | undefined, plain: string | undefined) => {
      const name = braced ?? plain;
      if (name === undefined) return callerDid(vars);
      const value = param(vars, name);
      if (typeof value === 'number' && Number.isFinite(value)) return String(value);
      if (typeof value !== 'string')
        bad(`parameter "${name}" is used in a file path and must be a string or a number`);
      checkSegments(value, `parameter "${name}"`);
      return value;
    },
  );
  return checkScriptPath(path);
}
