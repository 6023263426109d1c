/**
 * Which events a stream carries, and as what bytes: the owner's stream takes the events of its
 * space narrowed by its query (`collections`, `paths`, `types`, `filter`); a script's stream is in
 * script-stream.ts. A selection answers a frame, or null for an event it leaves out.
 *
 * Scope: with neither `collections` nor `paths` every event of the space; with either or both, the
 * events about a listed collection (document, collection and index events) or under a listed path
 * (file events), and no others. `types` narrows by type or family (`document`, `file`, …);
 * `filter` narrows document events to documents matching it (a delete by the document as it was; a
 * document too large to carry by its current state, a delete of one passes).
 */
import { schemas } from '@cella/openapi';
import type { Collection, Document, Filter } from '@cella/document-store';
import { fromExtJson } from '@cella/document-store';
import { CellaError, invalid } from '../errors.js';
import { fromStoreError } from '../port-errors.js';
import type { VaultEvent } from './wire.js';

export type Selection = (event: VaultEvent) => Buffer | null | Promise<Buffer | null>;

export interface OwnerQuery {
  collections?: string | undefined;
  paths?: string | undefined;
  types?: string | undefined;
  filter?: Record<string, unknown> | undefined;
}

/** Most names in one of the comma-separated lists. */
const MAX_LIST = 64;

function listOf(text: string | undefined, what: string): string[] | undefined {
  if (text === undefined) return undefined;
  const items = text.split(',').map((item) => item.trim());
  if (items.some((item) => item === '')) throw invalid(`${what}: an empty entry in the list`);
  if (items.length > MAX_LIST) throw invalid(`${what}: at most ${MAX_LIST} entries`);
  return items;
}

const { eventFamilies, eventTypes } = schemas.events;
const knownTypes = new Set<string>([...eventTypes, ...eventFamilies]);

/** The `types` of a query: types and families, each known (400 otherwise). */
export function typesOf(text: string | undefined): Set<string> | undefined {
  const items = listOf(text, 'types');
  if (!items) return undefined;
  for (const item of items)
    if (!knownTypes.has(item))
      throw invalid(`types: "${item}" is neither an event type nor a family (${eventFamilies.join(', ')})`);
  return new Set(items);
}

export const typeMatches = (types: Set<string> | undefined, event: VaultEvent): boolean =>
  !types || types.has(event.type) || types.has(event.family);

/** A predicate for a (query) filter, from the stores' semantics (loaded only when a filter is used). */
export async function matcherOf(filter: Record<string, unknown>): Promise<(doc: Document) => boolean> {
  const { documentMatcher } = await import('@cella/document-store/filter');
  try {
    return documentMatcher(fromExtJson(filter) as Filter);
  } catch (error) {
    throw fromStoreError(error);
  }
}

/** The owner's stream of one space. `collectionOf` opens a collection of that space. */
export async function ownerSelection(
  space: string,
  query: OwnerQuery,
  collectionOf: (name: string) => Collection,
): Promise<Selection> {
  const collections = listOf(query.collections, 'collections');
  for (const name of collections ?? [])
    if (!schemas.database.collectionName.safeParse(name).success)
      throw invalid(`collections: "${name}" is not a valid collection name`);
  const paths = listOf(query.paths, 'paths')?.map((path) => path.replace(/^\/+/, ''));
  const types = typesOf(query.types);
  if (query.filter !== undefined && collections?.length !== 1)
    throw invalid('filter: name exactly one collection in `collections` to filter its documents');
  const match = query.filter ? await matcherOf(query.filter) : undefined;
  const filter = query.filter ? (fromExtJson(query.filter) as Filter) : undefined;
  const named = collections ? new Set(collections) : undefined;
  const scoped = named !== undefined || paths !== undefined;

  const inScope = (event: VaultEvent): boolean => {
    if (!scoped) return true;
    const collection = event.collection;
    if (collection !== undefined && named?.has(collection)) return true;
    const path = event.path;
    return path !== undefined && event.family === 'file' && (paths ?? []).some((p) => path.startsWith(p));
  };

  return (event) => {
    if (event.space !== space || !typeMatches(types, event) || !inScope(event)) return null;
    if (!match || event.family !== 'document') return event.frame();
    const doc = event.document();
    if (doc) return match(doc) ? event.frame() : null;
    if (event.type === 'document.deleted') return event.frame();
    return refetched(collectionOf(event.collection!), event, filter!).then((found) =>
      found ? event.frame() : null,
    );
  };
}

async function refetched(
  collection: Collection,
  event: VaultEvent,
  filter: Filter,
): Promise<Document | null> {
  try {
    return await collection.findOne({ $and: [filter, { _id: fromExtJson(event.fields._id) }] });
  } catch (error) {
    const mapped = fromStoreError(error);
    if (mapped instanceof CellaError) return null;
    throw error;
  }
}
