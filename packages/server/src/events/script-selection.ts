/**
 * What a script's stream carries (scripts/subscription.ts): the document events of its collection,
 * in its space, whose documents match its filter after substitution, projected by its options, as
 * `{seq, at, type, _id, document}` (a delete without the document) — and nothing else of the vault.
 *
 * The condition is checked again, before anything later is sent, whenever an event touches a
 * collection it reads; when it fails the stream ends (`condition_failed`), as it does when the
 * script is registered again or deleted (`script_changed`, for a change after the stream read the
 * script: replaying from an older cursor passes over the registrations that led to the script it
 * serves): the friend removed from the friends list stops receiving at that event. A document too large to carry is looked up again by `_id`
 * (with the filter); a delete of one is matched on nothing, and left out.
 */
import type { Document, Filter } from '@cella/document-store';
import { fromExtJson, stringifyExtJson } from '@cella/document-store';
import type { ScriptSubscription } from '../scripts/subscription.js';
import { spaceDatabase } from '../vault/spaces.js';
import type { DocumentStore } from '@cella/document-store';
import { fromStoreError } from '../port-errors.js';
import { matcherOf, type Selection } from './selection.js';
import type { EndReason } from './stream.js';
import type { VaultEvent } from './wire.js';

export async function scriptSelection(
  store: DocumentStore,
  view: ScriptSubscription,
  /** The log's head when the script was read: its registrations up to there are in `view`. */
  loadedAfter: number,
  end: (reason: EndReason, message: string) => void,
): Promise<Selection> {
  const { vault, collection } = view;
  const match = await matcherOf(view.filter);
  const filter = fromExtJson(view.filter) as Filter;
  const project = view.projection
    ? (await import('@cella/document-store/filter')).documentProjector(view.projection)
    : (doc: Document) => doc;
  const reads = new Set(view.conditionReads);
  const documents = () => spaceDatabase(store, vault).collection(collection);

  const documentOf = async (event: VaultEvent): Promise<Document | null> => {
    const carried = event.document();
    if (carried) return match(carried) ? carried : null;
    if (event.type === 'document.deleted') return null;
    try {
      return await documents().findOne({ $and: [filter, { _id: fromExtJson(event.fields._id) }] });
    } catch (error) {
      throw fromStoreError(error);
    }
  };

  return async (event) => {
    if (event.space !== vault.prefix) return null;
    if (event.family === 'script' && event.fields.name === view.scriptName) {
      if (event.seq <= loadedAfter) return null;
      end(
        'script_changed',
        `the script "${view.scriptName}" was ${event.type === 'script.deleted' ? 'deleted' : 'registered again'}`,
      );
      return null;
    }
    const name = event.collection;
    if (name !== undefined && reads.has(name) && !(await view.conditionHolds())) {
      end('condition_failed', "the caller no longer matches the script's condition");
      return null;
    }
    if (event.family !== 'document' || name !== collection) return null;
    const doc = await documentOf(event);
    if (!doc) return null;
    const id = stringifyExtJson(fromExtJson(event.fields._id));
    const data =
      event.type === 'document.deleted'
        ? `{"seq":${event.seq},"at":${event.at},"type":"${event.type}","_id":${id}}`
        : `{"seq":${event.seq},"at":${event.at},"type":"${event.type}","_id":${id},"document":${stringifyExtJson(project(doc))}}`;
    return Buffer.from(`id: ${event.seq}\nevent: ${event.type}\ndata: ${data}\n\n`);
  };
}
