/**
 * A list read page by page as it is consumed — the shape of every SDK call that can answer more than
 * one request's worth (`collection.find`, and the feeds and listings built after it):
 * - `for await (const item of cursor)` yields items, fetching the next page when the loop needs it;
 *   leaving the loop (`break`, `return`, a throw) fetches nothing more;
 * - `cursor.pages()` yields whole pages (one request each);
 * - `cursor.toArray()` reads everything (or up to `limit`) into one array.
 * Nothing is fetched before iteration starts, and each iteration runs the query from its start.
 * Pages are read by `skip`: a collection written to while it is read may yield an item twice or
 * not at all, as MongoDB's skip-based pages do.
 */
import type { Page } from './pages.js';

export interface CursorRange {
  /** Items to pass over first. Default 0. */
  skip?: number;
  /** Most items in all; 0 or absent: no limit. */
  limit?: number;
  /** Most items per request. */
  batchSize: number;
}

export class Cursor<T> implements AsyncIterable<T> {
  constructor(
    /** Fetches `limit` items from `skip` (fewer when the node cut its answer: it says `nextSkip`). */
    private readonly fetchPage: (skip: number, limit: number) => Promise<Page<T>>,
    private readonly range: CursorRange,
  ) {
    for (const [name, value] of Object.entries(range)) {
      if (value !== undefined && (!Number.isInteger(value) || value < 0))
        throw new RangeError(`${name} must be an integer ≥ 0`);
    }
    if (range.batchSize < 1) throw new RangeError('batchSize must be at least 1');
  }

  /** The items page by page, one request each; empty pages are skipped. */
  async *pages(): AsyncGenerator<T[], void, undefined> {
    const { batchSize } = this.range;
    let remaining = this.range.limit || Infinity;
    let from = this.range.skip ?? 0;
    while (remaining > 0) {
      const wanted = Math.min(batchSize, remaining);
      const page = await this.fetchPage(from, wanted);
      if (page.items.length > 0) yield page.items;
      remaining -= page.items.length;
      if (page.nextSkip !== undefined) {
        // The node cut its answer (size cap): go on where it says.
        if (page.nextSkip <= from) return;
        from = page.nextSkip;
      } else if (page.items.length < wanted) {
        return;
      } else {
        from += page.items.length;
      }
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    for await (const page of this.pages()) yield* page;
  }

  /** Every item (up to `limit`), in order. */
  async toArray(): Promise<T[]> {
    const all: T[] = [];
    for await (const page of this.pages()) all.push(...page);
    return all;
  }
}
