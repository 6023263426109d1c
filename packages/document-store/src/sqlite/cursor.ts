/**
 * The SQLite engine's find cursor (`Collection.findExtJsonCursor`): the matching documents as
 * their Extended JSON texts, in batches read one at a time, so an answer of any size needs memory
 * for one batch only.
 *
 * Each batch is one short read transaction that resumes after the last row it saw (`rid > last`):
 * other requests run between batches, and a batch sees the writes made before it (not a
 * snapshot; a document updated meanwhile keeps its rowid, so nothing is seen twice or skipped
 * because another was changed). A batch ends after `BATCH_BYTES` of text or `BATCH_ROWS` rows,
 * whichever comes first (at least one row).
 *
 * Sorting cannot stream: the matches' sort keys (not their documents) are collected first, at most
 * `MAX_SORT_KEY_BYTES` of them (past that, BAD_QUERY: MongoDB refuses a large in-memory sort the
 * same way), sorted, and the documents then read in that order by rowid.
 */
import type Database from 'better-sqlite3';
import { bsonSize } from '../bson-size.js';
import type { Document, Filter, FindOptions, Projection, SortSpec } from '../document-store.js';
import { StoreError } from '../document-store.js';
import { stringifyExtJson } from '../ext-json.js';
import { compareBson, sortKey } from '../mingo/bson-order.js';
import { compileFilter, project } from '../mingo/semantics.js';
import type { Matcher } from '../mingo/semantics.js';
import { checkFilter, checkFindOptions } from '../query-guard.js';
import type { StoreLimits } from '../query-guard.js';
import { decodeDocument, storedToExtJson } from './codec.js';
import type { DbFile } from './db-file.js';
import { buildPrefilter } from './pushdown.js';

type Connection = Database.Database;

/** Text read per batch, roughly (a batch holds at least one document). */
export const BATCH_BYTES = 1024 * 1024;
/** Rows per batch at most (small documents). */
export const BATCH_ROWS = 1000;
/** Sort keys a sorted cursor may hold, as BSON bytes. */
export const MAX_SORT_KEY_BYTES = 64 * 1024 * 1024;

export interface CursorHost {
  file(): DbFile;
  readonly limits: StoreLimits;
  readonly name: string;
}

interface Row {
  rid: number;
  doc: string;
}

/** One source of rows in rowid order, read in batches: rows of `where`, re-checked by `matcher` if given. */
interface Source {
  where: string;
  matcher: Matcher | null;
}

/** ` WHERE (...) AND rid > @cursor_after` from a prefilter's ` WHERE ...` (or ''). */
function after(where: string): string {
  return where === ''
    ? ' WHERE rid > @cursor_after'
    : ` WHERE (${where.slice(' WHERE '.length)}) AND rid > @cursor_after`;
}

/** Runs `work` on the collection's table in one read transaction; `absent` without the table. */
function withTable<T>(host: CursorHost, absent: T, work: (conn: Connection, tbl: string) => T): T {
  const file = host.file();
  return file.reading(absent, (conn) => {
    const tbl = file.tableOf(conn, host.name);
    return tbl ? work(conn, tbl) : absent;
  });
}

interface Match {
  rid: number;
  text: string;
  doc: Document | null;
}

/**
 * The next batch of one source after `last`: its matches and the last rowid read (matched or
 * not), or null when the source has no rows left.
 */
function readBatch(
  host: CursorHost,
  source: Source,
  params: Record<string, unknown>,
  last: number,
  wanted: number,
  offset: number,
): { matches: Match[]; last: number } | null {
  return withTable(host, null, (conn, tbl) => {
    const sql = `SELECT rid, doc FROM "${tbl}"${after(source.where)} ORDER BY rid`;
    const stmt = host.file().stmt(conn, offset > 0 ? `${sql} LIMIT -1 OFFSET ${offset}` : sql);
    const matches: Match[] = [];
    let bytes = 0;
    let rows = 0;
    let seen = last;
    for (const row of stmt.iterate({ ...params, cursor_after: last }) as Iterable<Row>) {
      seen = row.rid;
      rows++;
      let doc: Document | null = null;
      if (source.matcher) {
        doc = decodeDocument(row.doc);
        if (!source.matcher(doc)) {
          if (rows >= BATCH_ROWS * 10) break;
          continue;
        }
      }
      matches.push({ rid: row.rid, text: row.doc, doc });
      bytes += row.doc.length;
      if (bytes >= BATCH_BYTES || matches.length >= BATCH_ROWS || matches.length >= wanted) break;
    }
    // The iterator is closed by the break (or ran out); a statement must not stay open.
    return rows === 0 ? null : { matches, last: seen };
  });
}

/**
 * The matches of several sources merged in rowid order, batch by batch. `offset`: rows the SQL
 * may skip by itself (only for one source the SQL decides alone).
 */
function* mergedBatches(
  host: CursorHost,
  sources: Source[],
  params: Record<string, unknown>,
  limit: number,
  offset = 0,
): Generator<Match[]> {
  const state = sources.map((source) => ({ source, last: 0, buffer: [] as Match[], done: false }));
  let pendingOffset = sources.length === 1 && !sources[0]?.matcher ? offset : 0;
  let remaining = limit > 0 ? limit : Infinity;
  while (remaining > 0) {
    for (const s of state) {
      if (s.buffer.length === 0 && !s.done) {
        // Read until a match comes or the source ends (a batch may match nothing).
        while (s.buffer.length === 0) {
          const batch = readBatch(host, s.source, params, s.last, remaining, pendingOffset);
          pendingOffset = 0;
          if (!batch) {
            s.done = true;
            break;
          }
          s.last = batch.last;
          s.buffer = batch.matches;
        }
      }
    }
    const live = state.filter((s) => s.buffer.length > 0);
    if (live.length === 0) return;
    let out: Match[];
    if (live.length === 1) {
      out = (live[0] as (typeof state)[number]).buffer;
      (live[0] as (typeof state)[number]).buffer = [];
    } else {
      // Merge up to the smallest last rowid of the live buffers: beyond it another source may
      // still have rows to give.
      const bound = Math.min(...live.map((s) => (s.buffer[s.buffer.length - 1] as Match).rid));
      out = [];
      for (const s of live) {
        let i = 0;
        while (i < s.buffer.length && (s.buffer[i] as Match).rid <= bound) out.push(s.buffer[i++] as Match);
        s.buffer = s.buffer.slice(i);
      }
      out.sort((a, b) => a.rid - b.rid);
    }
    if (out.length > remaining) out = out.slice(0, remaining);
    remaining -= out.length;
    yield out;
  }
}

function texts(matches: Match[], projection: Projection | undefined): string[] {
  if (!projection) return matches.map((m) => storedToExtJson(m.text, m.doc));
  return project(
    matches.map((m) => (m.doc ??= decodeDocument(m.text))),
    projection,
  ).map((doc) => stringifyExtJson(doc));
}

interface Keyed {
  rid: number;
  length: number;
  keys: unknown[];
}

function compareKeys(sort: [string, 1 | -1][]) {
  return (x: Keyed, y: Keyed): number => {
    for (let i = 0; i < sort.length; i++) {
      const c = compareBson(x.keys[i], y.keys[i]);
      if (c !== 0) return (sort[i] as [string, 1 | -1])[1] === 1 ? c : -c;
    }
    return x.rid - y.rid;
  };
}

/** The rowids of the window of a sorted read, in order, with their text lengths. */
function sortedWindow(
  host: CursorHost,
  sources: Source[],
  params: Record<string, unknown>,
  sort: SortSpec,
  skip: number,
  limit: number,
): Keyed[] {
  const fields = Object.entries(sort);
  const keyed: Keyed[] = [];
  let bytes = 0;
  for (const batch of mergedBatches(host, sources, params, 0)) {
    for (const m of batch) {
      const doc = (m.doc ??= decodeDocument(m.text));
      const keys = fields.map(([path, direction]) => sortKey(doc, path, direction));
      bytes += 16 + bsonSize({ k: keys });
      if (bytes > MAX_SORT_KEY_BYTES)
        throw new StoreError(
          'BAD_QUERY',
          `the sort needs more than ${MAX_SORT_KEY_BYTES / (1024 * 1024)} MiB of sort keys: narrow the filter or sort on smaller fields`,
        );
      keyed.push({ rid: m.rid, length: m.text.length, keys });
    }
  }
  keyed.sort(compareKeys(fields));
  return keyed.slice(skip, limit > 0 ? skip + limit : undefined);
}

/** The documents of a sorted window, read by rowid in batches of about BATCH_BYTES. */
function* sortedBatches(host: CursorHost, window: Keyed[]): Generator<Match[]> {
  let i = 0;
  while (i < window.length) {
    const part: Keyed[] = [];
    let bytes = 0;
    while (i < window.length && (part.length === 0 || (bytes < BATCH_BYTES && part.length < BATCH_ROWS))) {
      const k = window[i++] as Keyed;
      part.push(k);
      bytes += k.length;
    }
    const rows = withTable(host, [] as Row[], (conn, tbl) => {
      const marks = part.map(() => '?').join(',');
      return host
        .file()
        .stmt(conn, `SELECT rid, doc FROM "${tbl}" WHERE rid IN (${marks})`)
        .all(...part.map((k) => k.rid)) as Row[];
    });
    const byRid = new Map(rows.map((r) => [r.rid, r.doc]));
    // A document deleted since its key was read is left out.
    const out: Match[] = [];
    for (const k of part) {
      const text = byRid.get(k.rid);
      if (text !== undefined) out.push({ rid: k.rid, text, doc: null });
    }
    if (out.length > 0) yield out;
  }
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
  const pre = buildPrefilter(checked);
  const sources: Source[] = pre.split
    ? [
        { where: pre.split.exactWhere, matcher: null },
        { where: pre.split.arrayWhere, matcher: compileFilter(pre.residual) },
      ]
    : [{ where: pre.where, matcher: pre.exact ? null : compileFilter(pre.residual) }];
  const file = host.file();
  withTable(host, undefined, (_conn, tbl) => file.ensureIndexes(tbl, pre.indexPaths, false));
  if (sort) {
    const window = sortedWindow(host, sources, pre.params, sort, skip, limit);
    for (const batch of sortedBatches(host, window)) yield texts(batch, projection);
    return;
  }
  // One source the SQL decides alone skips by OFFSET; otherwise matches are counted off here.
  const sqlSkips = sources.length === 1 && !sources[0]?.matcher;
  let toSkip = sqlSkips ? 0 : skip;
  const wanted = limit > 0 ? (sqlSkips ? limit : skip + limit) : 0;
  for (let batch of mergedBatches(host, sources, pre.params, wanted, sqlSkips ? skip : 0)) {
    if (toSkip > 0) {
      const dropped = Math.min(toSkip, batch.length);
      toSkip -= dropped;
      batch = batch.slice(dropped);
      if (batch.length === 0) continue;
    }
    yield texts(batch, projection);
  }
}
