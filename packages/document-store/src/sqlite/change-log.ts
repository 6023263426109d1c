/**
 * The change log on SQLite: rows of `_cella_log` in the database's own file (its table is in
 * db-file.ts's schema). A logged write
 * inserts its entries inside its own work, i.e. inside its savepoint of the group commit
 * (group-commit.ts): they commit with the write, roll back with it, and run again with it when its
 * batch runs again. AUTOINCREMENT keeps sequence numbers growing after the newest rows are trimmed
 * (SQLite remembers the largest in `sqlite_sequence`), and commits are serialised by SQLite's write
 * lock (every process on the file), so readers on the read connection see the rows in order,
 * without holes: a prefix of the log.
 */
import type Database from 'better-sqlite3';
import type {
  Change,
  ChangeLog,
  ChangeLogSettings,
  LogBounds,
  LogContext,
  LogRecord,
  TrimOptions,
} from '../document-store.js';
import { boundsOf, MAX_LOG_READ } from '../document-store.js';
import type { DbFile } from './db-file.js';

type Connection = Database.Database;

const HEAD = "SELECT seq FROM sqlite_sequence WHERE name = '_cella_log'";
const INSERT = 'INSERT INTO _cella_log (at, entry) VALUES (?, ?)';

/** What the log needs of its database. */
export interface LogHost {
  readonly name: string;
  file(): DbFile;
  readonly logSettings: ChangeLogSettings | undefined;
}

function headOf(file: DbFile, conn: Connection): number {
  return (file.stmt(conn, HEAD, true).get() as number | undefined) ?? 0;
}

/**
 * The log of one write (null when the write is not logged or the store keeps no log): `append`
 * inside the write's work, `after` around the write's promise to tell the store's listener once it
 * committed. The work may run more than once (its batch ran again): its last run is what committed.
 */
export function logRun(host: LogHost, context: LogContext | undefined): LogRun | null {
  return context && host.logSettings ? new LogRun(host, host.logSettings, context) : null;
}

export class LogRun {
  private last = 0;

  constructor(
    private readonly host: LogHost,
    private readonly settings: ChangeLogSettings,
    private readonly context: LogContext,
  ) {}

  /** Appends the entries `describe` gives for `changes` (inside the write's transaction). */
  append(conn: Connection, changes: readonly Change[]): void {
    this.last = 0;
    const file = this.host.file();
    const at = (this.settings.clock ?? Date.now)();
    for (const change of changes) {
      const entry = this.settings.describe(change, this.context);
      if (entry !== null) this.last = Number(file.stmt(conn, INSERT).run(at, entry).lastInsertRowid);
    }
  }

  async after<T>(write: Promise<T>): Promise<T> {
    const result = await write;
    if (this.last > 0) this.settings.appended?.(this.host.name, this.last);
    return result;
  }
}

export class SqliteChangeLog implements ChangeLog {
  constructor(private readonly host: LogHost) {}

  async bounds(): Promise<LogBounds> {
    const file = this.host.file();
    return file.reading(boundsOf(0, undefined), (conn) =>
      boundsOf(
        headOf(file, conn),
        file.stmt(conn, 'SELECT MIN(seq) FROM _cella_log', true).get() as number | undefined,
      ),
    );
  }

  async read(after: number, limit: number): Promise<LogRecord[]> {
    const file = this.host.file();
    return file.reading([], (conn) =>
      file
        .stmt(conn, 'SELECT seq, at, entry FROM _cella_log WHERE seq > ? ORDER BY seq LIMIT ?')
        .all(after, Math.max(0, Math.min(limit, MAX_LOG_READ))),
    ) as LogRecord[];
  }

  async append(entries: string[]): Promise<number> {
    const file = this.host.file();
    const clock = this.host.logSettings?.clock ?? Date.now;
    const head = await file.transaction((conn) => {
      const at = clock();
      for (const entry of entries) file.stmt(conn, INSERT).run(at, entry);
      return headOf(file, conn);
    });
    if (entries.length > 0) this.host.logSettings?.appended?.(this.host.name, head);
    return head;
  }

  async trim(options: TrimOptions): Promise<number> {
    const file = this.host.file();
    if (!file.exists()) return 0;
    return file.transaction((conn) => {
      let through = 0;
      if (options.maxEntries !== undefined) through = headOf(file, conn) - options.maxEntries;
      if (options.before !== undefined) {
        // The first entry appended at or after `before` is kept, and everything after it: a prefix.
        const kept = file
          .stmt(conn, 'SELECT MIN(seq) FROM _cella_log WHERE at >= ?', true)
          .get(options.before) as number | null;
        through = Math.max(through, kept === null ? headOf(file, conn) : kept - 1);
      }
      if (through <= 0) return 0;
      return file.stmt(conn, 'DELETE FROM _cella_log WHERE seq <= ?').run(through).changes;
    });
  }

  async continueAfter(seq: number): Promise<void> {
    const file = this.host.file();
    await file.transaction((conn) => {
      if (headOf(file, conn) >= seq) return;
      const updated = file
        .stmt(conn, "UPDATE sqlite_sequence SET seq = ? WHERE name = '_cella_log'")
        .run(seq).changes;
      if (updated === 0)
        file.stmt(conn, "INSERT INTO sqlite_sequence (name, seq) VALUES ('_cella_log', ?)").run(seq);
    });
  }
}
