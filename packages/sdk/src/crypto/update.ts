/**
 * MongoDB update operators applied on the client to a decrypted document (then sealed again):
 * `$set $unset $inc $mul $min $max $rename $push $addToSet $pull $pop $currentDate`, dotted
 * paths, `$each` for `$push`/`$addToSet`. Anything else is refused (`UNSUPPORTED`).
 */
import { CellaCryptoError } from '@cella/sdk';
import { canonicalJson } from './canonical-json.js';
import { compare, matches } from './query.js';

type Doc = Record<string, unknown>;
const isObject = (v: unknown): v is Doc => v !== null && typeof v === 'object' && !Array.isArray(v);

function parentOf(doc: Doc, path: string, create: boolean): [Doc | undefined, string] {
  const parts = path.split('.');
  let at: Doc | undefined = doc;
  for (const part of parts.slice(0, -1)) {
    if (!at) break;
    if (!isObject(at[part])) {
      if (!create) return [undefined, parts.at(-1)!];
      at[part] = {};
    }
    at = at[part] as Doc;
  }
  return [at, parts.at(-1)!];
}

const refuse = (message: string) => new CellaCryptoError('UNSUPPORTED', message);

/** Applies `update` to `doc` (in place) and returns it. `_id` cannot change. */
export function applyUpdate(doc: Doc, update: Doc, inserting = false): Doc {
  for (const [op, fields] of Object.entries(update)) {
    if (!op.startsWith('$'))
      throw refuse('an update needs operators ($set, $inc, …), not a replacement document');
    if (!isObject(fields)) throw refuse(`${op} needs a document`);
    for (const [path, arg] of Object.entries(fields)) {
      if (path === '_id' || path.startsWith('_id.')) throw refuse('_id cannot be updated');
      const [parent, key] = parentOf(doc, path, op !== '$unset' && op !== '$pull' && op !== '$pop');
      if (!parent) continue;
      const current = parent[key];
      switch (op) {
        case '$set':
          parent[key] = structuredClone(arg);
          break;
        case '$setOnInsert':
          if (inserting) parent[key] = structuredClone(arg);
          break;
        case '$unset':
          delete parent[key];
          break;
        case '$inc':
        case '$mul': {
          if (typeof arg !== 'number' || (current !== undefined && typeof current !== 'number'))
            throw refuse(`${op} on ${path} needs numbers`);
          parent[key] = op === '$inc' ? (current ?? 0) + arg : (current ?? 0) * arg;
          break;
        }
        case '$min':
        case '$max':
          if (
            current === undefined ||
            (op === '$min' ? compare(arg, current) < 0 : compare(arg, current) > 0)
          )
            parent[key] = arg;
          break;
        case '$rename': {
          if (typeof arg !== 'string') throw refuse('$rename needs the new name');
          if (current !== undefined) {
            delete parent[key];
            const [to, toKey] = parentOf(doc, arg, true);
            to![toKey] = current;
          }
          break;
        }
        case '$push':
        case '$addToSet': {
          if (current !== undefined && !Array.isArray(current))
            throw refuse(`${op} on ${path}, which is not an array`);
          const list = (current as unknown[] | undefined) ?? [];
          const items = isObject(arg) && '$each' in arg ? (arg.$each as unknown[]) : [arg];
          for (const item of items)
            if (op === '$push' || !list.some((x) => canonicalJson(x) === canonicalJson(item)))
              list.push(structuredClone(item));
          parent[key] = list;
          break;
        }
        case '$pull':
          if (Array.isArray(current))
            parent[key] = current.filter((x) =>
              isObject(arg) && !isObject(x)
                ? !matches({ v: x }, { v: arg })
                : isObject(arg) && isObject(x)
                  ? !matches(x, arg)
                  : canonicalJson(x) !== canonicalJson(arg),
            );
          break;
        case '$pop':
          if (Array.isArray(current)) {
            if (arg === -1) current.shift();
            else current.pop();
          }
          break;
        case '$currentDate':
          parent[key] = { $date: new Date().toISOString() };
          break;
        default:
          throw refuse(`${op} is not supported on an encrypted collection`);
      }
    }
  }
  return doc;
}

/** The document an upsert starts from: the filter's plain equality fields. */
export function upsertSeed(filter: Doc): Doc {
  const seed: Doc = {};
  for (const [key, value] of Object.entries(filter)) {
    if (key.startsWith('$') || (isObject(value) && Object.keys(value).some((k) => k.startsWith('$'))))
      continue;
    const [parent, last] = parentOf(seed, key, true);
    parent![last] = structuredClone(value);
  }
  return seed;
}
