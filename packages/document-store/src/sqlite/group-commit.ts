/**
 * Group commit: the write transactions of one database connection within this process, queued and
 * run in batches. A commit costs about the same for one small write as for many (WAL frames written
 * for every page touched, a dozen lock calls), so every write that arrives within one turn of the
 * event loop joins one SQLite transaction, each in a savepoint of its own, and one commit serves them
 * all. With no other write waiting a batch holds one write: then no savepoint is taken.
 *
 * A batch runs every write's work (synchronous, better-sqlite3), then every hook (`beforeCommit`:
 * the quota charge, which writes to another database) at once, then commits. A write whose work
 * throws is rolled back to its savepoint and fails alone. A hook that throws refuses its own write,
 * but the transaction holds the others too: everything is rolled back, that write fails with the
 * hook's error, and the others run again in the next batch, hooks included (a hook may run more
 * than once: the port says so, and the vault's charge gives back what its previous run charged).
 *
 * Why wait for the turn to end (setImmediate) rather than start at once: better-sqlite3 is
 * synchronous and a request's work never yields, so without it no write would ever wait for another
 * and every write would pay a commit of its own. Only one batch runs at a time; writes that arrive
 * while a batch waits for its hooks form the next one. `exclusive` runs a function alone, after the
 * writes queued before it (closing the file).
 */
import type Database from 'better-sqlite3';

type Connection = Database.Database;

/** What the queue needs of its database file. */
export interface GroupCommitHost {
  /** The write connection (opened on first use). */
  connection(): Connection;
  /** Runs a statement without parameters (a cached prepared statement). */
  exec(conn: Connection, sql: string): void;
  /** Called after a rollback (full or to a savepoint): caches of the schema may be stale. */
  rolledBack(conn: Connection): void;
}

/** Writes per batch (a bulk insert is one write, however many documents it holds). */
const MAX_BATCH = 64;

interface Settle {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface TxEntry extends Settle {
  kind: 'tx';
  work: (conn: Connection) => unknown;
  hook: ((result: unknown) => void | Promise<void>) | undefined;
}

interface SoloEntry extends Settle {
  kind: 'solo';
  run: () => unknown;
}

type Entry = TxEntry | SoloEntry;

/** A hook's outcome: undefined when it accepted its write. */
type Refusal = { error: unknown } | undefined;

export class GroupCommit {
  private queue: Entry[] = [];
  private scheduled = false;
  private running = false;

  constructor(private readonly host: GroupCommitHost) {}

  /** No write queued or running. */
  get idle(): boolean {
    return this.queue.length === 0 && !this.running && !this.scheduled;
  }

  /**
   * Runs `work` in a write transaction, then `hook(result)`; resolves with the result once the
   * transaction holding it committed. Rejects (storing nothing of this write) when either throws.
   */
  transaction<T>(work: (conn: Connection) => T, hook?: (result: T) => void | Promise<void>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({
        kind: 'tx',
        work,
        hook: hook as TxEntry['hook'],
        resolve: resolve as Settle['resolve'],
        reject,
      });
      this.schedule();
    });
  }

  /** Runs `fn` alone, after every write queued before it, outside any transaction. */
  exclusive<T>(fn: () => T): Promise<Awaited<T>> {
    return new Promise<Awaited<T>>((resolve, reject) => {
      this.queue.push({ kind: 'solo', run: fn, resolve: resolve as Settle['resolve'], reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.running) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.drain();
    });
  }

  private drain(): void {
    while (!this.running && this.queue.length > 0) {
      const head = this.queue[0] as Entry;
      let pending: Promise<void> | undefined;
      if (head.kind === 'solo') {
        this.queue.shift();
        pending = runSolo(head);
      } else {
        let n = 0;
        while (n < this.queue.length && n < MAX_BATCH && this.queue[n]?.kind === 'tx') n++;
        pending = this.runBatch(this.queue.splice(0, n) as TxEntry[]);
      }
      if (pending) {
        this.running = true;
        void pending.then(() => {
          this.running = false;
          this.drain();
        });
      }
    }
  }

  /** One transaction for `batch`; returns a promise while hooks are pending. Never rejects. */
  private runBatch(batch: TxEntry[]): Promise<void> | undefined {
    let conn: Connection;
    try {
      conn = this.host.connection();
      this.host.exec(conn, 'BEGIN IMMEDIATE');
    } catch (err) {
      for (const entry of batch) entry.reject(err);
      return undefined;
    }
    const single = batch.length === 1;
    const done: { entry: TxEntry; result: unknown }[] = [];
    for (const [i, entry] of batch.entries()) {
      try {
        if (!single) this.host.exec(conn, 'SAVEPOINT w');
        const result = entry.work(conn);
        if (!single) this.host.exec(conn, 'RELEASE w');
        done.push({ entry, result });
      } catch (err) {
        entry.reject(err);
        if (!single && conn.inTransaction && this.undoSavepoint(conn)) continue;
        // The transaction is gone with the others' work (SQLite ended it, or the savepoint could
        // not be undone): they run again in the next batch.
        this.abort(conn);
        this.queue.unshift(...done.map((d) => d.entry), ...batch.slice(i + 1));
        return undefined;
      }
    }
    let waiting = false;
    const outcomes = done.map(({ entry, result }): Refusal | Promise<Refusal> => {
      if (!entry.hook) return undefined;
      try {
        const hooked = entry.hook(result);
        if (!(hooked instanceof Promise)) return undefined;
        waiting = true;
        return hooked.then(
          () => undefined,
          (error: unknown) => ({ error }),
        );
      } catch (error) {
        return { error };
      }
    });
    if (!waiting) {
      this.finish(conn, done, outcomes as Refusal[]);
      return undefined;
    }
    return Promise.all(outcomes.map((o) => Promise.resolve(o))).then((settled) =>
      this.finish(conn, done, settled),
    );
  }

  private finish(conn: Connection, done: { entry: TxEntry; result: unknown }[], outcomes: Refusal[]): void {
    if (outcomes.every((o) => o === undefined)) {
      try {
        this.host.exec(conn, 'COMMIT');
      } catch (err) {
        this.abort(conn);
        for (const { entry } of done) entry.reject(err);
        return;
      }
      for (const { entry, result } of done) entry.resolve(result);
      return;
    }
    this.abort(conn);
    const again: TxEntry[] = [];
    done.forEach(({ entry }, i) => {
      const refusal = outcomes[i];
      if (refusal) entry.reject(refusal.error);
      else again.push(entry);
    });
    this.queue.unshift(...again);
  }

  /** Rolls back to the savepoint of the write that failed; false when that failed too. */
  private undoSavepoint(conn: Connection): boolean {
    try {
      this.host.exec(conn, 'ROLLBACK TO w');
      this.host.exec(conn, 'RELEASE w');
      this.host.rolledBack(conn);
      return true;
    } catch {
      return false;
    }
  }

  private abort(conn: Connection): void {
    try {
      if (conn.inTransaction) this.host.exec(conn, 'ROLLBACK');
    } catch {
      // Nothing left to undo (SQLite rolled back already).
    }
    this.host.rolledBack(conn);
  }
}

function runSolo(entry: SoloEntry): Promise<void> | undefined {
  try {
    const out = entry.run();
    if (!(out instanceof Promise)) {
      entry.resolve(out);
      return undefined;
    }
    return out.then(entry.resolve, entry.reject);
  } catch (err) {
    entry.reject(err);
    return undefined;
  }
}
