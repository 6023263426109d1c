/**
 * The change log on MongoDB, portable to servers without transactions (FerretDB, a standalone
 * server): an ordered write under a lock every process shares (shared-lock.ts), so the promise of
 * the port holds with nothing but single-document writes — across a SIGKILL at any point.
 *
 * Storage, in the logged database itself: `_cella_log` holds `{_id: seq, at, e: entry, k: check}`
 * and `_cella_log_head` one document `{_id: "head", seq, pending?: {from, to, at}}` — the newest
 * sequence number handed out, and the range of entries not committed yet.
 *
 * Every append holds the database's log lock (one per database, `_cella_log` in the lock database)
 * from before its sequence numbers are taken until its entries are committed, so appends of one
 * database run one after the other, in every process. A logged write, in order:
 *  1. resolve a pending range a dead writer left (below);
 *  2. compute the change (the emulated path: every document it will write is known before it writes,
 *     emulation.ts) and run `beforeCommit`;
 *  3. take the sequence numbers and mark them pending (one write of the head), then insert the
 *     entries, each with a check of what the write leaves: the document's BSON digest after an
 *     insert or update, its absence after a delete, a collection's or index's (non-)existence;
 *  4. write the data;
 *  5. commit: clear the pending range (one write of the head). Then the write is acknowledged.
 * A write that fails or is refused in 4 deletes its entries and clears the range: no entry.
 *
 * Readers read the head first and hand out only entries below its pending range, in order: an entry
 * reaches a reader only after everything before it is final. A pending range whose writer died
 * (SIGKILL between 3 and 5) is resolved by the next process that takes the lock — the next append,
 * or a reader that finds the range older than `staleMs` — with the checks: an entry whose change the
 * store shows is kept, the others deleted; then the range is cleared. Holding the lock, nobody else
 * has changed those documents since (every logged write holds it), so the store's state answers
 * exactly "did this write happen". An acknowledged write passed 5, so its entries are committed; a
 * write that never happened fails its checks, so it has none.
 */
import { createHash } from 'node:crypto';
import { BSON } from 'mongodb';
import type { Collection as DriverCollection, Db } from 'mongodb';
import type {
  Change,
  ChangeLog,
  ChangeLogSettings,
  DocumentId,
  LogBounds,
  LogContext,
  LogRecord,
  TrimOptions,
} from '../document-store.js';
import { boundsOf, MAX_LOG_READ } from '../document-store.js';
import { ENGINE_PREFIX } from '../query-guard.js';
import type { HeldLock } from './shared-lock.js';

export const LOG_COLLECTION = `${ENGINE_PREFIX}log`;
const HEAD_COLLECTION = `${ENGINE_PREFIX}log_head`;
const HEAD_ID = 'head';

/** What an entry's change must have left in the store for the entry to stand. */
type Check =
  | { op: 'insert' | 'update'; c: string; id: DocumentId; h: string }
  | { op: 'delete'; c: string; id: DocumentId }
  | { op: 'createCollection' | 'dropCollection'; c: string }
  | { op: 'createIndex' | 'dropIndex'; c: string; i: string }
  | { op: 'note' };

interface LogDoc {
  _id: number;
  at: number;
  e: string;
  k: Check;
}

interface Pending {
  from: number;
  to: number;
  at: number;
}

interface HeadDoc {
  _id: string;
  seq: number;
  pending?: Pending | null;
}

/** The log lock as its holder sees it: the lease, and the newest sequence number handed out. */
interface Locked {
  held: HeldLock;
  seq: number;
}

/** What the log needs of its database. */
export interface MongoLogHost {
  /** The port's name of the database (for `appended`). */
  readonly name: string;
  readonly db: Db;
  readonly logSettings: ChangeLogSettings | undefined;
  /** Runs `fn` holding the lock `key` of this database, shared by every process (shared-lock.ts). */
  exclusive<T>(key: string, fn: (lock: HeldLock) => Promise<T>): Promise<T>;
  /** How old a pending range must be before a reader resolves it (its writer is taken for dead). */
  readonly staleMs: number;
}

/** The digest a check compares: SHA-256 of the document's BSON. */
export function digestOf(doc: object): string {
  return createHash('sha256').update(BSON.serialize(doc)).digest('base64');
}

function checkOf(change: Change): Check {
  switch (change.op) {
    case 'insert':
    case 'update':
      return { op: change.op, c: change.collection, id: change.id, h: digestOf(change.doc) };
    case 'delete':
      return { op: 'delete', c: change.collection, id: change.id };
    case 'createCollection':
    case 'dropCollection':
      return { op: change.op, c: change.collection };
    case 'createIndex':
      return { op: 'createIndex', c: change.collection, i: change.index.name };
    case 'dropIndex':
      return { op: 'dropIndex', c: change.collection, i: change.index };
  }
}

/**
 * One logged write's entries (step 3 and 5 above): `prepare` before the data is written, then
 * `commit` once it is, or `abort` when it failed.
 */
export class Journal {
  private range: { from: number; to: number } | null = null;

  constructor(
    private readonly log: MongoChangeLog,
    private readonly settings: ChangeLogSettings,
    private readonly context: LogContext,
    private readonly lock: Locked,
  ) {}

  /**
   * Stores the entries of `changes` as pending: call once, with everything the write will change,
   * right before it writes anything.
   */
  async prepare(changes: readonly Change[]): Promise<void> {
    const entries: { e: string; k: Check }[] = [];
    for (const change of changes) {
      const e = this.settings.describe(change, this.context);
      if (e !== null) entries.push({ e, k: checkOf(change) });
    }
    this.range = await this.log.stage(this.lock, entries);
    this.lock.held.assertHeld();
  }

  async commit(): Promise<void> {
    if (this.range) await this.log.settle(this.range, true);
  }

  async abort(): Promise<void> {
    if (this.range) await this.log.settle(this.range, false);
  }
}

export class MongoChangeLog implements ChangeLog {
  constructor(private readonly host: MongoLogHost) {}

  private get entries(): DriverCollection<LogDoc> {
    return this.host.db.collection<LogDoc>(LOG_COLLECTION);
  }

  private get heads(): DriverCollection<HeadDoc> {
    return this.host.db.collection<HeadDoc>(HEAD_COLLECTION);
  }

  private clock(): number {
    return (this.host.logSettings?.clock ?? Date.now)();
  }

  private async head(): Promise<HeadDoc> {
    return (await this.heads.findOne({ _id: HEAD_ID })) ?? { _id: HEAD_ID, seq: 0, pending: null };
  }

  /** Runs `fn` holding the log lock, after resolving what a dead writer left pending. */
  private locked<T>(fn: (lock: Locked) => Promise<T>): Promise<T> {
    return this.host.exclusive(LOG_COLLECTION, async (held) => {
      const head = await this.head();
      if (head.pending) await this.resolve(head.pending);
      return fn({ held, seq: head.seq });
    });
  }

  /**
   * Runs a logged write (`fn` calls `journal.prepare` before it writes anything): under the log
   * lock, committing its entries once `fn` returned, deleting them when it threw.
   */
  logged<T>(context: LogContext, fn: (journal: Journal | null) => Promise<T>): Promise<T> {
    const settings = this.host.logSettings;
    if (!settings) return fn(null);
    return this.locked(async (lock) => {
      const journal = new Journal(this, settings, context, lock);
      let result: T;
      try {
        result = await fn(journal);
      } catch (error) {
        await journal.abort();
        throw error;
      }
      await journal.commit();
      return result;
    });
  }

  /** Takes sequence numbers for `entries` and inserts them as pending (inside `locked`). */
  async stage(
    lock: Locked,
    entries: { e: string; k: Check }[],
  ): Promise<{ from: number; to: number } | null> {
    if (entries.length === 0) return null;
    const at = this.clock();
    const from = lock.seq + 1;
    const to = lock.seq + entries.length;
    lock.held.assertHeld();
    await this.heads.updateOne(
      { _id: HEAD_ID },
      { $set: { seq: to, pending: { from, to, at } } },
      { upsert: true },
    );
    lock.seq = to;
    await this.entries.insertMany(
      entries.map((entry, i) => ({ _id: from + i, at, e: entry.e, k: entry.k })),
      { ordered: true },
    );
    return { from, to };
  }

  /** Commits a staged range (or deletes its entries), then tells the store's listener. */
  async settle(range: { from: number; to: number }, keep: boolean): Promise<void> {
    if (!keep) await this.entries.deleteMany({ _id: { $gte: range.from, $lte: range.to } });
    await this.heads.updateOne({ _id: HEAD_ID }, { $set: { pending: null } });
    if (keep) this.host.logSettings?.appended?.(this.host.name, range.to);
  }

  /** Keeps the entries of a dead writer's range whose change the store shows; deletes the others. */
  private async resolve(pending: Pending): Promise<void> {
    const staged = await this.entries
      .find({ _id: { $gte: pending.from, $lte: pending.to } })
      .sort({ _id: 1 })
      .toArray();
    const gone: number[] = [];
    for (const entry of staged) if (!(await this.happened(entry.k))) gone.push(entry._id);
    if (gone.length > 0) await this.entries.deleteMany({ _id: { $in: gone } });
    await this.heads.updateOne({ _id: HEAD_ID }, { $set: { pending: null } });
    if (gone.length < staged.length) this.host.logSettings?.appended?.(this.host.name, pending.to);
  }

  /** Whether the store shows the change a check describes. */
  private async happened(check: Check): Promise<boolean> {
    const db = this.host.db;
    switch (check.op) {
      case 'note':
        return true;
      case 'insert':
      case 'update': {
        const doc = await db.collection<{ _id: DocumentId }>(check.c).findOne({ _id: check.id });
        return doc !== null && digestOf(doc) === check.h;
      }
      case 'delete':
        return (await db.collection<{ _id: DocumentId }>(check.c).findOne({ _id: check.id })) === null;
      case 'createCollection':
      case 'dropCollection': {
        const found = await db.listCollections({ name: check.c }, { nameOnly: true }).toArray();
        return found.length > 0 === (check.op === 'createCollection');
      }
      case 'createIndex':
      case 'dropIndex': {
        const names = await db
          .collection(check.c)
          .listIndexes()
          .toArray()
          .then((list) => list.map((i) => String(i.name)))
          .catch(() => [] as string[]);
        return names.includes(check.i) === (check.op === 'createIndex');
      }
    }
  }

  async bounds(): Promise<LogBounds> {
    const head = await this.head();
    const [first] = await this.entries
      .find({}, { projection: { _id: 1 } })
      .sort({ _id: 1 })
      .limit(1)
      .toArray();
    return boundsOf(head.seq, first?._id);
  }

  async read(after: number, limit: number): Promise<LogRecord[]> {
    const head = await this.head();
    const pending = head.pending;
    if (pending && this.clock() - pending.at > this.host.staleMs) {
      // Its writer is taken for dead: resolve it (under the lock, which a live writer still holds).
      await this.locked(async () => undefined);
      return this.read(after, limit);
    }
    const below = pending ? { $lt: pending.from } : {};
    const docs = await this.entries
      .find({ _id: { $gt: after, ...below } }, { projection: { k: 0 } })
      .sort({ _id: 1 })
      .limit(Math.max(1, Math.min(limit, MAX_LOG_READ)))
      .toArray();
    return docs.map((d) => ({ seq: d._id, at: d.at, entry: d.e }));
  }

  async append(entries: string[]): Promise<number> {
    if (entries.length === 0) return (await this.head()).seq;
    return this.locked(async (lock) => {
      const range = await this.stage(
        lock,
        entries.map((e) => ({ e, k: { op: 'note' as const } })),
      );
      await this.settle(range!, true);
      return range!.to;
    });
  }

  async trim(options: TrimOptions): Promise<number> {
    const head = await this.head();
    // Never into a pending range (nor past it).
    let through = 0;
    if (options.maxEntries !== undefined) through = head.seq - options.maxEntries;
    if (options.before !== undefined) {
      const [kept] = await this.entries
        .find({ at: { $gte: options.before } }, { projection: { _id: 1 } })
        .sort({ _id: 1 })
        .limit(1)
        .toArray();
      through = Math.max(through, kept ? kept._id - 1 : head.seq);
    }
    if (head.pending) through = Math.min(through, head.pending.from - 1);
    if (through <= 0) return 0;
    const { deletedCount } = await this.entries.deleteMany({ _id: { $lte: through } });
    return deletedCount;
  }

  async continueAfter(seq: number): Promise<void> {
    await this.locked(async (lock) => {
      if (lock.seq < seq) await this.heads.updateOne({ _id: HEAD_ID }, { $set: { seq } }, { upsert: true });
    });
  }
}
