/**
 * Update, replacement and upsert semantics on top of mingo, shared by the SQLite engine and the
 * MongoDB engine's emulation mode (FerretDB): what MongoDB does that mingo does not — `_id` stays
 * immutable (but may be "set" to its own value), pipelines cannot drop `_id`, `$setOnInsert`,
 * and the upserted document built from the filter's equalities.
 */
import { isPlainObject } from '../bson-values.js';
import { StoreError } from '../document-store.js';
import type { Document, Filter, Update } from '../document-store.js';
import { checkDocumentId } from '../query-guard.js';
import { upsertSeed } from '../upsert-seed.js';
import { compareBson } from './bson-order.js';
import { applyUpdate } from './semantics.js';

/** `_id` in `$set`/`$setOnInsert`: allowed only when unchanged (MongoDB rule); removed before mingo sees it. */
function withoutId(update: Update, currentId: unknown): Update {
  if (Array.isArray(update)) return update;
  let out = update;
  for (const op of ['$set', '$setOnInsert']) {
    const arg = update[op];
    if (isPlainObject(arg) && '_id' in arg) {
      if (currentId !== undefined && compareBson(arg._id, currentId) !== 0) {
        throw new StoreError(
          'BAD_UPDATE',
          "performing an update on the path '_id' would modify the immutable field '_id'",
        );
      }
      const { _id: _ignored, ...rest } = arg;
      out = { ...out, [op]: rest };
    }
  }
  return out;
}

export function updatedDocument(doc: Document, modifier: Update, filter: Filter): Document {
  const id = doc._id;
  const next = applyUpdate(doc, withoutId(modifier, id), filter);
  // A pipeline may drop `_id`; MongoDB keeps it.
  if (next._id === undefined) return { _id: id, ...next };
  return next;
}

export function replacedDocument(current: Document, replacement: Document): Document {
  const { _id, ...rest } = replacement;
  if (_id !== undefined && compareBson(_id, current._id) !== 0) {
    throw new StoreError('BAD_UPDATE', 'the _id field cannot be changed by a replacement');
  }
  return { _id: current._id, ...rest };
}

/** The document an update-operator upsert inserts: filter equalities + $setOnInsert + the update. */
export function upsertedDocument(
  filter: Filter,
  modifier: Update | null,
  setOnInsert: Record<string, unknown>,
): Document {
  const seed = upsertSeed(filter);
  const idFromUpdate = extractId(modifier, setOnInsert);
  if (idFromUpdate !== undefined) {
    if (seed._id !== undefined && compareBson(seed._id, idFromUpdate) !== 0) {
      throw new StoreError(
        'BAD_UPDATE',
        "performing an update on the path '_id' would modify the immutable field '_id'",
      );
    }
    seed._id = checkDocumentId(idFromUpdate);
  }
  let update: Update;
  if (Array.isArray(modifier)) {
    update = modifier;
  } else {
    const base = withoutId(modifier ?? {}, undefined) as Record<string, unknown>;
    const extra = withoutIdFields(setOnInsert);
    update =
      Object.keys(extra).length > 0
        ? { ...base, $set: { ...(isPlainObject(base.$set) ? base.$set : {}), ...extra } }
        : base;
    if (Object.keys(update).length === 0) return seed;
  }
  const doc = applyUpdate(seed, update, {});
  return doc._id === undefined && seed._id !== undefined ? { _id: seed._id, ...doc } : doc;
}

function withoutIdFields(o: Record<string, unknown>): Record<string, unknown> {
  const { _id: _ignored, ...rest } = o;
  return rest;
}

function extractId(modifier: Update | null, setOnInsert: Record<string, unknown>): unknown {
  if ('_id' in setOnInsert) return setOnInsert._id;
  if (modifier && !Array.isArray(modifier)) {
    const set = modifier.$set;
    if (isPlainObject(set) && '_id' in set) return set._id;
  }
  return undefined;
}
