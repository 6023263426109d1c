/**
 * The reads of the SQLite engine as requests and answers of plain data, so they run the same on a
 * read worker (read-worker.ts, its own connections) or on the node's thread (inline): find, count,
 * the find cursor's steps and aggregate. A request carries the caller's filter and options as
 * given; they are checked here. Answers hold texts, numbers and rowids, which cross threads
 * cheaply:
 * - `find` answers the stored texts (codec.ts) of the matches, projected if asked; the caller
 *   decodes them;
 * - the cursor (cursor.ts) starts with `cursorStart`, which plans the read like a find: natural
 *   order without an index streams by rowid (`cursorStream` steps, each a short read transaction
 *   resuming after the last rowid read); anything else lists its window, lean (read.ts), answers
 *   the first batch's texts and hands back the rest as rowids and text lengths, whose texts
 *   `cursorTexts` reads batch by batch. Every step is a request of its own, so a cursor holds no
 *   state in a worker and its batches may run on any worker, between other requests;
 * - a read answers the automatic indexes it would have used (`wanted`): the node's thread, which
 *   writes, creates them (db-file.ts `ensureAutoIndexes`) and they serve the next reads.
 */
import type { CountOptions, Document, Filter, FindOptions, Projection } from '../document-store.js';
import { stringifyExtJson } from '../ext-json.js';
import { encodeBsonDocuments } from '../bson-batches.js';
import { isPlainObject } from '../bson-values.js';
import { checkCollectionName, checkFilter, checkFindOptions, checkPipeline } from '../query-guard.js';
import type { StoreLimits } from '../query-guard.js';
import { decodeDocument, encodeDocument, storedToExtJson } from './codec.js';
import { tick, withLive } from './deadline.js';
import { mingo } from './mingo-on-demand.js';
import { planRead, wantedIndexes } from './planner.js';
import type { Plan } from './planner.js';
import { pushdown } from './pushdown.js';
import type { Connection, ReadAccess } from './read-access.js';
import { countPlanned, decoded, readPinned, readPlanned } from './read.js';
import type { Match, Window } from './read.js';

/** Text handed out per cursor batch, roughly (a batch holds at least one document). */
export const BATCH_BYTES = 1024 * 1024;
/** Documents per cursor batch at most (small documents). */
export const BATCH_ROWS = 1000;

/** Automatic indexes a read would have used, for the node's thread to create. */
export interface Wanted {
  tbl: string;
  keys: [string, 1 | -1][][];
}

/** Where a natural-order cursor stands between its steps. */
export interface StreamState {
  /** The table it reads: another one (the collection dropped, maybe made again) ends it. */
  tbl: string;
  /** The last rowid read. */
  last: number;
  /** Matches still to pass over (counted here when SQL cannot skip them). */
  toSkip: number;
  /** Matches still to hand out (Infinity: no limit). */
  remaining: number;
  /** Rows SQL skips itself in the next step (only where it decides alone). */
  offset: number;
}

export type ReadRequest =
  | { op: 'find'; collection: string; filter: Filter; options?: FindOptions | undefined }
  | { op: 'count'; collection: string; filter: Filter; options?: CountOptions | undefined }
  | { op: 'cursorStart'; collection: string; filter: Filter; options?: FindOptions | undefined }
  | {
      op: 'cursorStream';
      collection: string;
      filter: Filter;
      projection?: Projection | undefined;
      stream: StreamState;
    }
  | {
      op: 'cursorTexts';
      collection: string;
      tbl: string;
      rids: number[];
      projection?: Projection | undefined;
    }
  | { op: 'aggregate'; collection: string; pipeline: Document[] }
  | { op: 'bsonBatch'; collection: string; after: number };

export interface FindAnswer {
  /** Stored texts (codec.ts). */
  texts: string[];
  wanted: Wanted[];
}

export interface CountAnswer {
  count: number;
  wanted: Wanted[];
}

/** Rowids and text lengths of a listed cursor's matches after its first batch. */
export interface Listed {
  /** The table listed: another one (the collection dropped, maybe made again) has none of them. */
  tbl: string;
  rids: Float64Array;
  lengths: Float64Array;
}

export interface CursorStartAnswer {
  /** Relaxed Extended JSON texts of the first batch (may be empty). */
  batch: string[];
  /** The rest of a listed cursor, or null. */
  listed: Listed | null;
  /** The next step of a streaming cursor, or null when it is done. */
  stream: StreamState | null;
  wanted: Wanted[];
}

export interface CursorStepAnswer {
  batch: string[];
  stream: StreamState | null;
}

export interface AggregateAnswer {
  docs: Document[];
}

/** A batch of a collection's documents as BSON (exports: the caller's thread handles bytes only). */
export interface BsonBatchAnswer {
  /** The documents one after another, each `BSON.serialize(doc, { ignoreUndefined: true })`. */
  bson: Uint8Array;
  documents: number;
  /** Each document's SHA-256's first four bytes (`BsonBatch.hashes`). */
  hashes: Uint32Array;
  /** The last rowid read: the next batch starts after it; null when the collection is done. */
  last: number | null;
}

export type ReadAnswer<R extends ReadRequest> = R['op'] extends 'find'
  ? FindAnswer
  : R['op'] extends 'count'
    ? CountAnswer
    : R['op'] extends 'cursorStart'
      ? CursorStartAnswer
      : R['op'] extends 'cursorStream' | 'cursorTexts'
        ? CursorStepAnswer
        : R['op'] extends 'bsonBatch'
          ? BsonBatchAnswer
          : AggregateAnswer;

/** Runs one read (synchronous; it may throw MingoNotLoaded: see mingo-on-demand.ts `withMingo`). */
export function runRead(
  access: ReadAccess,
  limits: StoreLimits,
  request: ReadRequest,
): FindAnswer | CountAnswer | CursorStartAnswer | CursorStepAnswer | AggregateAnswer | BsonBatchAnswer {
  switch (request.op) {
    case 'find':
      return find(access, limits, request.collection, request.filter, request.options);
    case 'count':
      return count(access, limits, request.collection, request.filter, request.options);
    case 'cursorStart':
      return cursorStart(access, limits, request.collection, request.filter, request.options);
    case 'cursorStream':
      return streamStep(access, request.collection, request.filter, request.stream, request.projection);
    case 'cursorTexts':
      return {
        batch: textsByRid(access, request.collection, request.tbl, request.rids, request.projection),
        stream: null,
      };
    case 'aggregate':
      return aggregate(access, limits, request.collection, request.pipeline);
    case 'bsonBatch':
      return bsonBatch(access, request.collection, request.after);
  }
}

/**
 * The documents after rowid `after`, in natural order, as BSON: up to BATCH_ROWS of them or about
 * BATCH_BYTES of stored text, each decoded and encoded here (on a read worker, off the node's
 * thread), into one buffer that crosses to the caller without a copy.
 */
function bsonBatch(access: ReadAccess, collection: string, after: number): BsonBatchAnswer {
  const docs: Document[] = [];
  let text = 0;
  let last = after;
  const more = withTable(access, collection, false, (conn, tbl) => {
    const stmt = access.stmt(conn, `SELECT rid, doc FROM "${tbl}" WHERE rid > ? ORDER BY rid`);
    for (const row of stmt.iterate(after) as Iterable<{ rid: number; doc: string }>) {
      tick();
      docs.push(decodeDocument(row.doc));
      text += row.doc.length;
      last = row.rid;
      if (text >= BATCH_BYTES || docs.length >= BATCH_ROWS) return true;
    }
    return false;
  });
  return { ...encodeBsonDocuments(docs), last: more ? last : null };
}

/** Runs `work` on the collection's table in one read transaction; `absent` without it. */
function withTable<T>(
  access: ReadAccess,
  collection: string,
  absent: T,
  work: (conn: Connection, tbl: string) => T,
): T {
  return access.reading(absent, (conn) => {
    const tbl = access.tableOf(conn, collection);
    return tbl ? work(conn, tbl) : absent;
  });
}

/**
 * The matching documents of a read, in natural order or sorted, window applied (read.ts); the
 * automatic indexes it would use go to `wanted`.
 */
function matching(
  access: ReadAccess,
  conn: Connection,
  tbl: string,
  filter: Filter,
  window: Window,
  wanted: Wanted[],
): Match[] {
  const pd = pushdown(filter);
  if (pd.pinned) return readPinned(access, conn, tbl, pd.pinned, pd.params, window);
  const indexes = access.indexes(conn, tbl);
  const keys = wantedIndexes(pd, window.sort, indexes);
  if (keys.length > 0) wanted.push({ tbl, keys });
  return readPlanned(access, conn, planRead(tbl, pd, window.sort, indexes), filter, window);
}

function find(
  access: ReadAccess,
  limits: StoreLimits,
  collection: string,
  filter: Filter,
  options: FindOptions | undefined,
): FindAnswer {
  const checked = checkFilter(filter, limits);
  const { sort, projection, skip, limit } = checkFindOptions(options);
  const wanted: Wanted[] = [];
  const found = withTable(access, collection, [], (conn, tbl) =>
    matching(access, conn, tbl, checked, { skip, limit, sort }, wanted),
  );
  if (!projection) return { texts: found.map((m) => m.text as string), wanted };
  const projected = mingo().project(found.map(decoded), projection);
  return { texts: projected.map((doc) => encodeDocument(doc)), wanted };
}

function count(
  access: ReadAccess,
  limits: StoreLimits,
  collection: string,
  filter: Filter,
  options: CountOptions | undefined,
): CountAnswer {
  const checked = checkFilter(filter, limits);
  const { skip, limit } = checkFindOptions({ skip: options?.skip, limit: options?.limit });
  const wanted: Wanted[] = [];
  const total = withTable(access, collection, 0, (conn, tbl) => {
    const pd = pushdown(checked);
    if (pd.pinned) {
      if (pd.pinned.exact)
        return access
          .stmt(conn, `SELECT COUNT(*) FROM "${tbl}"${pd.pinned.where}`, true)
          .get(pd.params) as number;
      return readPinned(access, conn, tbl, pd.pinned, pd.params, { skip: 0, limit: 0 }).length;
    }
    const indexes = access.indexes(conn, tbl);
    const keys = wantedIndexes(pd, undefined, indexes);
    if (keys.length > 0) wanted.push({ tbl, keys });
    return countPlanned(
      access,
      conn,
      planRead(tbl, pd, undefined, indexes),
      checked,
      limit > 0 ? skip + limit : Infinity,
    );
  });
  const afterSkip = Math.max(0, total - skip);
  return { count: limit > 0 ? Math.min(afterSkip, limit) : afterSkip, wanted };
}

function aggregate(
  access: ReadAccess,
  limits: StoreLimits,
  collection: string,
  pipeline: Document[],
): AggregateAnswer {
  checkPipeline(pipeline, limits);
  const first = pipeline[0];
  const match = first && isPlainObject(first.$match) ? first.$match : {};
  const loadAll = (name: string, filter: Filter): Document[] =>
    withTable(access, name, [], (conn, tbl) =>
      matching(access, conn, tbl, filter, { skip: 0, limit: 0 }, []),
    ).map(decoded);
  const docs = mingo().runPipeline(loadAll(collection, match), pipeline, (name: string) => {
    checkCollectionName(name);
    return loadAll(name, {});
  });
  return { docs };
}

// ---------------------------------------------------------------------------------------------
// The find cursor's steps

/** Matches as relaxed Extended JSON texts, projected if asked. */
function texts(matches: Match[], projection: Projection | undefined): string[] {
  if (!projection) return matches.map((m) => storedToExtJson(m.text as string, m.doc));
  return mingo()
    .project(
      matches.map((m) => (m.doc ??= decodeDocument(m.text as string))),
      projection,
    )
    .map((doc: Document) => stringifyExtJson(doc));
}

function cursorStart(
  access: ReadAccess,
  limits: StoreLimits,
  collection: string,
  filter: Filter,
  options: FindOptions | undefined,
): CursorStartAnswer {
  const checked = checkFilter(filter, limits);
  const { sort, projection, skip, limit } = checkFindOptions(options);
  const wanted: Wanted[] = [];
  const window: Window = { skip, limit, sort };
  const started = withTable(
    access,
    collection,
    null,
    (conn, tbl): { first: Match[]; listed: Listed | null } | { stream: StreamState } => {
      const pd = pushdown(checked);
      if (pd.pinned)
        return leadingBatch(access, conn, tbl, readPinned(access, conn, tbl, pd.pinned, pd.params, window));
      const indexes = access.indexes(conn, tbl);
      const keys = wantedIndexes(pd, sort, indexes);
      if (keys.length > 0) wanted.push({ tbl, keys });
      const plan = planRead(tbl, pd, sort, indexes);
      if (!sort && plan.index === null) {
        // Where the SQL decides alone it skips by OFFSET; otherwise matches are counted off here.
        const sqlSkips = plan.check === '0';
        return {
          stream: {
            tbl,
            last: 0,
            toSkip: sqlSkips ? 0 : skip,
            remaining: limit > 0 ? limit : Infinity,
            offset: sqlSkips ? skip : 0,
          },
        };
      }
      const listed = readPlanned(access, conn, plan, checked, window, { textBudget: BATCH_BYTES });
      return leadingBatch(access, conn, tbl, listed);
    },
  );
  if (!started) return { batch: [], listed: null, stream: null, wanted };
  if ('stream' in started)
    return { ...streamStep(access, collection, checked, started.stream, projection), listed: null, wanted };
  return { batch: texts(started.first, projection), listed: started.listed, stream: null, wanted };
}

/**
 * Splits a listing into its first batch (texts read, by rowid where the lean listing did not keep
 * them) and the rest as rowids and text lengths.
 */
function leadingBatch(
  access: ReadAccess,
  conn: Connection,
  tbl: string,
  listed: Match[],
): { first: Match[]; listed: Listed | null } {
  let n = 0;
  let bytes = 0;
  while (n < listed.length && (n === 0 || (bytes < BATCH_BYTES && n < BATCH_ROWS))) {
    bytes += (listed[n] as Match).length;
    n++;
  }
  const first = listed.slice(0, n);
  const missing = first.filter((m) => m.text === null);
  if (missing.length > 0) {
    const byRid = readByRid(
      access,
      conn,
      tbl,
      missing.map((m) => m.rid),
    );
    for (const m of missing) m.text = byRid.get(m.rid) ?? null;
  }
  const rest = listed.length - n;
  if (rest === 0) return { first: first.filter((m) => m.text !== null), listed: null };
  // Float64: rowids are integers below 2^53 here (SQLite allots them in order from 1).
  const rids = new Float64Array(rest);
  const lengths = new Float64Array(rest);
  for (let i = 0; i < rest; i++) {
    const m = listed[n + i] as Match;
    rids[i] = m.rid;
    lengths[i] = m.length;
  }
  return { first: first.filter((m) => m.text !== null), listed: { tbl, rids, lengths } };
}

function readByRid(access: ReadAccess, conn: Connection, tbl: string, rids: number[]): Map<number, string> {
  const rows = access
    .stmt(conn, `SELECT rid, doc FROM "${tbl}" WHERE rid IN (${rids.map(() => '?').join(',')})`)
    .all(...rids) as { rid: number; doc: string }[];
  return new Map(rows.map((r) => [r.rid, r.doc]));
}

/**
 * The texts of listed matches by rowid, in the listing's order; a document deleted since it was
 * listed is left out, one updated meanwhile is read as it is now. Nothing when the collection's
 * table is not the one listed any more.
 */
function textsByRid(
  access: ReadAccess,
  collection: string,
  listedTbl: string,
  rids: number[],
  projection: Projection | undefined,
): string[] {
  const found = withTable(access, collection, new Map<number, string>(), (conn, tbl) =>
    tbl === listedTbl ? readByRid(access, conn, tbl, rids) : new Map<number, string>(),
  );
  const matches: Match[] = [];
  for (const rid of rids) {
    const text = found.get(rid);
    if (text !== undefined) matches.push({ rid, id: '', size: 0, text, doc: null, length: text.length });
  }
  return texts(matches, projection);
}

interface Row {
  rid: number;
  doc: string;
  chk: number;
}

/**
 * One step of a natural-order cursor: the next rows after `state.last` (at most BATCH_ROWS
 * matches, about BATCH_BYTES of text, or BATCH_ROWS × 10 rows read), in one read transaction.
 */
function streamStep(
  access: ReadAccess,
  collection: string,
  filter: Filter,
  state: StreamState,
  projection: Projection | undefined,
): CursorStepAnswer {
  if (state.remaining <= 0) return { batch: [], stream: null };
  const wanted = Math.min(state.remaining + state.toSkip, BATCH_ROWS);
  const read = withTable(access, collection, null, (conn, tbl) => {
    // The collection was dropped (and maybe made again) since: nothing of it is left to read.
    if (tbl !== state.tbl) return null;
    // Planned again without indexes: natural order through the table, as the cursor began.
    const plan: Plan = planRead(tbl, pushdown(filter), undefined, []);
    const sql = `SELECT rid, doc, ${plan.check} AS chk FROM ${plan.from}${withLive(plan.where)} AND rid > @cursor_after ORDER BY rid`;
    const stmt = access.stmt(conn, state.offset > 0 ? `${sql} LIMIT -1 OFFSET ${state.offset}` : sql);
    const matches: Match[] = [];
    let test: ((doc: Document) => boolean) | null = null;
    let bytes = 0;
    let rows = 0;
    let seen = state.last;
    for (const row of stmt.iterate({ ...plan.params, cursor_after: state.last }) as Iterable<Row>) {
      tick();
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
  if (!read) return { batch: [], stream: null };
  let found = read.matches;
  let toSkip = state.toSkip;
  if (toSkip > 0) {
    const dropped = Math.min(toSkip, found.length);
    toSkip -= dropped;
    found = found.slice(dropped);
  }
  if (found.length > state.remaining) found = found.slice(0, state.remaining);
  const remaining = state.remaining - found.length;
  return {
    batch: texts(found, projection),
    stream: remaining > 0 ? { tbl: state.tbl, last: read.last, toSkip, remaining, offset: 0 } : null,
  };
}
