/**
 * Runs a read plan (planner.ts): the main rows in SQL order, the special rows checked by mingo and
 * merged in, the window (`skip`/`limit`) applied. A row's text is decoded only when mingo must look
 * at it, a special row must be merged by its sort keys, or JavaScript sorts: where SQL decides,
 * texts go out as stored.
 *
 * A cursor (cursor.ts) reads the window *lean*: each match keeps its rowid and text length, and its
 * text only while the texts kept stay under a budget (the first batch); what it sorts by is kept as
 * sort keys, not documents (at most MAX_SORT_KEY_BYTES of them, past that BAD_QUERY, as MongoDB
 * refuses a large in-memory sort).
 */
import type Database from 'better-sqlite3';
import { bsonSize } from '../bson-size.js';
import type { Document, Filter, SortSpec } from '../document-store.js';
import { StoreError } from '../document-store.js';
import { compareBson, sortKey } from '../mingo/bson-order.js';
import type { Matcher } from '../mingo/semantics.js';
import { decodeDocument } from './codec.js';
import { tick, withLive } from './deadline.js';
import { mingo } from './mingo-on-demand.js';
import type { Plan } from './planner.js';
import type { Pinned } from './pushdown.js';
import type { ReadAccess } from './read-access.js';

type Connection = Database.Database;

/** A matching document: its row and stored text, decoded once something needed it. */
export interface Match {
  rid: number;
  id: string;
  size: number;
  /** The stored text; null in a lean read once the budget for texts is spent (read it by rid). */
  text: string | null;
  doc: Document | null;
  /** Characters of the stored text. */
  length: number;
  /** Sort keys computed in a lean read (the document itself is not kept). */
  keys?: unknown[];
}

/** Sort keys a lean read may hold, as BSON bytes. */
export const MAX_SORT_KEY_BYTES = 64 * 1024 * 1024;

/** How a cursor reads a window: texts kept up to `textBudget` characters, the rest by reference. */
export interface Lean {
  textBudget: number;
}

export function decoded(m: Match): Document {
  if (m.doc) return m.doc;
  if (m.text === null) throw new Error('a lean match has no text to decode');
  return (m.doc = decodeDocument(m.text));
}

/** A match as `readPlanned` keeps it: whole, or lean (text only within the budget, keys if sorted). */
class Keeper {
  private budget: number;
  private keyBytes = 0;

  constructor(
    private readonly lean: Lean | undefined,
    /** The sort whose keys a lean read keeps (when matches are sorted or merged by keys). */
    private readonly sortFields: [string, 1 | -1][] | null,
  ) {
    this.budget = lean?.textBudget ?? Infinity;
  }

  keep(row: { rid: number; id: string; size: number; doc: string }, doc: Document | null): Match {
    const m: Match = { rid: row.rid, id: row.id, size: row.size, text: row.doc, doc, length: row.doc.length };
    if (!this.lean) return m;
    if (this.sortFields) {
      const d = doc ?? decodeDocument(row.doc);
      m.keys = this.sortFields.map(([path, dir]) => sortKey(d, path, dir));
      this.keyBytes += 16 + bsonSize({ k: m.keys });
      if (this.keyBytes > MAX_SORT_KEY_BYTES)
        throw new StoreError(
          'BAD_QUERY',
          `the sort needs more than ${MAX_SORT_KEY_BYTES / (1024 * 1024)} MiB of sort keys: narrow the filter or sort on smaller fields`,
        );
    }
    m.doc = null;
    if (this.budget >= m.length) this.budget -= m.length;
    else {
      this.budget = 0;
      m.text = null;
    }
    return m;
  }
}

export interface Window {
  skip: number;
  /** 0 = no limit. */
  limit: number;
  sort?: SortSpec | undefined;
}

interface MainRow {
  rid: number;
  id: string;
  size: number;
  doc: string;
  chk: number;
  [key: `k${number}`]: unknown;
}

const COLUMNS = 'rid, id, size, doc';

/** The rows mingo matches; the filter is compiled only when there is a row to test. */
function matches(
  rows: Array<{ rid: number; id: string; size: number; doc: string }>,
  test: () => Matcher,
  keeper?: Keeper,
): Match[] {
  const out: Match[] = [];
  for (const row of rows) {
    tick();
    const doc = decodeDocument(row.doc);
    if (!test()(doc)) continue;
    out.push(
      keeper
        ? keeper.keep(row, doc)
        : { rid: row.rid, id: row.id, size: row.size, text: row.doc, doc, length: row.doc.length },
    );
  }
  return out;
}

function windowOf(list: Match[], { skip, limit }: Window): Match[] {
  return skip > 0 || limit > 0 ? list.slice(skip, limit > 0 ? skip + limit : undefined) : list;
}

/** MongoDB order of a sort spec, ties in natural order (rid). */
function comparator(sort: SortSpec): (a: Match, b: Match) => number {
  const fields = Object.entries(sort);
  const keys = new Map<Match, unknown[]>();
  const keysOf = (m: Match) => {
    if (m.keys) return m.keys;
    let k = keys.get(m);
    if (!k) {
      const doc = decoded(m);
      k = fields.map(([path, dir]) => sortKey(doc, path, dir));
      keys.set(m, k);
    }
    return k;
  };
  return (a, b) => {
    const ka = keysOf(a);
    const kb = keysOf(b);
    for (let i = 0; i < fields.length; i++) {
      const c = compareBson(ka[i], kb[i]);
      if (c !== 0) return (fields[i] as [string, 1 | -1])[1] === 1 ? c : -c;
    }
    return a.rid - b.rid;
  };
}

/** Two lists each in `order`, merged. */
function merge(a: Match[], b: Match[], order: (x: Match, y: Match) => number): Match[] {
  if (b.length === 0) return a;
  if (a.length === 0) return b;
  const out: Match[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && order(a[i] as Match, b[j] as Match) <= 0))
      out.push(a[i++] as Match);
    else out.push(b[j++] as Match);
  }
  return out;
}

const byRid = (a: Match, b: Match) => a.rid - b.rid;

function sameKeys(a: MainRow, b: MainRow, n: number): boolean {
  for (let i = 0; i < n; i++) {
    const x = a[`k${i}`];
    const y = b[`k${i}`];
    if (x === y) continue;
    if (Buffer.isBuffer(x) && Buffer.isBuffer(y) && x.equals(y)) continue;
    return false;
  }
  return true;
}

/** The rows a pinned `_id` read selects (a few at most), checked and sorted. */
export function readPinned(
  file: ReadAccess,
  conn: Connection,
  tbl: string,
  pinned: Pinned,
  params: Record<string, unknown>,
  window: Window,
): Match[] {
  const rows = file
    .stmt(conn, `SELECT ${COLUMNS} FROM "${tbl}"${pinned.where} ORDER BY rid`)
    .all(params) as MainRow[];
  let found = pinned.exact
    ? rows.map((r) => ({ rid: r.rid, id: r.id, size: r.size, text: r.doc, doc: null, length: r.doc.length }))
    : matches(rows, () => mingo().compileFilter(pinned.residual));
  if (window.sort && found.length > 1) found = [...found].sort(comparator(window.sort));
  return windowOf(found, window);
}

/**
 * The matches of a planned read, in order, window applied. `filter` is the whole (checked) filter.
 * `lean`: a cursor's read (see above).
 */
export function readPlanned(
  file: ReadAccess,
  conn: Connection,
  plan: Plan,
  filter: Filter,
  window: Window,
  lean?: Lean,
): Match[] {
  const { skip, limit, sort } = window;
  let test: Matcher | null = null;
  const matcher = () => (test ??= mingo().compileFilter(filter));
  const specialRows = plan.special
    ? (file
        .stmt(conn, `SELECT ${COLUMNS} FROM ${plan.from}${withLive(plan.special)} ORDER BY rid`)
        .all() as MainRow[])
    : [];
  // Keys are kept when matches are ordered by them in JavaScript: a JavaScript sort, or special
  // rows merged into the main rows' order.
  const byKeys = sort && (plan.jsSort || (plan.order !== null && specialRows.length > 0));
  const keeper = new Keeper(lean, byKeys && sort ? Object.entries(sort) : null);
  const specials = specialRows.length > 0 ? matches(specialRows, matcher, keeper) : [];
  const order = plan.order;
  const select = `SELECT ${COLUMNS}, ${plan.check} AS chk`;
  // Exact rows, nothing to merge: SQL applies the window. The limit is written into the SQL: a
  // bound LIMIT made SQLite's page read over twice as slow (measured: ~56 µs against ~19 µs of
  // CPU); limits are validated integers and few distinct ones are used, so the statements stay cached.
  if (specials.length === 0 && plan.check === '0' && !plan.jsSort && (!order?.reversedTies || skip > 0)) {
    const rows = file
      .stmt(
        conn,
        `${select} FROM ${plan.from}${withLive(plan.where)}${order ? order.sql : ' ORDER BY rid'} LIMIT ${limit > 0 ? limit : -1} OFFSET ?`,
      )
      .all(plan.params, skip) as MainRow[];
    return rows.map((r) => keeper.keep(r, null));
  }
  // Read from the start: the window is cut after merging (and after fixing reversed ties).
  const need = limit > 0 && !plan.jsSort ? skip + limit : Infinity;
  const reversed = order?.reversedTies ?? null;
  const keyColumns = reversed ? order!.keys.map((k, i) => `, ${k} AS k${i}`).join('') : '';
  const sql = `${select}${keyColumns} FROM ${plan.from}${withLive(plan.where)}${reversed ?? order?.sql ?? ' ORDER BY rid'}`;
  const main: Match[] = [];
  const rows: MainRow[] = [];
  let boundary: MainRow | null = null;
  const nKeys = reversed ? order!.keys.length : 0;
  for (const row of file.stmt(conn, sql).iterate(plan.params) as Iterable<MainRow>) {
    tick();
    if (boundary && !(reversed && sameKeys(row, boundary, nKeys))) break;
    let doc: Document | null = null;
    if (row.chk) {
      doc = decodeDocument(row.doc);
      if (!matcher()(doc)) continue;
    }
    main.push(keeper.keep(row, doc));
    // Only the key columns are needed later (not the text).
    if (reversed) rows.push(lean ? { ...row, doc: '' } : row);
    if (main.length >= need && !boundary) boundary = row;
    if (boundary && !reversed) break;
  }
  if (reversed) reverseTies(main, rows, nKeys);
  let all: Match[];
  if (plan.jsSort && sort) {
    all = merge(main, specials, byRid).sort(comparator(sort));
  } else if (sort && order && specials.length > 0) {
    const compare = comparator(sort);
    all = merge(main, specials.sort(compare), compare);
  } else {
    all = merge(main, specials, byRid);
  }
  return windowOf(all, window);
}

/** Rows read backward through an index come with ties in reverse natural order: reverse each run. */
function reverseTies(main: Match[], rows: MainRow[], nKeys: number): void {
  let start = 0;
  for (let i = 1; i <= main.length; i++) {
    if (i < main.length && sameKeys(rows[i] as MainRow, rows[start] as MainRow, nKeys)) continue;
    if (i - start > 1) {
      const run = main.slice(start, i).reverse();
      main.splice(start, run.length, ...run);
    }
    start = i;
  }
}

/** How many documents a planned read matches, counting at most `cap`. */
export function countPlanned(
  file: ReadAccess,
  conn: Connection,
  plan: Plan,
  filter: Filter,
  cap: number,
): number {
  let test: Matcher | null = null;
  const matcher = () => (test ??= mingo().compileFilter(filter));
  const specials = plan.special
    ? matches(
        file.stmt(conn, `SELECT ${COLUMNS} FROM ${plan.from}${withLive(plan.special)}`).all() as MainRow[],
        matcher,
      ).length
    : 0;
  // Without a condition SQLite counts the table's pages (no row is read): no check needed.
  if (plan.check === '0')
    return (
      specials +
      (file
        .stmt(conn, `SELECT COUNT(*) FROM ${plan.from}${plan.where === '' ? '' : withLive(plan.where)}`, true)
        .get(plan.params) as number)
    );
  let n = specials;
  const rows = file
    .stmt(conn, `SELECT doc, ${plan.check} AS chk FROM ${plan.from}${withLive(plan.where)}`)
    .iterate(plan.params);
  for (const row of rows as Iterable<{ doc: string; chk: number }>) {
    tick();
    if (row.chk && !matcher()(decodeDocument(row.doc))) continue;
    if (++n >= cap) break;
  }
  return n;
}
