/**
 * A collection of the SQLite engine: SQL prefilter (pushdown.ts) + mingo re-check
 * (semantics.ts), every write one SQLite transaction (db-file.ts).
 */
import type Database from 'better-sqlite3';
import { isPlainObject } from '../bson-values.js';
import { StoreError } from '../document-store.js';
import type {
  Collection,
  CountOptions,
  DeleteResult,
  Document,
  DocumentId,
  Filter,
  FindOneAndDeleteOptions,
  FindOneAndUpdateOptions,
  FindOptions,
  InsertResult,
  Projection,
  SortSpec,
  Update,
  UpdateOptions,
  UpdateResult,
  WriteOptions,
} from '../document-store.js';
import {
  checkCollectionName,
  checkFilter,
  checkFindOptions,
  checkPipeline,
  checkReplacement,
  checkSort,
  checkUpdate,
  prepareDocument,
} from '../query-guard.js';
import type { StoreLimits } from '../query-guard.js';
import { replacedDocument, updatedDocument, upsertedDocument } from '../mingo/apply-update.js';
import { sortDocuments } from '../mingo/bson-order.js';
import { decodeDocument, encodeDocument, idKey } from './codec.js';
import { counterStatement } from './counter-update.js';
import { sqliteCursor } from './cursor.js';
import type { DbFile } from './db-file.js';
import { buildPrefilter } from './pushdown.js';
import type { Prefilter } from './pushdown.js';
import { replacementUpsert } from '../upsert-seed.js';
import { compileFilter, project, runPipeline, splitUpdate } from '../mingo/semantics.js';
import type { Matcher } from '../mingo/semantics.js';

type Connection = Database.Database;

interface Row {
  rid: number;
  id: string;
  size: number;
  doc: string;
}

interface Candidate {
  row: Row;
  doc: Document;
}

/** A matching document on the read path: its stored text, decoded once something needed it. */
interface Stored {
  text: string;
  doc: Document | null;
}

interface Ranked extends Stored {
  rid: number;
}

function decoded(m: Stored): Document {
  return (m.doc ??= decodeDocument(m.text));
}

/** Two lists in rowid order, merged into one in rowid order. */
function mergeByRid(a: Ranked[], b: Ranked[]): Ranked[] {
  if (b.length === 0) return a;
  const out: Ranked[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && (a[i] as Ranked).rid < (b[j] as Ranked).rid))
      out.push(a[i++] as Ranked);
    else out.push(b[j++] as Ranked);
  }
  return out;
}

/** What the collection needs from its database. */
export interface CollectionHost {
  file(): DbFile;
  readonly limits: StoreLimits;
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
}

interface UpdateOutcome extends UpdateResult {
  /** The last document written or matched, as stored after the update. */
  document: Document | null;
}

function isUniqueViolation(err: unknown): boolean {
  return (
    (err as { code?: unknown })?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    (err as { code?: unknown })?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

function noCollection(name: string): StoreError {
  return new StoreError('NO_COLLECTION', `no collection named "${name}"`);
}

function duplicate(id: DocumentId): StoreError {
  return new StoreError(
    'DUPLICATE_KEY',
    `duplicate key: _id ${typeof id === 'string' ? JSON.stringify(id) : String(id)}`,
  );
}

export class SqliteCollection implements Collection {
  constructor(
    private readonly host: CollectionHost,
    readonly name: string,
  ) {
    checkCollectionName(name);
  }

  // -------------------------------------------------------------------------------------------
  // Reads

  /**
   * Matching documents in natural order (rowid), as stored rows and decoded documents, for
   * writes (which need the row's id, size and text).
   */
  private *scan(conn: Connection, tbl: string, filter: Filter, inWrite: boolean): Generator<Candidate> {
    const file = this.host.file();
    const prefilter: Prefilter = buildPrefilter(filter);
    file.ensureIndexes(tbl, prefilter.indexPaths, inWrite);
    const matcher: Matcher | null = prefilter.exact ? null : compileFilter(prefilter.residual);
    const stmt = file.stmt(conn, `SELECT rid, id, size, doc FROM "${tbl}"${prefilter.where} ORDER BY rid`);
    // A few rows by id: one call fetches them (cheaper than stepping an iterator).
    const rows = prefilter.pinned ? stmt.all(prefilter.params) : stmt.iterate(prefilter.params);
    for (const row of rows as Iterable<Row>) {
      const doc = decodeDocument(row.doc);
      if (matcher && !matcher(doc)) continue;
      yield { row, doc };
    }
  }

  /**
   * The matching documents of a read, in natural order, or all of them sorted; `skip`/`limit`
   * applied. Only the document text is read (not the row's other columns), and a text is decoded
   * only when mingo must look at it (or to sort): where the SQL decides the filter alone, the
   * texts go out as stored (the cursor, cursor.ts, does the same batch by batch).
   */
  private readMatches(
    conn: Connection,
    tbl: string,
    filter: Filter,
    window: { skip: number; limit: number; sort?: SortSpec | undefined },
  ): Stored[] {
    const file = this.host.file();
    const pre = buildPrefilter(filter);
    file.ensureIndexes(tbl, pre.indexPaths, false);
    const { skip, limit, sort } = window;
    let matches: Stored[];
    if (pre.exact || pre.split) {
      // The SQL decides (apart from rows with arrays along an equality's path, few or none).
      const where = pre.split ? pre.split.exactWhere : pre.where;
      const others = pre.split ? this.arrayMatches(conn, tbl, pre, pre.split.arrayWhere) : [];
      if (others.length === 0 && !sort) {
        const texts = file
          .stmt(conn, `SELECT doc FROM "${tbl}"${where} ORDER BY rid LIMIT ? OFFSET ?`, true)
          .all(pre.params, limit > 0 ? limit : -1, skip) as string[];
        return texts.map((text) => ({ text, doc: null }));
      }
      const exact = file.stmt(conn, `SELECT rid, doc FROM "${tbl}"${where} ORDER BY rid`).all(pre.params) as {
        rid: number;
        doc: string;
      }[];
      matches = mergeByRid(
        exact.map((r) => ({ rid: r.rid, text: r.doc, doc: null })),
        others,
      );
    } else {
      const matcher = compileFilter(pre.residual);
      const stmt = file.stmt(conn, `SELECT doc FROM "${tbl}"${pre.where} ORDER BY rid`, true);
      // A few rows by id: one call fetches them (cheaper than stepping an iterator).
      const texts = (pre.pinned ? stmt.all(pre.params) : stmt.iterate(pre.params)) as Iterable<string>;
      // Without a sort, stop reading once the window is full.
      const wanted = !sort && limit > 0 ? skip + limit : Infinity;
      matches = [];
      for (const text of texts) {
        const doc = decodeDocument(text);
        if (!matcher(doc)) continue;
        matches.push({ text, doc });
        if (matches.length >= wanted) break;
      }
    }
    if (sort) {
      const byDoc = new Map<Document, Stored>();
      for (const m of matches) byDoc.set(decoded(m), m);
      matches = sortDocuments([...byDoc.keys()], sort).map((doc) => byDoc.get(doc) as Stored);
    }
    return skip > 0 || limit > 0 ? matches.slice(skip, limit > 0 ? skip + limit : undefined) : matches;
  }

  /** The rows of a split filter with an array along an equality's path that mingo matches. */
  private arrayMatches(conn: Connection, tbl: string, pre: Prefilter, where: string): Ranked[] {
    const rows = this.host
      .file()
      .stmt(conn, `SELECT rid, doc FROM "${tbl}"${where} ORDER BY rid`)
      .all(pre.params) as { rid: number; doc: string }[];
    if (rows.length === 0) return [];
    const matcher = compileFilter(pre.residual);
    const matches: Ranked[] = [];
    for (const row of rows) {
      const doc = decodeDocument(row.doc);
      if (matcher(doc)) matches.push({ rid: row.rid, text: row.doc, doc });
    }
    return matches;
  }

  /**
   * Runs `work` on the collection's table in one read transaction (DbFile.reading); `absent` when
   * the collection (or its database) does not exist.
   */
  private withTable<T>(absent: T, work: (conn: Connection, tbl: string) => T): T {
    const file = this.host.file();
    return file.reading(absent, (conn) => {
      const tbl = file.tableOf(conn, this.name);
      return tbl ? work(conn, tbl) : absent;
    });
  }

  private read(filter: Filter, options: FindOptions | undefined): [Stored[], Projection | undefined] {
    const checked = checkFilter(filter, this.host.limits);
    const { sort, projection, skip, limit } = checkFindOptions(options);
    const matches = this.withTable([], (conn, tbl) =>
      this.readMatches(conn, tbl, checked, { skip, limit, sort }),
    );
    return [matches, projection];
  }

  async find(filter: Filter, options?: FindOptions): Promise<Document[]> {
    const [matches, projection] = this.read(filter, options);
    return project(matches.map(decoded), projection);
  }

  findExtJsonCursor(filter: Filter, options?: FindOptions): AsyncIterable<string[]> {
    const host = this.host;
    return sqliteCursor({ file: () => host.file(), limits: host.limits, name: this.name }, filter, options);
  }

  async findOne(
    filter: Filter,
    options?: Pick<FindOptions, 'projection' | 'sort'>,
  ): Promise<Document | null> {
    const docs = await this.find(filter, { ...options, limit: 1 });
    return docs[0] ?? null;
  }

  async count(filter: Filter, options?: CountOptions): Promise<number> {
    const checked = checkFilter(filter, this.host.limits);
    const { skip, limit } = checkFindOptions({ skip: options?.skip, limit: options?.limit });
    const file = this.host.file();
    const pre = buildPrefilter(checked);
    const total = this.withTable(0, (conn, tbl) => {
      if (!pre.exact && !pre.split)
        return this.readMatches(conn, tbl, checked, { skip: 0, limit: limit > 0 ? skip + limit : 0 }).length;
      file.ensureIndexes(tbl, pre.indexPaths, false);
      const where = pre.split ? pre.split.exactWhere : pre.where;
      const exact = file.stmt(conn, `SELECT COUNT(*) FROM "${tbl}"${where}`, true).get(pre.params) as number;
      return pre.split ? exact + this.arrayMatches(conn, tbl, pre, pre.split.arrayWhere).length : exact;
    });
    const afterSkip = Math.max(0, total - skip);
    return limit > 0 ? Math.min(afterSkip, limit) : afterSkip;
  }

  async aggregate(pipeline: Document[]): Promise<Document[]> {
    checkPipeline(pipeline, this.host.limits);
    const first = pipeline[0];
    const match = first && isPlainObject(first.$match) ? first.$match : {};
    const source = this.loadAll(match);
    return runPipeline(source, pipeline, (name) => {
      checkCollectionName(name);
      return new SqliteCollection(this.host, name).loadAll({});
    });
  }

  /** Every document matching a (checked) filter, natural order. */
  private loadAll(filter: Filter): Document[] {
    return this.withTable([], (conn, tbl) => this.readMatches(conn, tbl, filter, { skip: 0, limit: 0 })).map(
      decoded,
    );
  }

  /**
   * Every stored document in natural order, in chunks (backups). The connection is looked up per
   * chunk: between chunks the file may have been closed by the LRU.
   */
  *chunks(size: number): Generator<Document[]> {
    let after = 0;
    for (;;) {
      const rows = this.withTable(
        [],
        (conn, tbl) =>
          this.host
            .file()
            .stmt(conn, `SELECT rid, doc FROM "${tbl}" WHERE rid > ? ORDER BY rid LIMIT ?`)
            .all(after, size) as { rid: number; doc: string }[],
      );
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
  // Writes

  async insertMany(docs: Document[], options?: WriteOptions): Promise<InsertResult> {
    if (!Array.isArray(docs)) throw new StoreError('BAD_DOCUMENT', 'insertMany needs an array of documents');
    if (docs.length === 0) return { insertedIds: [], bytesDelta: 0 };
    const prepared = docs.map((doc) => prepareDocument(doc, this.host.limits));
    const seen = new Set<string>();
    for (const { doc } of prepared) {
      const key = idKey(doc._id as DocumentId);
      if (seen.has(key)) throw duplicate(doc._id as DocumentId);
      seen.add(key);
    }
    const file = this.host.file();
    return file.write((conn) => {
      const tbl = options?.requireCollection
        ? file.tableOf(conn, this.name)
        : file.ensureTable(conn, this.name)[0];
      if (!tbl) throw noCollection(this.name);
      const insert = file.stmt(conn, `INSERT INTO "${tbl}" (id, size, doc) VALUES (?, ?, ?)`);
      let bytes = 0;
      for (const { doc, size, plainJson } of prepared) {
        try {
          insert.run(idKey(doc._id as DocumentId), size, encodeDocument(doc, plainJson));
        } catch (err) {
          if (isUniqueViolation(err)) throw duplicate(doc._id as DocumentId);
          throw err;
        }
        bytes += size;
      }
      file.addBytes(conn, this.name, bytes);
      return { insertedIds: prepared.map((p) => p.doc._id as DocumentId), bytesDelta: bytes };
    }, options?.beforeCommit);
  }

  async updateOne(filter: Filter, update: Update, options?: UpdateOptions): Promise<UpdateResult> {
    if (!options?.upsert && !options?.beforeCommit && (await this.counterUpdate(filter, update)))
      return { matchedCount: 1, modifiedCount: 1, upsertedId: null, bytesDelta: 0 };
    const { document: _d, ...result } = await this.runUpdate({
      filter,
      update,
      upsert: options?.upsert ?? false,
      multi: false,
      beforeCommit: options?.beforeCommit,
      requireCollection: options?.requireCollection,
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
      return await file.autocommit((conn) => {
        const tbl = file.tableOf(conn, this.name);
        return tbl !== undefined && file.stmt(conn, statement.sql(tbl)).run(statement.params).changes === 1;
      });
    } catch {
      // e.g. the table was dropped by another process meanwhile: the generic path reports it.
      return false;
    }
  }

  private runUpdate(req: UpdateRequest): Promise<UpdateOutcome> {
    const limits = this.host.limits;
    const filter = checkFilter(req.filter, limits);
    const split = req.update !== undefined ? splitUpdate(checkUpdate(req.update, limits)) : null;
    const file = this.host.file();
    return file.write((conn) => {
      let tbl = file.tableOf(conn, this.name);
      if (!tbl && req.requireCollection) throw noCollection(this.name);
      const outcome: UpdateOutcome = {
        matchedCount: 0,
        modifiedCount: 0,
        upsertedId: null,
        bytesDelta: 0,
        document: null,
      };
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
          const { doc: stored, size, plainJson } = prepareDocument(next, limits, { generateId: false });
          if (idKey(stored._id as DocumentId) !== row.id) {
            throw new StoreError(
              'BAD_UPDATE',
              "performing an update on the path '_id' would modify the immutable field '_id'",
            );
          }
          const text = encodeDocument(stored, plainJson);
          outcome.document = stored;
          if (text === row.doc) continue;
          write.run(text, size, row.rid);
          outcome.modifiedCount++;
          outcome.bytesDelta += size - row.size;
        }
      }
      if (outcome.matchedCount === 0 && req.upsert) {
        const { doc, size, plainJson } = prepareDocument(
          req.replacement
            ? replacementUpsert(filter, req.replacement)
            : upsertedDocument(filter, split?.modifier ?? null, split?.setOnInsert ?? {}),
          limits,
        );
        if (!tbl) [tbl] = file.ensureTable(conn, this.name);
        try {
          file
            .stmt(conn, `INSERT INTO "${tbl}" (id, size, doc) VALUES (?, ?, ?)`)
            .run(idKey(doc._id as DocumentId), size, encodeDocument(doc, plainJson));
        } catch (err) {
          if (isUniqueViolation(err)) throw duplicate(doc._id as DocumentId);
          throw err;
        }
        outcome.upsertedId = doc._id as DocumentId;
        outcome.bytesDelta += size;
        outcome.document = doc;
      }
      file.addBytes(conn, this.name, outcome.bytesDelta);
      return outcome;
    }, req.beforeCommit);
  }

  /** The documents a write applies to: first match (natural or sorted order) or all matches. */
  private selectTargets(
    conn: Connection,
    tbl: string,
    filter: Filter,
    multi: boolean,
    sort: SortSpec | undefined,
  ): Candidate[] {
    // Collected before writing: a connection cannot write while a SELECT on it is still iterating.
    const targets: Candidate[] = [];
    for (const candidate of this.scan(conn, tbl, filter, true)) {
      targets.push(candidate);
      if (!multi && !sort) break;
    }
    if (multi || !sort || targets.length < 2) return targets;
    const [first] = sortDocuments(
      targets.map((t) => t.doc),
      sort,
    );
    return targets.filter((t) => t.doc === first);
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

  private runDelete(
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
    return file.write((conn) => {
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
      return { deleted: targets.map((t) => t.doc), bytesDelta: bytes === 0 ? 0 : -bytes };
    }, options?.beforeCommit);
  }
}
