/**
 * Time bounds of reads (`maxTimeMS`). A read runs under a `Deadline`; it is checked where the read
 * spends its time, so a read past its bound stops reading and fails with StoreError 'TIMEOUT'
 * (MongoDB's MaxTimeMSExpired):
 * - in SQL: every statement that reads rows of a collection carries the term `LIVE` first in its
 *   WHERE clause, which calls the function `cella_live()` once every 4,096 rowids (the `rid & 4095`
 *   test costs SQLite a few instructions per row; the call a few hundred nanoseconds), and the
 *   function throws past the deadline: SQLite stops the statement and better-sqlite3 rethrows;
 * - in JavaScript: the loops that decode rows and run mingo call `tick()` every 256 rows.
 * The deadline in force is module state (`current`), set around one synchronous piece of work by
 * `bounded`: a read is synchronous (better-sqlite3), so no other read runs meanwhile on the thread.
 * Outside `bounded` (writes selecting their targets, reads without a bound) the checks pass.
 *
 * What neither check reaches (a JavaScript sort of many matches, an aggregation's stages, one long
 * native step) is bounded by the read pool instead: it stops the worker (read-pool.ts).
 */
import type Database from 'better-sqlite3';
import { timeoutError } from '../time-bound.js';

export { timeoutError };

type Connection = Database.Database;

export class Deadline {
  private constructor(
    /** `performance.now()` past which the read fails. */
    private readonly at: number,
    /** The whole bound, for the message. */
    readonly budgetMs: number,
  ) {}

  static after(budgetMs: number, budgetForMessage = budgetMs): Deadline {
    return new Deadline(performance.now() + budgetMs, budgetForMessage);
  }

  /** Milliseconds left (negative past the deadline). */
  left(): number {
    return this.at - performance.now();
  }

  check(): void {
    if (performance.now() > this.at) throw timeoutError(this.budgetMs);
  }
}

let current: Deadline | null = null;
let ticks = 0;

/** Runs `work` (synchronous) under `deadline`: the SQL and JavaScript checks see it. */
export function bounded<T>(deadline: Deadline | null, work: () => T): T {
  const outer = current;
  current = deadline;
  try {
    return work();
  } finally {
    current = outer;
  }
}

/** A row's worth of JavaScript work: checks the deadline every 256 calls. */
export function tick(): void {
  if ((++ticks & 255) === 0) current?.check();
}

/** The SQL term that checks the deadline every 4,096 rowids; first in a WHERE clause. */
export const LIVE = '((rid & 4095) <> 0 OR cella_live())';

/** A statement's ` WHERE …` (or '') with the deadline check first. */
export function withLive(where: string): string {
  return where === '' ? ` WHERE ${LIVE}` : ` WHERE ${LIVE} AND ${where.slice(' WHERE '.length)}`;
}

/** Makes `cella_live()` known to a connection (every connection that runs a read plan). */
export function registerLive(conn: Connection): void {
  conn.function('cella_live', { deterministic: false }, () => {
    current?.check();
    return 1;
  });
}
