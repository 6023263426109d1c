/**
 * The query planner of the SQLite engine: picks at most one index for a read and writes its SQL.
 *
 * With an index I on paths P(I) a read is two queries (collection.ts runs them):
 * - the MAIN query reads the rows not special on P(I) (`F = 0` / `K IS NOT NULL`) through I: the
 *   conditions on P(I) are exact there (pushdown.ts), and a sort on paths within P(I) is an ORDER BY
 *   on their keys, which is MongoDB's order — served by I itself when the sort follows I's keys
 *   after its equality-bound ones (a page is an index seek plus `limit` rows, whatever the size of
 *   the collection). Conditions on other paths are kept as supersets (`cond OR K IS NULL`), and the
 *   `check` column marks the rows special on those paths for mingo;
 * - the SPECIAL query reads I's special rows (one seek on NULL, usually empty); mingo checks them
 *   and they are sorted in JavaScript and merged into the main rows.
 * Without a usable index, one query scans the table in natural order (`check` marks the rows that
 * need mingo) and a sort happens in JavaScript.
 *
 * Choosing: the index with the most leading keys bound by equality wins (its matches are the
 * fewest), then one whose next key has a range or `$in`, then one that serves the sort; ties go
 * to fewer keys. SQLite gets the choice with INDEXED BY, so the plan is predictable.
 */
import type { SortSpec } from '../document-store.js';
import { keyExpr, keyablePath } from './bson-key.js';
import { autoIndexName } from '../index-spec.js';
import { regularTerm, specialTerm } from './index-catalog.js';
import type { IndexSpec } from './index-catalog.js';
import type { Pushdown } from './pushdown.js';

export interface SqlOrder {
  /** ` ORDER BY <keys>, rid`: MongoDB order, ties in natural order. */
  sql: string;
  /**
   * When the index serves the sort scanning backward, ` ORDER BY <keys>, rid DESC` is the index's
   * own order (no sorting at all) with ties in reverse natural order; collection.ts reverses each
   * run of equal keys. null when the sort is served forward (or not by the index).
   */
  reversedTies: string | null;
  /** The key expressions of the sort, selected as k0, k1, ... to find runs of equal keys. */
  keys: string[];
}

export interface Plan {
  index: IndexSpec | null;
  /** `"tbl"` or `"tbl" INDEXED BY "ix"`. */
  from: string;
  /** ` WHERE ...` of the main query, or ''. */
  where: string;
  /** SQL: 1 for rows mingo must check. */
  check: string;
  /** ` WHERE ...` of the special rows' query, or null without an index. */
  special: string | null;
  /** The sort in SQL; null for natural order (by rid). */
  order: SqlOrder | null;
  /** A sort was asked for and JavaScript does it (not every sort path is a key of the index). */
  jsSort: boolean;
  params: Record<string, unknown>;
}

type Keys = [string, 1 | -1][];

export function planRead(tbl: string, pd: Pushdown, sort: SortSpec | undefined, indexes: IndexSpec[]): Plan {
  const index = chooseIndex(indexes, pd, sort);
  const covered = new Set(index ? index.keys.map(([p]) => p) : []);
  const unchecked = new Set<string>();
  // A comparison on a single-path index's key (equality, $in, range) excludes its NULLs (special
  // rows) by itself; a separate `K IS NOT NULL` could even be the bound SQLite seeks with, instead
  // of the comparison's. (`$exists` does not compare the key: the term stays.)
  const key = index?.keys.length === 1 ? (index.keys[0] as [string, 1 | -1])[0] : undefined;
  const keyBound = pd.conditions.some((c) => c.path === key && c.kind !== 'other');
  const terms: string[] = index && !keyBound ? [regularTerm(index)] : [];
  const special = (paths: string[]) => paths.map((p) => `${keyExpr(p)} IS NULL`).join(' OR ');
  for (const c of pd.conditions) {
    if (covered.has(c.path)) {
      terms.push(c.sql);
    } else {
      terms.push(`(${c.sql} OR ${keyExpr(c.path)} IS NULL)`);
      unchecked.add(c.path);
    }
  }
  for (const o of pd.ors) {
    const outside = o.paths.filter((p) => !covered.has(p));
    terms.push(outside.length > 0 ? `(${o.sql} OR ${special(outside)})` : o.sql);
    for (const p of outside) unchecked.add(p);
  }
  const check = !pd.complete ? '1' : unchecked.size > 0 ? `(${special([...unchecked])})` : '0';
  const sortKeys = sort ? Object.entries<1 | -1>(sort) : [];
  let order: SqlOrder | null = null;
  if (index && sortKeys.length > 0 && sortKeys.every(([p]) => covered.has(p))) {
    const keys = sortKeys.map(([p]) => keyExpr(p));
    const by = sortKeys.map(([p, dir]) => `${keyExpr(p)}${dir === -1 ? ' DESC' : ''}`).join(', ');
    const direction = servedDirection(index.keys, eqPaths(pd), sortKeys);
    order = {
      sql: ` ORDER BY ${by}, rid`,
      reversedTies: direction === 'backward' ? ` ORDER BY ${by}, rid DESC` : null,
      keys,
    };
  }
  return {
    index,
    from: index ? `"${tbl}" INDEXED BY "${index.sqlName}"` : `"${tbl}"`,
    where: terms.length > 0 ? ` WHERE ${terms.join(' AND ')}` : '',
    check,
    special: index ? ` WHERE ${specialTerm(index)}` : null,
    order,
    jsSort: sortKeys.length > 0 && order === null,
    params: pd.params,
  };
}

/** Paths bound to one value by a top-level equality. */
function eqPaths(pd: Pushdown): Set<string> {
  return new Set(pd.conditions.filter((c) => c.kind === 'eq').map((c) => c.path));
}

/**
 * Whether an index returns rows in the sort's order: after its leading keys bound by equality,
 * its keys must continue with the sort's paths (equality-bound ones left out), in the same
 * directions (forward) or all opposite (backward).
 */
function servedDirection(keys: Keys, eq: Set<string>, sort: Keys): 'forward' | 'backward' | null {
  let e = 0;
  while (e < keys.length && eq.has((keys[e] as [string, 1 | -1])[0])) e++;
  const wanted = sort.filter(([p]) => !eq.has(p));
  if (wanted.length === 0) return 'forward';
  let relation: number | null = null;
  for (let i = 0; i < wanted.length; i++) {
    const key = keys[e + i];
    const [path, dir] = wanted[i] as [string, 1 | -1];
    if (!key || key[0] !== path) return null;
    const r = key[1] * dir;
    if (relation !== null && r !== relation) return null;
    relation = r;
  }
  return relation === 1 ? 'forward' : 'backward';
}

function score(index: IndexSpec, pd: Pushdown, sort: Keys): number {
  const eq = eqPaths(pd);
  let e = 0;
  while (e < index.keys.length && eq.has((index.keys[e] as [string, 1 | -1])[0])) e++;
  const next = index.keys[e]?.[0];
  const ranged =
    next !== undefined &&
    pd.conditions.some((c) => c.path === next && (c.kind === 'range' || c.kind === 'in'));
  const sorted = sort.length > 0 && servedDirection(index.keys, eq, sort) !== null;
  return e * 4 + (ranged ? 2 : 0) + (sorted ? 1 : 0);
}

export function chooseIndex(
  indexes: IndexSpec[],
  pd: Pushdown,
  sort: SortSpec | undefined,
): IndexSpec | null {
  const sortKeys = sort ? Object.entries<1 | -1>(sort) : [];
  let best: IndexSpec | null = null;
  let bestScore = 0;
  for (const index of indexes) {
    const s = score(index, pd, sortKeys);
    if (s > bestScore || (s === bestScore && s > 0 && best && index.keys.length < best.keys.length)) {
      best = index;
      bestScore = s;
    }
  }
  return best;
}

/**
 * The automatic indexes a read would use (docs/document-store.md, "Indexes"): one per path with an
 * equality, `$in` or range that no index leads with, and — when the filter binds no path by
 * equality — one on the sort's keys unless an index serves the sort already. Single-path sorts
 * use an ascending index (scanned backward for -1).
 */
export function wantedIndexes(pd: Pushdown, sort: SortSpec | undefined, indexes: IndexSpec[]): Keys[] {
  const wanted: Keys[] = [];
  const leads = new Set(indexes.map((i) => (i.keys[0] as [string, 1 | -1])[0]));
  for (const c of pd.conditions) {
    if (c.kind === 'other' || leads.has(c.path)) continue;
    leads.add(c.path);
    wanted.push([[c.path, 1]]);
  }
  const sortKeys = sort ? Object.entries<1 | -1>(sort) : [];
  if (
    sortKeys.length > 0 &&
    sortKeys.length <= 4 &&
    sortKeys.every(([p]) => keyablePath(p)) &&
    !pd.conditions.some((c) => c.kind === 'eq')
  ) {
    const keys: Keys = sortKeys.length === 1 ? [[(sortKeys[0] as [string, 1 | -1])[0], 1]] : sortKeys;
    const served = indexes.some((i) => servedDirection(i.keys, new Set(), sortKeys) !== null);
    const name = autoIndexName(keys);
    if (!served && !wanted.some((w) => autoIndexName(w) === name)) wanted.push(keys);
  }
  return wanted;
}
