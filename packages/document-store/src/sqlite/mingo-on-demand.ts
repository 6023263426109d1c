/**
 * The mingo layer (mingo/semantics.ts, mingo/apply-update.ts), loaded by the SQLite engine on first
 * use rather than with the engine: compiling and linking mingo's CommonJS is about 0.4 s of CPU, the
 * largest part of a start, and a node can answer before any query needs it (SQL decides most
 * filters; the quota charge is one SQL statement). Writes that apply updates await `loadMingo()`
 * first; reads and deletes run without it and, the first time one needs it (a filter SQL does not
 * decide alone, an array on a filtered path, a projection), `withMingo` loads it and runs the call
 * again: a read changes nothing, and a delete's transaction is rolled back before anything of it
 * is stored or charged (its work throws before its `beforeCommit` runs). The sweeps a node starts
 * with delete expired records by a range SQL decides, so they need no mingo.
 */
import type * as ApplyUpdate from '../mingo/apply-update.js';
import type * as Semantics from '../mingo/semantics.js';

type Mingo = typeof Semantics & typeof ApplyUpdate;

let loaded: Mingo | null = null;
let loading: Promise<void> | null = null;

/** Resolves once the layer is loaded; undefined (nothing to wait for) when it is. */
export function loadMingo(): Promise<void> | undefined {
  if (loaded) return undefined;
  loading ??= Promise.all([import('../mingo/semantics.js'), import('../mingo/apply-update.js')]).then(
    ([semantics, applyUpdate]) => {
      loaded = { ...semantics, ...applyUpdate };
    },
  );
  return loading;
}

/** Thrown by `mingo()` before the layer is loaded; `withMingo` loads it and retries. */
export class MingoNotLoaded extends Error {
  override name = 'MingoNotLoaded';
}

export function mingo(): Mingo {
  if (!loaded) throw new MingoNotLoaded('the mingo layer is not loaded yet: await loadMingo() first');
  return loaded;
}

/**
 * Runs a read or a delete; when it needed mingo before it was loaded, loads it and runs it again.
 */
export async function withMingo<T>(call: () => T | Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof MingoNotLoaded)) throw err;
    await loadMingo();
    return call();
  }
}
