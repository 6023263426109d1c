/**
 * What a vault's change log holds: the store's `describe` (ChangeLogSettings) turns each change a
 * logged write makes into one event entry — the JSON object a stream sends as `data:`, less `seq`
 * and `at` (the log's own) and plus `space` (the space prefix of the collection, left out for the
 * default space; streams drop it). Documents are embedded as the engine's Extended JSON text, not
 * parsed and written again. Internal collections speak for what they hold: `__files__` gives file
 * events, `__scripts__` script events, the others (transactions, collection flags) none.
 *
 * Contexts a write can give (`WriteOptions.log`): `{moved_from: path}` on the write that creates a
 * file's new path in a move (a `file.moved` event), `{moved: true}` on the delete of its old path
 * (no event of its own: the move said it).
 */
import type { Change, DocumentId, LogContext } from '@cella/document-store';
import { stringifyExtJson } from '@cella/document-store';
import { INTERNAL_COLLECTIONS, isInternalCollection, splitSpace } from '../vault/names.js';

export type Describe = (change: Change, context: LogContext) => string | null;

const json = JSON.stringify;

function idJson(id: DocumentId): string {
  return typeof id === 'object' ? stringifyExtJson(id) : json(id);
}

/** `{"type":…` then `,"space":…` when not the default space. */
function head(type: string, space: string): string {
  return space === '' ? `{"type":${json(type)}` : `{"type":${json(type)},"space":${json(space)}`;
}

/** The store's describe for vault databases; documents above `maxDocumentBytes` are only flagged. */
export function eventDescriber(maxDocumentBytes: number): Describe {
  const documentField = (text: string): string =>
    // Characters count at most as many bytes as they take in UTF-8 (1–3 per UTF-16 unit): the
    // exact byte length is measured only when the cheap bound does not decide.
    text.length * 3 <= maxDocumentBytes || Buffer.byteLength(text) <= maxDocumentBytes
      ? `,"document":${text}`
      : ',"document_too_large":true';

  return (change, context) => {
    const { prefix: space, name } = splitSpace(change.collection);
    if (name === INTERNAL_COLLECTIONS.files) return fileEvent(change, context, space);
    if (name === INTERNAL_COLLECTIONS.scripts) return scriptEvent(change, space);
    if (isInternalCollection(name)) return null;
    const collection = `,"collection":${json(name)}`;
    switch (change.op) {
      case 'insert':
      case 'update':
      case 'delete': {
        const type = { insert: 'document.inserted', update: 'document.updated', delete: 'document.deleted' }[
          change.op
        ];
        return `${head(type, space)}${collection},"_id":${idJson(change.id)}${documentField(change.text)}}`;
      }
      case 'createCollection':
        return `${head('collection.created', space)}${collection}}`;
      case 'dropCollection':
        return `${head('collection.dropped', space)}${collection}}`;
      case 'createIndex': {
        const { name: index, key, unique } = change.index;
        return `${head('index.created', space)}${collection},"index":${json(index)},"key":${json(key)},"unique":${unique}}`;
      }
      case 'dropIndex':
        return `${head('index.dropped', space)}${collection},"index":${json(change.index)}}`;
    }
  };
}

function fileEvent(change: Change, context: LogContext, space: string): string | null {
  if (!('doc' in change)) return null;
  const { doc } = change;
  const file = `,"path":${json(String(doc._id))},"cid":${json(String(doc.cid))},"size":${Number(doc.size) || 0}}`;
  if (change.op === 'delete') return context.moved === true ? null : `${head('file.deleted', space)}${file}`;
  const from = context.moved_from;
  if (typeof from === 'string') return `${head('file.moved', space)},"from":${json(from)}${file}`;
  return `${head('file.written', space)}${file}`;
}

function scriptEvent(change: Change, space: string): string | null {
  if (!('doc' in change)) return null;
  const type = change.op === 'delete' ? 'script.deleted' : 'script.registered';
  return `${head(type, space)},"name":${json(String(change.doc._id))}}`;
}
