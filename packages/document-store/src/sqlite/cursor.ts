/**
 * The SQLite engine's find cursor (`Collection.findExtJsonCursor`): the matching documents as
 * their Extended JSON texts, in batches of about `BATCH_BYTES` (or `BATCH_ROWS`, at least one
 * document), so an answer of any size needs memory for one batch of texts.
 *
 * Every batch is one read of its own (reads.ts), run where reads run (a read worker, read-pool.ts),
 * so other requests go on between batches and no batch is copied between threads beyond itself.
 * The read is planned like a find (planner.ts):
 * - *Through an index, or sorted*: the window (`skip`/`limit`) is listed first, in one read
 *   transaction, the way a find reads it (read.ts, lean): the first batch's texts come with the
 *   listing, the others' rowids and text lengths stay here (8 bytes each) and their texts are read
 *   by rowid, a batch per read; a document deleted meanwhile is left out, one updated meanwhile is
 *   read as it is now. A sorted page after a cursor stays an index seek plus `limit` rows.
 * - *Natural order without an index*: batches resume after the last rowid read (`rid > last`),
 *   each in its own short read transaction, so the matches are never all listed.
 * Either way later batches see the writes made in between (not a snapshot), a document is never
 * handed out twice, and one neither added nor removed meanwhile is never missed.
 *
 * The time bound (`maxTimeMS`) covers the reads of all batches together, not the time the consumer
 * takes between them (as MongoDB counts a cursor's time).
 */
import type { Filter, FindOptions } from '../document-store.js';
import { checkFindOptions, checkMaxTimeMS } from '../query-guard.js';
import { timeoutError } from './deadline.js';
import { BATCH_BYTES, BATCH_ROWS } from './reads.js';
import type { ReadAnswer, ReadRequest } from './reads.js';

export { BATCH_BYTES, BATCH_ROWS };

/** What the cursor needs of its collection (collection.ts). */
export interface CursorHost {
  readonly name: string;
  /** Runs one read within `budgetMs`, what is left of the cursor's bound `boundMs`. */
  read<R extends ReadRequest>(request: R, budgetMs: number, boundMs: number): Promise<ReadAnswer<R>>;
}

/**
 * The cursor; the filter and options are checked on the first pull. `defaultMs`: its bound when the
 * options give no `maxTimeMS`.
 */
export async function* sqliteCursor(
  host: CursorHost,
  filter: Filter,
  options: FindOptions | undefined,
  defaultMs: number,
): AsyncGenerator<string[]> {
  const { sort, projection, skip, limit } = checkFindOptions(options);
  const budgetMs = checkMaxTimeMS(options?.maxTimeMS) ?? defaultMs;
  let left = budgetMs;
  const timed = async <R extends ReadRequest>(request: R): Promise<ReadAnswer<R>> => {
    if (left <= 0) throw timeoutError(budgetMs);
    const started = performance.now();
    try {
      return await host.read(request, left, budgetMs);
    } finally {
      left -= performance.now() - started;
    }
  };
  const start = await timed({
    op: 'cursorStart',
    collection: host.name,
    filter,
    options: { sort, projection, skip, limit },
  });
  if (start.batch.length > 0) yield start.batch;
  if (start.listed) {
    const { tbl, rids, lengths } = start.listed;
    let i = 0;
    while (i < rids.length) {
      const part: number[] = [];
      let bytes = 0;
      while (i < rids.length && (part.length === 0 || (bytes < BATCH_BYTES && part.length < BATCH_ROWS))) {
        part.push(rids[i] as number);
        bytes += lengths[i] as number;
        i++;
      }
      const { batch } = await timed({
        op: 'cursorTexts',
        collection: host.name,
        tbl,
        rids: part,
        projection,
      });
      if (batch.length > 0) yield batch;
    }
    return;
  }
  let stream = start.stream;
  while (stream) {
    const step = await timed({ op: 'cursorStream', collection: host.name, filter, projection, stream });
    if (step.batch.length > 0) yield step.batch;
    stream = step.stream;
  }
}
