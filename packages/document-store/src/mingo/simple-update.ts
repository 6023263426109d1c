/**
 * A direct path for the updates most writes issue — `$set`, `$unset` and `$inc` on top-level or
 * dotted fields through plain objects (the quota charge is `{$inc: {dbUsed: n}}`). It does what
 * mingo 7.2's update operators do, step for step, without building their parameter tables,
 * path walkers and closures for every call:
 *
 * - `$set`: a field already equal to the value (mingo's `isEqual`, which ignores key order)
 *   is left alone, otherwise it gets mingo's "copy"-mode clone of the value; missing or null
 *   intermediate objects are created;
 * - `$inc`: adds to a number or a missing field (created as 0 first); any other value is left
 *   as it is (mingo's behaviour, not MongoDB's error); intermediates created as for `$set`;
 * - `$unset`: deletes an own field; a missing or falsy intermediate makes it a no-op.
 *
 * Operators apply in the update's key order, fields in each operator's key order, as in mingo.
 * Whenever a path could meet something else — an array, a Date, a number or other non-object on
 * the way, `_id`, positional or `$` parts, names of Object.prototype members — `applySimpleUpdate`
 * answers false BEFORE changing anything and the caller runs mingo. Conflicting paths never
 * reach here (the query guard refuses them), so checking every path against the unchanged
 * document is enough. `test/mingo-fast-paths.test.ts` compares both on random
 * documents and updates.
 */
import { isEqual, isObject } from 'mingo/util';
import type { Document } from '../document-store.js';

type Op = '$set' | '$unset' | '$inc';

interface Step {
  op: Op;
  parts: string[];
  value: unknown;
}

const SIMPLE_OPS = new Set<string>(['$set', '$unset', '$inc']);

/** mingo's `clone` in "copy" mode (what the updater stores for `$set`). */
function copyValue(value: unknown): unknown {
  if (value instanceof Date) return new Date(value);
  if (Array.isArray(value)) return value.slice();
  if (isObject(value)) return Object.assign({}, value);
  if (value instanceof RegExp) return new RegExp(value);
  return value;
}

/** Can `parts` be walked in `doc` the way the fast path does it? */
function walkable(doc: Document, parts: string[]): boolean {
  let node: Record<string, unknown> = doc;
  for (let i = 0; i < parts.length - 1; i++) {
    const next = node[parts[i] as string];
    if (next === undefined || next === null) {
      // $set/$inc create the rest; $unset stops (nothing to remove).
      return true;
    }
    if (!isObject(next)) return false;
    node = next;
  }
  return true;
}

function plan(doc: Document, update: Record<string, unknown>): Step[] | null {
  const steps: Step[] = [];
  for (const op of Object.keys(update)) {
    if (!SIMPLE_OPS.has(op)) return null;
    const fields = update[op];
    if (!isObject(fields)) return null;
    for (const [path, value] of Object.entries(fields as Record<string, unknown>)) {
      if (path === '_id' || path.startsWith('_id.') || path.includes('$')) return null;
      if (op === '$inc' && (typeof value !== 'number' || Number.isNaN(value))) return null;
      const parts = path.split('.');
      for (const part of parts) if (part.length === 0 || part in Object.prototype) return null;
      if (!walkable(doc, parts)) return null;
      steps.push({ op: op as Op, parts, value });
    }
  }
  return steps;
}

function apply(doc: Document, { op, parts, value }: Step): void {
  let node: Record<string, unknown> = doc;
  const last = parts.length - 1;
  for (let i = 0; i < last; i++) {
    const key = parts[i] as string;
    let next = node[key];
    if (next === undefined || next === null) {
      if (op === '$unset') return;
      next = {};
      node[key] = next;
    }
    node = next as Record<string, unknown>;
  }
  const key = parts[last] as string;
  switch (op) {
    case '$set':
      if (!isEqual(node[key], value)) node[key] = copyValue(value);
      return;
    case '$inc': {
      const current = node[key];
      if (current === undefined || (typeof current === 'number' && !Number.isNaN(current))) {
        node[key] = (current || 0) + (value as number);
      }
      return;
    }
    case '$unset':
      if (Object.prototype.hasOwnProperty.call(node, key)) delete node[key];
      return;
  }
}

/**
 * Applies an update of `$set`/`$unset`/`$inc` to `doc` in place and answers true, or answers
 * false without touching `doc` when the update needs mingo.
 */
export function applySimpleUpdate(doc: Document, update: Record<string, unknown>): boolean {
  const steps = plan(doc, update);
  if (!steps) return false;
  for (const step of steps) apply(doc, step);
  return true;
}
