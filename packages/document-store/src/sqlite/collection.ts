/**
 * A collection of the SQLite engine: the filter's decidable parts as SQL on indexed keys
 * (pushdown.ts, planner.ts, read.ts), mingo for the rest. Reads run as requests (reads.ts) where
 * the store runs them: its read workers (read-pool.ts), or this thread for one document by `_id`.
 * Every write is one SQLite transaction on this thread (db-file.ts, the group commit) in which
 * unique indexes are checked (unique-check.ts).
 */
import type Database from 'better-sqlite3';
import { isObjectId, isPlainObject } from '../bson-values.js';
import { StoreError } from '../document-store.js';
import { duplicateId } from '../duplicate-id.js';
import type {
  Change,
  Collection,
  CountOptions,
  DeleteResult,
  Document,
  DocumentId,
  Filter,
  FindOneAndDeleteOptions,
  FindOneAndUpdateOptions,
  FindOptions,
  IndexInfo,
  IndexKeys,
  IndexOptions,
  InsertResult,
  ReadOptions,
  LayoutOptions,
  SortSpec,
  Update,
  UpdateOptions,
  UpdateResult,
  WriteOptions,
} from '../document-store.js';
import { checkIndex, checkIndexName, defaultIndexName, MAX_INDEXES, sameIndexKeys } from '../index-spec.js';
import {
  checkCollectionName,
  checkFilter,
  checkMaxTimeMS,
  checkReplacement,
  checkSort,
  checkUpdate,
  prepareDocument,
} from '../query-guard.js';
import type { StoreLimits } from '../query-guard.js';
import { logRun, type LogHost } from './change-log.js';
import { decodeDocument, encodeDocument, idKey, storedToExtJson } from './codec.js';
import { counterStatement } from './counter-update.js';
import { loadMingo, mingo, withMingo } from './mingo-on-demand.js';
import type { DbFile } from './db-file.js';
import { infoOf, specialTerm, specOf } from './index-catalog.js';
import type { IndexSpec } from './index-catalog.js';
import { planRead, wantedIndexes } from './planner.js';
import { sqliteCursor } from './cursor.js';
import { pushdown } from './pushdown.js';
import type { Pushdown } from './pushdown.js';
import { decoded, readPinned, readPlanned } from './read.js';
import type { Match, Window } from './read.js';
import type { ReadAnswer, ReadRequest } from './reads.js';
import { isUniqueViolation } from './bson-rows.js';
import { checkUnique, duplicateIndexKey } from './unique-check.js';
import type { ChangedRow } from './unique-check.js';
import { replacementUpsert } from '../upsert-seed.js';

type Connection = Database.Database;

interface Candidate {
  row: { rid: number; id: string; size: number; doc: string };
  doc: Document;
}

/** What the collection needs from its database. */
export interface CollectionHost extends LogHost {
  file(): DbFile;
  readonly limits: StoreLimits;
  /** The bound of a read that gives none. */
  readonly maxTimeMs: number;
  /**
   * Runs a read within `budgetMs` (default `maxTimeMs`; what is left of a bound of `boundMs`): on
   * a read worker, or on this thread when `inline` (a read of one document by `_id`, bounded by
   * itself) or the store has no workers.
   */
  read<R extends ReadRequest>(
    request: R,
    budgetMs: number | undefined,
    inline: boolean,
    boundMs?: number,
  ): Promise<ReadAnswer<R>>;
}

/**
 * A filter on one `_id` value alone: at most one row, read through the UNIQUE id column. Such
 * reads (a vault record, a script, a file's metadata: most of the node's own reads) cost less than
 * a trip to a worker, and run on this thread.
 */
function byId(filter: Filter): boolean {
  if (!isPlainObject(filter)) return false;
  const keys = Object.keys(filter);
  if (keys.length !== 1 || keys[0] !== '_id') return false;
  const id = filter._id;
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) || isObjectId(id);
}

/** The find options a read request carries (validated there). */
function findOptions(options: FindOptions | undefined): FindOptions | undefined {
  if (!options) return undefined;
  const { sort, projection, skip, limit } = options;
  return { sort, projection, skip, limit };
}

interface UpdateRequest {
  filter: Filter;
  /** Operators or pipeline; absent for a replacement. */
  update?: Update;
  replacement?: Document;
  upsert: boolean;
  multi: boolean;
  sort?: SortSpec | undefined;
  beforeCommit?: WriteOptions['beforeCommit'];
  requireCollection?: boolean | undefined;
  log?: WriteOptions['log'];
}

interface UpdateOutcome extends UpdateResult {
  /** The last document written or matched, as stored after the update. */
  document: Document | null;
}

/** A UNIQUE failure as the port's error: of a unique index (named in SQLite's message) or of `_id`. */
function uniqueError(err: unknown, indexes: IndexSpec[], id: DocumentId): StoreError {
  const message = String((err as Error).message);
  const index = indexes.find((i) => message.includes(`index '${i.sqlName}'`));
  return index ? duplicateIndexKey(index) : duplicateId(id);
}

/** A document change for the log, from the document and its stored text. */
function inserted(collection: string, doc: Document, stored: string): Change & { op: 'insert' } {
  return {
    op: 'insert',
    collection,
    id: doc._id as DocumentId,
    doc,
    text: storedToExtJson(stored, doc),
  };
}

function noCollection(name: string): StoreError {
  return new StoreError('NO_COLLECTION', `no collection named "${name}"`);
}

export class SqliteCollection implements Collection {
  constructor(
    private readonly host: CollectionHost,
    readonly name: string,
  ) {
    checkCollectionName(name);
  }

  // -------------------------------------------------------------------------------------------
  // Reads: run where the store runs reads (its read workers, or inline), reads.ts

  async find(filter: Filter, options?: FindOptions): Promise<Document[]> {
    const { texts } = await this.host.read(
      { op: 'find', collection: this.name, filter, options: findOptions(options) },
      checkMaxTimeMS(options?.maxTimeMS),
      byId(filter),
    );
    return texts.map(decodeDocument);
  }

  findExtJsonCursor(filter: Filter, options?: FindOptions): AsyncIterable<string[]> {
    const host = this.host;
    return sqliteCursor(
      {
        name: this.name,
        read: (request, budgetMs, boundMs) => host.read(request, budgetMs, false, boundMs),
      },
      filter,
      options,
      host.maxTimeMs,
    );
  }

  async findOne(
    filter: Filter,
    options?: Pick<FindOptions, 'projection' | 'sort' | 'maxTimeMS'>,
  ): Promise<Document | null> {
    const docs = await this.find(filter, { ...options, limit: 1 });
    return docs[0] ?? null;
  }

  async count(filter: Filter, options?: CountOptions): Promise<number> {
    const answer = await this.host.read(
      {
        op: 'count',
        collection: this.name,
        filter,
        options: { skip: options?.skip, limit: options?.limit },
      },
      checkMaxTimeMS(options?.maxTimeMS),
      byId(filter),
    );
    return answer.count;
  }

  async aggregate(pipeline: Document[], options?: ReadOptions): Promise<Document[]> {
    const { docs } = await this.host.read(
      { op: 'aggregate', collection: this.name, pipeline },
      checkMaxTimeMS(options?.maxTimeMS),
      false,
    );
    return docs;
  }

  /**
   * The documents a write applies to, in natural order or sorted, window applied (read.ts), read
   * inside the write's transaction. The automatic indexes the query would use are created at once,
   * in the same transaction.
   */
  private matching(conn: Connection, tbl: string, filter: Filter, window: Window): Match[] {
    const file = this.host.file();
    const pd: Pushdown = pushdown(filter);
    if (pd.pinned) return readPinned(file, conn, tbl, pd.pinned, pd.params, window);
    let indexes = file.indexes(conn, tbl);
    const wanted = wantedIndexes(pd, window.sort, indexes);
    if (wanted.length > 0) {
      file.ensureAutoIndexes(tbl, wanted, true);
      indexes = file.indexes(conn, tbl);
    }
    return readPlanned(file, conn, planRead(tbl, pd, window.sort, indexes), filter, window);
  }

  /**
   * Every stored document in natural order, in chunks (backups). The connection is looked up per
   * chunk: between chunks the file may have been closed by the LRU.
   */
  *chunks(size: number): Generator<Document[]> {
    let after = 0;
    const file = this.host.file();
    for (;;) {
      const rows = file.reading([] as { rid: number; doc: string }[], (conn) => {
        const tbl = file.tableOf(conn, this.name);
        if (!tbl) return [];
        return file
          .stmt(conn, `SELECT rid, doc FROM "${tbl}" WHERE rid > ? ORDER BY rid LIMIT ?`)
          .all(after, size) as { rid: number; doc: string }[];
      });
      if (rows.length === 0) return;
      yield rows.map((r) => decodeDocument(r.doc));
      after = (rows[rows.length - 1] as { rid: number }).rid;
      if (rows.length < size) return;
    }
  }

  async dataBytes(): Promise<number> {
    const file = this.host.file();
    const conn = file.read();
    if (!conn) return 0;
    const bytes = file
      .stmt(conn, 'SELECT bytes FROM _cella_collections WHERE name = ?', true)
      .get(this.name) as number | undefined;
    return bytes ?? 0;
  }

  // -------------------------------------------------------------------------------------------
  // Indexes (index-catalog.ts)

  async createIndex(keys: IndexKeys, options?: IndexOptions): Promise<string> {
    const checked = checkIndex(keys, options);
    const name = checked.name ?? defaultIndexName(checked.keys);
    const file = this.host.file();
    const log = logRun(this.host, options?.log);
    const write = file.write((conn) => {
      const [tbl] = file.ensureTable(conn, this.name);
      const existing = file.indexes(conn, tbl);
      const named = existing.find((i) => i.name === name);
      if (named) {
        if (sameIndexKeys(named.keys, checked.keys) && named.unique === checked.unique)
          return { bytesDelta: 0 };
        throw new StoreError('INDEX_CONFLICT', `an index named "${name}" exists with other keys or options`);
      }
      const twin = existing.find((i) => !i.auto && sameIndexKeys(i.keys, checked.keys));
      if (twin) throw new StoreError('INDEX_CONFLICT', `the index "${twin.name}" has the same keys`);
      if (existing.filter((i) => !i.auto).length >= MAX_INDEXES)
        throw new StoreError('BAD_INDEX', `a collection has at most ${MAX_INDEXES} indexes`);
      // An automatic index on the same keys gives way to the one asked for.
      for (const auto of existing.filter((i) => i.auto && sameIndexKeys(i.keys, checked.keys)))
        file.catalog.remove(conn, tbl, auto);
      const spec = specOf(tbl, name, checked.keys, { unique: checked.unique, auto: false });
      try {
        file.catalog.add(conn, tbl, spec);
      } catch (err) {
        if (isUniqueViolation(err)) throw duplicateIndexKey(spec);
        throw err;
      }
      if (spec.unique) {
        // The rows SQLite's UNIQUE does not judge (unique-check.ts), against everything.
        const specials = file
          .stmt(conn, `SELECT rid, doc FROM "${tbl}" INDEXED BY "${spec.sqlName}" WHERE ${specialTerm(spec)}`)
          .all() as { rid: number; doc: string }[];
        checkUnique(
          file,
          conn,
          tbl,
          [spec],
          specials.map((r) => ({ rid: r.rid, doc: decodeDocument(r.doc) })),
        );
      }
      log?.append(conn, [{ op: 'createIndex', collection: this.name, index: infoOf(spec) }]);
      return { bytesDelta: 0 };
    });
    await (log ? log.after(write) : write);
    return name;
  }

  async listIndexes(): Promise<IndexInfo[]> {
    const file = this.host.file();
    const specs = file.reading(null, (conn) => {
      const tbl = file.tableOf(conn, this.name);
      return tbl ? file.indexes(conn, tbl) : null;
    });
    if (!specs) return [];
    return [{ name: '_id_', key: { _id: 1 }, unique: true, auto: false }, ...specs.map(infoOf)];
  }

  async dropIndex(name: string, options?: LayoutOptions): Promise<boolean> {
    checkIndexName(name);
    if (name === '_id_') throw new StoreError('BAD_INDEX', 'the _id index cannot be dropped');
    const file = this.host.file();
    if (!file.exists()) return false;
    const log = logRun(this.host, options?.log);
    const write = file.write((conn) => {
      const tbl = file.tableOf(conn, this.name);
      const spec = tbl ? file.indexes(conn, tbl).find((i) => i.name === name) : undefined;
      if (!tbl || !spec) return { dropped: false, bytesDelta: 0 };
      file.catalog.remove(conn, tbl, spec);
      log?.append(conn, [{ op: 'dropIndex', collection: this.name, index: name }]);
      return { dropped: true, bytesDelta: 0 };
    });
    return (await (log ? log.after(write) : write)).dropped;
  }

  // -------------------------------------------------------------------------------------------
  // Writes

  async insertMany(docs: Document[], options?: WriteOptions): Promise<InsertResult> {
    if (!Array.isArray(docs)) throw new StoreError('BAD_DOCUMENT', 'insertMany needs an array of documents');
    if (docs.length === 0) return { insertedIds: [], bytesDelta: 0 };
    const prepared = docs.map((doc) => prepareDocument(doc, this.host.limits));
    const seen = new Set<string>();
    for (const { doc } of prepared) {
      const key = idKey(doc._id as DocumentId);
      if (seen.has(key)) throw duplicateId(doc._id as DocumentId);
      seen.add(key);
    }
    const file = this.host.file();
    const log = logRun(this.host, options?.log);
    const write = file.write((conn) => {
      const tbl = options?.requireCollection
        ? file.tableOf(conn, this.name)
        : file.ensureTable(conn, this.name)[0];
      if (!tbl) throw noCollection(this.name);
      const insert = file.stmt(conn, `INSERT INTO "${tbl}" (id, size, doc) VALUES (?, ?, ?)`);
      const indexes = file.indexes(conn, tbl);
      const unique = indexes.some((i) => i.unique);
      const changed: ChangedRow[] = [];
      const logged: Change[] = [];
      let bytes = 0;
      for (const { doc, size, wrappers } of prepared) {
        try {
          const text = encodeDocument(doc, wrappers);
          const { lastInsertRowid } = insert.run(idKey(doc._id as DocumentId), size, text);
          if (unique) changed.push({ rid: Number(lastInsertRowid), doc });
          if (log) logged.push(inserted(this.name, doc, text));
        } catch (err) {
          if (isUniqueViolation(err)) throw uniqueError(err, indexes, doc._id as DocumentId);
          throw err;
        }
        bytes += size;
      }
      checkUnique(file, conn, tbl, indexes, changed);
      file.addBytes(conn, this.name, bytes);
      log?.append(conn, logged);
      return { insertedIds: prepared.map((p) => p.doc._id as DocumentId), bytesDelta: bytes };
    }, options?.beforeCommit);
    return log ? log.after(write) : write;
  }

  async updateOne(filter: Filter, update: Update, options?: UpdateOptions): Promise<UpdateResult> {
    if (
      !options?.upsert &&
      !options?.beforeCommit &&
      !options?.log &&
      (await this.counterUpdate(filter, update))
    )
      return { matchedCount: 1, modifiedCount: 1, upsertedId: null, bytesDelta: 0 };
    const { document: _d, ...result } = await this.runUpdate({
      filter,
      update,
      upsert: options?.upsert ?? false,
      multi: false,
      beforeCommit: options?.beforeCommit,
      requireCollection: options?.requireCollection,
      log: options?.log,
    });
    return result;
  }

  async updateMany(filter: Filter, update: Update, options?: UpdateOptions): Promise<UpdateResult> {
    const { document: _d, ...result } = await this.runUpdate({
      filter,
      update,
      upsert: options?.upsert ?? false,
      multi: true,
      beforeCommit: options?.beforeCommit,
      requireCollection: options?.requireCollection,
      log: options?.log,
    });
    return result;
  }

  async replaceOne(filter: Filter, replacement: Document, options?: UpdateOptions): Promise<UpdateResult> {
    const { document: _d, ...result } = await this.runUpdate({
      filter,
      replacement: checkReplacement(replacement),
      upsert: options?.upsert ?? false,
      multi: false,
      beforeCommit: options?.beforeCommit,
      requireCollection: options?.requireCollection,
      log: options?.log,
    });
    return result;
  }

  async findOneAndUpdate(
    filter: Filter,
    update: Update,
    options?: FindOneAndUpdateOptions,
  ): Promise<Document | null> {
    const outcome = await this.runUpdate({
      filter,
      update,
      upsert: options?.upsert ?? false,
      multi: false,
      sort: checkSort(options?.sort),
      beforeCommit: options?.beforeCommit,
      requireCollection: options?.requireCollection,
      log: options?.log,
    });
    return outcome.document;
  }

  /**
   * A counter update as one statement (counter-update.ts): true when it changed the document.
   * False when the update is of another shape or the statement changed nothing; the generic path
   * then decides (no document, a false condition, or a case the statement leaves to it).
   */
  private async counterUpdate(filter: Filter, update: Update): Promise<boolean> {
    const statement = counterStatement(filter, update);
    if (!statement) return false;
    const file = this.host.file();
    if (!file.exists()) return false;
    try {
      return await file.transaction((conn) => {
        const tbl = file.tableOf(conn, this.name);
        // Unique indexes may need the generic path's check of special rows (unique-check.ts).
        if (tbl === undefined || file.indexes(conn, tbl).some((i) => i.unique)) return false;
        return file.stmt(conn, statement.sql(tbl)).run(statement.params).changes === 1;
      });
    } catch {
      // e.g. the table was dropped by another process meanwhile: the generic path reports it.
      return false;
    }
  }

  private async runUpdate(req: UpdateRequest): Promise<UpdateOutcome> {
    await loadMingo();
    const { splitUpdate, replacedDocument, updatedDocument, upsertedDocument } = mingo();
    const limits = this.host.limits;
    const filter = checkFilter(req.filter, limits);
    const split = req.update !== undefined ? splitUpdate(checkUpdate(req.update, limits)) : null;
    const file = this.host.file();
    const log = logRun(this.host, req.log);
    const write = file.write((conn) => {
      let tbl = file.tableOf(conn, this.name);
      if (!tbl && req.requireCollection) throw noCollection(this.name);
      const outcome: UpdateOutcome = {
        matchedCount: 0,
        modifiedCount: 0,
        upsertedId: null,
        bytesDelta: 0,
        document: null,
      };
      const changed: ChangedRow[] = [];
      const logged: Change[] = [];
      if (tbl) {
        const targets = this.selectTargets(conn, tbl, filter, req.multi, req.sort);
        const write = file.stmt(conn, `UPDATE "${tbl}" SET doc = ?, size = ? WHERE rid = ?`);
        for (const { row, doc } of targets) {
          outcome.matchedCount++;
          const next = req.replacement
            ? replacedDocument(doc, req.replacement)
            : split?.modifier
              ? updatedDocument(doc, split.modifier, filter)
              : doc;
          const { doc: stored, size, wrappers } = prepareDocument(next, limits, { generateId: false });
          if (idKey(stored._id as DocumentId) !== row.id) {
            throw new StoreError(
              'BAD_UPDATE',
              "performing an update on the path '_id' would modify the immutable field '_id'",
            );
          }
          const text = encodeDocument(stored, wrappers);
          outcome.document = stored;
          if (text === row.doc) continue;
          try {
            write.run(text, size, row.rid);
          } catch (err) {
            if (isUniqueViolation(err))
              throw uniqueError(err, file.indexes(conn, tbl), stored._id as DocumentId);
            throw err;
          }
          changed.push({ rid: row.rid, doc: stored });
          if (log) logged.push({ ...inserted(this.name, stored, text), op: 'update' });
          outcome.modifiedCount++;
          outcome.bytesDelta += size - row.size;
        }
      }
      if (outcome.matchedCount === 0 && req.upsert) {
        const { doc, size, wrappers } = prepareDocument(
          req.replacement
            ? replacementUpsert(filter, req.replacement)
            : upsertedDocument(filter, split?.modifier ?? null, split?.setOnInsert ?? {}),
          limits,
        );
        if (!tbl) [tbl] = file.ensureTable(conn, this.name);
        try {
          const text = encodeDocument(doc, wrappers);
          const { lastInsertRowid } = file
            .stmt(conn, `INSERT INTO "${tbl}" (id, size, doc) VALUES (?, ?, ?)`)
            .run(idKey(doc._id as DocumentId), size, text);
          changed.push({ rid: Number(lastInsertRowid), doc });
          if (log) logged.push(inserted(this.name, doc, text));
        } catch (err) {
          if (isUniqueViolation(err)) throw uniqueError(err, file.indexes(conn, tbl), doc._id as DocumentId);
          throw err;
        }
        outcome.upsertedId = doc._id as DocumentId;
        outcome.bytesDelta += size;
        outcome.document = doc;
      }
      if (tbl) checkUnique(file, conn, tbl, file.indexes(conn, tbl), changed);
      file.addBytes(conn, this.name, outcome.bytesDelta);
      log?.append(conn, logged);
      return outcome;
    }, req.beforeCommit);
    return log ? log.after(write) : write;
  }

  /** The documents a write applies to: the first match (natural or sorted order) or all matches. */
  private selectTargets(
    conn: Connection,
    tbl: string,
    filter: Filter,
    multi: boolean,
    sort: SortSpec | undefined,
  ): Candidate[] {
    // Collected before writing: a connection cannot write while a SELECT on it is still iterating.
    return this.matching(conn, tbl, filter, { skip: 0, limit: multi ? 0 : 1, sort }).map((m) => ({
      row: { rid: m.rid, id: m.id, size: m.size, doc: m.text as string },
      doc: decoded(m),
    }));
  }

  async deleteOne(filter: Filter, options?: WriteOptions): Promise<DeleteResult> {
    const { deleted, bytesDelta } = await this.runDelete(filter, false, undefined, options);
    return { deletedCount: deleted.length, bytesDelta };
  }

  async deleteMany(filter: Filter, options?: WriteOptions): Promise<DeleteResult> {
    const { deleted, bytesDelta } = await this.runDelete(filter, true, undefined, options);
    return { deletedCount: deleted.length, bytesDelta };
  }

  async findOneAndDelete(filter: Filter, options?: FindOneAndDeleteOptions): Promise<Document | null> {
    const { deleted } = await this.runDelete(filter, false, checkSort(options?.sort), options);
    return deleted[0] ?? null;
  }

  private async runDelete(
    rawFilter: Filter,
    multi: boolean,
    sort: SortSpec | undefined,
    options: WriteOptions | undefined,
  ): Promise<{ deleted: Document[]; bytesDelta: number }> {
    const filter = checkFilter(rawFilter, this.host.limits);
    const file = this.host.file();
    if (!file.exists())
      return options?.requireCollection
        ? Promise.reject(noCollection(this.name))
        : Promise.resolve({ deleted: [], bytesDelta: 0 });
    return withMingo(() => this.deleteNow(file, filter, multi, sort, options));
  }

  private deleteNow(
    file: DbFile,
    filter: Filter,
    multi: boolean,
    sort: SortSpec | undefined,
    options: WriteOptions | undefined,
  ): Promise<{ deleted: Document[]; bytesDelta: number }> {
    const log = logRun(this.host, options?.log);
    const write = file.write((conn) => {
      const tbl = file.tableOf(conn, this.name);
      if (!tbl && options?.requireCollection) throw noCollection(this.name);
      if (!tbl) return { deleted: [], bytesDelta: 0 };
      const targets = this.selectTargets(conn, tbl, filter, multi, sort);
      const remove = file.stmt(conn, `DELETE FROM "${tbl}" WHERE rid = ?`);
      let bytes = 0;
      for (const { row } of targets) {
        remove.run(row.rid);
        bytes += row.size;
      }
      file.addBytes(conn, this.name, -bytes);
      log?.append(
        conn,
        targets.map(({ row, doc }) => ({ ...inserted(this.name, doc, row.doc), op: 'delete' })),
      );
      return { deleted: targets.map((t) => t.doc), bytesDelta: bytes === 0 ? 0 : -bytes };
    }, options?.beforeCommit);
    return log ? log.after(write) : write;
  }
}
