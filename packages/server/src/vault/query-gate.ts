/**
 * Fair sharing of the database among callers (issue 21), on any engine: every database query a
 * caller controls — a find or count of the vault database, the condition, `find` and `count` of a
 * script run — is time-bounded and takes a turn of its caller's.
 *
 * - **Time.** A query's bound is the `maxTimeMS` it names (0 or absent: `CELLA_QUERY_TIMEOUT`), at
 *   most `CELLA_QUERY_TIMEOUT_MAX`; the engine stops it there (StoreError TIMEOUT → 400 with
 *   internal_code 50, MongoDB's MaxTimeMSExpired).
 * - **Turns.** A caller — a DID, or the address of an anonymous script run (`ip:` + its /64 for
 *   IPv6) — runs at most `perCaller` queries at once; more wait in line, first come first served,
 *   up to `queue` of them; past the line, or after waiting their whole bound, a query is refused with
 *   429 and `Retry-After` (nothing ran). A cursor takes a turn for each batch it reads, not while its
 *   answer is written out, so a slow reader of a long answer keeps no turn between batches.
 * One caller filling the engine with scans therefore holds at most `perCaller` of its threads (the
 * SQLite engine adds a thread for another vault left waiting: docs/document-store.md, "Threads").
 * State is per process and in memory: a line is a few closures; it is dropped when empty.
 */
import { CellaError } from '../errors.js';

export interface QueryGateSettings {
  /** Queries of one caller running at once. */
  perCaller: number;
  /** Queries of one caller waiting for a turn; more are refused (429). */
  queue: number;
  /** The bound of a query that names none, ms. */
  defaultMs: number;
  /** The most a query may ask for, ms (more counts as this). */
  maxMs: number;
}

/** The node's defaults (config.ts): 2 queries per caller at once, 32 waiting, 5 s, at most 60 s. */
export const DEFAULT_QUERY_GATE: QueryGateSettings = {
  perCaller: 2,
  queue: 32,
  defaultMs: 5000,
  maxMs: 60_000,
};

export interface QueryGateHooks {
  /** A query refused (429): its caller's line was full, or it waited its whole bound. */
  refused(): void;
}

interface Waiter {
  grant: () => void;
  timer: NodeJS.Timeout;
}

interface Line {
  running: number;
  waiting: Waiter[];
}

/** The key of an anonymous caller's queries: its address (rate-limits/client-key.ts `ipKey`). */
export const anonymousAsker = (addressKey: string): string => `ip:${addressKey}`;

export class QueryGate {
  private readonly lines = new Map<string, Line>();

  constructor(
    private readonly settings: QueryGateSettings,
    private readonly hooks: QueryGateHooks = { refused: () => undefined },
  ) {}

  /** The bound of a query that asks for `maxTimeMS` (absent or 0: the default), at most the cap. */
  bound(maxTimeMS?: number): number {
    if (maxTimeMS === undefined || maxTimeMS <= 0) return this.settings.defaultMs;
    return Math.min(maxTimeMS, this.settings.maxMs);
  }

  /** Queries waiting for a turn, all callers together (metrics). */
  get waiting(): number {
    let n = 0;
    for (const line of this.lines.values()) n += line.waiting.length;
    return n;
  }

  /** Runs `query` in a turn of `asker`'s, waiting at most `boundMs` for it. */
  async run<T>(asker: string, boundMs: number, query: () => Promise<T>): Promise<T> {
    const release = await this.turn(asker, boundMs);
    try {
      return await query();
    } finally {
      release();
    }
  }

  /** `cursor`, each of whose batches is read in a turn of `asker`'s (waiting at most `boundMs`). */
  async *cursor<T>(asker: string, boundMs: number, cursor: AsyncIterable<T>): AsyncGenerator<T> {
    const iterator = cursor[Symbol.asyncIterator]();
    let done = false;
    try {
      for (;;) {
        const release = await this.turn(asker, boundMs);
        let step: IteratorResult<T>;
        try {
          step = await iterator.next();
        } finally {
          release();
        }
        if (step.done) {
          done = true;
          return;
        }
        yield step.value;
      }
    } finally {
      // Left early (or failed): the engine's cursor lets go of what it holds.
      if (!done) await iterator.return?.();
    }
  }

  /** Waits for a turn of `asker`'s; resolves with the function that gives it back. */
  private turn(asker: string, boundMs: number): Promise<() => void> {
    let line = this.lines.get(asker);
    if (!line) this.lines.set(asker, (line = { running: 0, waiting: [] }));
    const release = this.releaser(asker, line);
    if (line.running < this.settings.perCaller) {
      line.running++;
      return Promise.resolve(release);
    }
    if (line.waiting.length >= this.settings.queue) {
      this.drop(asker, line);
      return Promise.reject(this.busy(`${this.settings.perCaller} run and ${line.waiting.length} wait`));
    }
    const current = line;
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => {
          clearTimeout(waiter.timer);
          resolve(release);
        },
        timer: setTimeout(() => {
          current.waiting.splice(current.waiting.indexOf(waiter), 1);
          this.drop(asker, current);
          reject(this.busy(`none of them ended within this query's time limit of ${boundMs} ms`));
        }, boundMs),
      };
      current.waiting.push(waiter);
    });
  }

  /** Gives a turn back (once): to the next in line, else the line shrinks. */
  private releaser(asker: string, line: Line): () => void {
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const next = line.waiting.shift();
      if (next) next.grant();
      else {
        line.running--;
        this.drop(asker, line);
      }
    };
  }

  private drop(asker: string, line: Line): void {
    if (line.running === 0 && line.waiting.length === 0) this.lines.delete(asker);
  }

  private busy(why: string): CellaError {
    this.hooks.refused();
    const retryAfterSeconds = Math.max(1, Math.ceil(this.settings.defaultMs / 1000));
    return new CellaError(
      'RATE_LIMITED',
      `too many database queries of yours at once (${why}); retry in ${retryAfterSeconds} s`,
      { retryAfterSeconds },
    );
  }
}
