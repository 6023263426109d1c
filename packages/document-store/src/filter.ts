/**
 * `@cella/document-store/filter`: documents matched and projected in memory with the stores'
 * MongoDB semantics (the mingo layer every engine shares), for code that holds documents rather
 * than querying a store — the server's event streams filter the documents of events with it. A
 * subpath of its own because it loads mingo, which a node otherwise loads only when a query needs
 * it (docs/architecture.md): import it when a filter is there to match.
 */
import type { Document, Filter, Projection } from './document-store.js';
import { compileFilter, project } from './mingo/semantics.js';
import { checkFilter, checkProjection, DEFAULT_STORE_LIMITS, type StoreLimits } from './query-guard.js';

export type DocumentMatcher = (doc: Document) => boolean;

/**
 * A predicate for `filter` (checked as a store checks it: StoreError BAD_QUERY or
 * FORBIDDEN_OPERATOR when a store would refuse it). Documents are in the port's form (ObjectId,
 * Date: `fromExtJson` of Extended JSON).
 */
export function documentMatcher(filter: Filter, limits: StoreLimits = DEFAULT_STORE_LIMITS): DocumentMatcher {
  return compileFilter(checkFilter(filter, limits));
}

/** A projection as a function (checked as a find checks it); identity when absent. */
export function documentProjector(projection: unknown): (doc: Document) => Document {
  const checked: Projection | undefined = checkProjection(projection);
  if (!checked) return (doc) => doc;
  return (doc) => project([doc], checked)[0] ?? doc;
}
