/**
 * Lists answered in pages. A node caps each answer (16 MiB by default); a list cut there carries
 * `next_skip`, the `skip` that continues it. The SDK's list calls follow it, so callers get the
 * whole list (or the `limit` they asked for) whatever its size.
 */

/** One page: its items and, when the node cut the answer, where the rest starts. */
export interface Page<T> {
  items: T[];
  nextSkip: number | undefined;
}

/**
 * Asks for pages from `skip` until the list ends or `limit` items are in (`limit` 0 or absent:
 * no limit); `fetchPage(skip, limit)` asks for one page with the items still wanted.
 */
export async function allPages<T>(
  fetchPage: (skip: number, limit: number | undefined) => Promise<Page<T>>,
  skip = 0,
  limit?: number,
): Promise<T[]> {
  const all: T[] = [];
  let from = skip;
  for (;;) {
    const wanted = limit ? limit - all.length : undefined;
    const page = await fetchPage(from, wanted);
    all.push(...page.items);
    if (page.nextSkip === undefined || page.nextSkip <= from) return all;
    if (limit && all.length >= limit) return all;
    from = page.nextSkip;
  }
}
