/**
 * The SQLite engine's find cursor (`Collection.findExtJsonCursor`): the matching documents as
 * their Extended JSON texts, in batches of about `BATCH_BYTES` (or `BATCH_ROWS`, at least one
 * document), so an answer of any size needs memory for one batch of texts.
 *
 * Two ways, chosen by the read's plan (planner.ts):
 * - *Through an index, or sorted*: the window (`skip`/`limit`) is listed first, in one read
 *   transaction, the way a find reads it (read.ts, lean): each match as its rowid and text length,
 *   its text kept only for the first batch, and what a JavaScript sort needs as sort keys (at most
 *   64 MiB of them, past that BAD_QUERY). A sorted page after a cursor stays an index seek plus
 *   `limit` rows. The texts beyond the first batch are then read by rowid, a batch per read
 *   transaction; a document deleted meanwhile is left out, one updated meanwhile is read as it is
 *   now.
 * - *Natural order without an index*: batches resume after the last rowid read (`rid > last`),
 *   each in its own short read transaction, so the matches are never all listed.
 * Either way other requests run between batches, later batches see the writes made in between (not
 * a snapshot), a document is never handed out twice, and one neither added nor removed meanwhile
 * is never missed.
 */
import type Database from 'better-sqlite3';
import type { Document, Filter, FindOptions, Projection, SortSpec } from '../document-store.js';
import { stringifyExtJson } from '../ext-json.js';
import { checkFilter, checkFindOptions } from '../query-guard.js';
import type { StoreLimits } from '../query-guard.js';
import { decodeDocument, storedToExtJson } from './codec.js';
import type { DbFile } from './db-file.js';
import { loadMingo, mingo, withMingo } from './mingo-on-demand.js';
import type { Plan } from './planner.js';
import type { Match } from './read.js';

type Connection = Database.Database;

/** Text handed out per batch, roughly (a batch holds at least one document). */
export const BATCH_BYTES = 1024 * 1024;
/** Documents per batch at most (small documents). */
export const BATCH_ROWS = 1000;

/** What the cursor needs of its collection (collection.ts). */
export interface CursorHost {
  file(): DbFile;
  readonly limits: StoreLimits;
  readonly name: string;
  /**
   * Plans the read in a read transaction and either lists its window (lean, read.ts) or, for
   * natural order without an index, hands back the plan to stream by rowid. null without the
   * collection.
   */
  start(
    filter: Filter,
    window: { skip: number; limit: number; sort?: SortSpec | undefined },
    textBudget: number,
  ): { listed: Match[] } | { stream: Plan; tbl: string } | null;
}

interface Row {
  rid: number;
  doc: string;
  chk: number;
}

/** Runs `work` on the collection's table in one read transaction; `absent` without the table. */
function withTable<T>(host: CursorHost, absent: T, work: (conn: Connection, tbl: string) => T): T {
  const file = host.file();
  return file.reading(absent, (conn) => {
    const tbl = file.tableOf(conn, host.name);
    return tbl ? work(conn, tbl) : absent;
  });
}

function texts(matches: Match[], projection: Projection | undefined): string[] {
  if (!projection) return matches.map((m) => storedToExtJson(m.text as string, m.doc));
  return mingo()
    .project(
      matches.map((m) => (m.doc ??= decodeDocument(m.text as string))),
      projection,
    )
    .map((doc: Document) => stringifyExtJson(doc));
}

/** The listed matches in batches, their texts read by rowid where the listing did not keep them. */
function* listedBatches(host: CursorHost, listed: Match[]): Generator<Match[]> {
  let i = 0;
  while (i < listed.length) {
    const part: Match[] = [];
    let bytes = 0;
    while (i < listed.length && (part.length === 0 || (bytes < BATCH_BYTES && part.length < BATCH_ROWS))) {
      const m = listed[i++] as Match;
      part.push(m);
      bytes += m.length;
    }
    const missing = part.filter((m) => m.text === null);
    if (missing.length > 0) {
      const rows = withTable(host, [] as { rid: number; doc: string }[], (conn, tbl) =>
        host
          .file()
          .stmt(conn, `SELECT rid, doc FROM "${tbl}" WHERE rid IN (${missing.map(() => '?').join(',')})`)
          .all(...missing.map((m) => m.rid)),
      ) as { rid: number; doc: string }[];
      const byRid = new Map(rows.map((r) => [r.rid, r.doc]));
      for (const m of missing) m.text = byRid.get(m.rid) ?? null;
    }
    // A document deleted since it was listed is left out.
    const out = part.filter((m) => m.text !== null);
    // Handed out: the listing holds nothing of them any more.
    for (let k = i - part.length; k < i; k++) listed[k] = undefined as unknown as Match;
    if (out.length > 0) yield out;
  }
}

/**
 * The next batch of a natural-order read after rowid `last`: its matches and the last rowid read
 * (matched or not), or null when no row is left. `offset`: rows the SQL skips itself (only where
 * it decides alone).
 */
function streamBatch(
  host: CursorHost,
  plan: Plan,
  planned: string,
  filter: Filter,
  last: number,
  wanted: number,
  offset: number,
): { matches: Match[]; last: number } | null {
  return withTable(host, null, (conn, tbl) => {
    // The collection was dropped (and maybe made again) since: nothing of it is left to read.
    if (tbl !== planned) return null;
    const where = plan.where === '' ? ' WHERE' : `${plan.where} AND`;
    const sql = `SELECT rid, doc, ${plan.check} AS chk FROM ${plan.from}${where} rid > @cursor_after ORDER BY rid`;
    const stmt = host.file().stmt(conn, offset > 0 ? `${sql} LIMIT -1 OFFSET ${offset}` : sql);
    let test: ((doc: Document) => boolean) | null = null;
    const matches: Match[] = [];
    let bytes = 0;
    let rows = 0;
    let seen = last;
    for (const row of stmt.iterate({ ...plan.params, cursor_after: last }) as Iterable<Row>) {
      seen = row.rid;
      rows++;
      let doc: Document | null = null;
      if (row.chk) {
        doc = decodeDocument(row.doc);
        test ??= mingo().compileFilter(filter);
        if (!test(doc)) {
          if (rows >= BATCH_ROWS * 10) break;
          continue;
        }
      }
      matches.push({ rid: row.rid, id: '', size: 0, text: row.doc, doc, length: row.doc.length });
      bytes += row.doc.length;
      if (bytes >= BATCH_BYTES || matches.length >= BATCH_ROWS || matches.length >= wanted) break;
    }
    // The iterator is closed by the break (or ran out): no statement stays open.
    return rows === 0 ? null : { matches, last: seen };
  });
}

/**
 * The cursor. The filter and options are checked on the first pull, so a bad query fails before
 * any document is handed out.
 */
export async function* sqliteCursor(
  host: CursorHost,
  filter: Filter,
  options: FindOptions | undefined,
): AsyncGenerator<string[]> {
  const checked = checkFilter(filter, host.limits);
  const { sort, projection, skip, limit } = checkFindOptions(options);
  if (projection) await loadMingo();
  const started = await withMingo(() => host.start(checked, { skip, limit, sort }, BATCH_BYTES));
  if (!started) return;
  if ('listed' in started) {
    for (const batch of listedBatches(host, started.listed)) yield texts(batch, projection);
    return;
  }
  const { stream: plan, tbl } = started;
  // Where the SQL decides alone it skips by OFFSET; otherwise matches are counted off here.
  const sqlSkips = plan.check === '0';
  let toSkip = sqlSkips ? 0 : skip;
  let remaining = limit > 0 ? limit : Infinity;
  let last = 0;
  let offset = sqlSkips ? skip : 0;
  while (remaining > 0) {
    const wanted = Math.min(remaining + toSkip, BATCH_ROWS);
    const from = last;
    const skipNow = offset;
    const batch = await withMingo(() => streamBatch(host, plan, tbl, checked, from, wanted, skipNow));
    offset = 0;
    if (!batch) return;
    last = batch.last;
    let found = batch.matches;
    if (toSkip > 0) {
      const dropped = Math.min(toSkip, found.length);
      toSkip -= dropped;
      found = found.slice(dropped);
    }
    if (found.length > remaining) found = found.slice(0, remaining);
    remaining -= found.length;
    if (found.length > 0) yield texts(found, projection);
  }
}
