/**
 * Options mingo can use without rebuilding its operator tables.
 *
 * Handed plain options (`{context, ...}`), mingo's `ComputeOptions.init` copies the whole context
 * (six operator maps, ~300 functions) on every `new Query`, every projection and every
 * `updateOne` of `mingo/updater` (which copies it again to add operators). For a one-document
 * update that copy was most of the CPU time (profiled: `Context.from`/`addOps`/`init`).
 * Handed an already initialised `ComputeOptions`, `init` only copies its small locals.
 *
 * mingo 7 does not export the `ComputeOptions` class, so it is taken from the options a query
 * operator receives while a throwaway query on a throwaway context compiles. If a future mingo
 * changes that, `precompileOptions` answers null and callers keep the plain (slower, equally
 * correct) options.
 */
import { Context } from 'mingo';
import { Query } from 'mingo/query';
import type { Options } from 'mingo/types';

/** The part of mingo's ComputeOptions we rely on. */
export interface ComputeOptionsInstance {
  readonly options: Options;
  readonly local: Record<string, unknown>;
  update(locals: Record<string, unknown>): ComputeOptionsInstance;
}

interface ComputeOptionsClass {
  init(options: unknown): ComputeOptionsInstance;
}

function findComputeOptionsClass(): ComputeOptionsClass | null {
  let captured: unknown = null;
  try {
    const probe = Context.init({
      query: {
        $probe: (_selector: string, _value: unknown, options: unknown) => {
          captured = options;
          return () => true;
        },
      },
    });
    new Query({ x: { $probe: 1 } }, { context: probe });
  } catch {
    return null;
  }
  const cls = (captured as { constructor?: unknown } | null)?.constructor as ComputeOptionsClass | undefined;
  if (typeof cls?.init !== 'function') return null;
  try {
    // The cheap path must hold: init on an instance gives a new instance sharing its options.
    const first = cls.init({ idKey: '_id' });
    const second = cls.init(first);
    if (!(second instanceof (cls as unknown as new () => unknown)) || second.options !== first.options)
      return null;
  } catch {
    return null;
  }
  return cls;
}

const COMPUTE_OPTIONS = findComputeOptionsClass();

export interface PrecompiledOptions {
  /** What to hand `new Query(...)` and the operators: the initialised instance, or the plain options. */
  readonly shared: Partial<Options>;
  /**
   * A fresh instance (its own locals) with `locals` added, for code that sets locals the way
   * `mingo/updater` does; null when the class could not be found.
   */
  fresh(locals: Record<string, unknown>): ComputeOptionsInstance | null;
}

/**
 * Initialises `options` once. The instance's context is mingo's own copy of `options.context`,
 * so nothing mingo might add to it at run time reaches the caller's context.
 */
export function precompileOptions(options: Partial<Options>): PrecompiledOptions {
  const cls = COMPUTE_OPTIONS;
  if (!cls) return { shared: options, fresh: () => null };
  const instance = cls.init(options);
  return {
    shared: instance as unknown as Partial<Options>,
    fresh: (locals) => cls.init(instance).update(locals),
  };
}

/** True when mingo's options are reused (false = fallback to plain options). For tests. */
export const optionsReused = COMPUTE_OPTIONS !== null;
