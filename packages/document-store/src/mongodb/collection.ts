/**
 * A collection of the MongoDB engine: the server does the querying and updating; this class adds
 * the port's guarantees on top.
 *
 * Every write reads the documents it touches before and after, so it can report `bytesDelta`,
 * enforce the document size/depth caps on the result of server-side updates ($push can grow a
 * document past the cap) and run `beforeCommit`.
 *
 * With transactions (replica set or sharded cluster) all of that happens in one transaction: a
 * throwing hook or a failed check aborts it and nothing is visible. Without transactions
 * (standalone server, FerretDB) the guarantees weaken, and docs/document-store.md lists exactly how:
 * inserts and deleteMany call the hook BEFORE writing (their delta is known up front); updates,
 * replaceOne, findOneAndUpdate, deleteOne and findOneAndDelete write first and, if the hook or a
 * check refuses, undo by compensation (restore the previous documents, delete the upserted one,
 * re-insert the deleted one). insertMany is all-or-nothing by compensation too (the documents
 * inserted before a duplicate key are deleted again).
 */
import { BSON, MongoServerError } from 'mongodb';
import type { ClientSession, Collection as DriverCollection, Db, Document as DriverDocument } from 'mongodb';
import { bsonSize } from '../bson-size.js';
import { sameId } from '../bson-values.js';
import { StoreError } from '../document-store.js';
import { duplicateId } from '../duplicate-id.js';
import { stringifyExtJson } from '../ext-json.js';
import type {
  BeforeCommit,
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
  LogContext,
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
  checkMaxTimeMS,
  checkPipeline,
  checkReplacement,
  checkSort,
  checkUpdate,
  prepareDocument,
} from '../query-guard.js';
import type { StoreLimits } from '../query-guard.js';
import {
  AUTO_PREFIX,
  checkIndex,
  checkIndexName,
  defaultIndexName,
  MAX_INDEXES,
  sameIndexKeys,
} from '../index-spec.js';
import { replacementUpsert } from '../upsert-seed.js';
import type { AutoIndexer } from './auto-index.js';
import type { Journal, MongoChangeLog } from './change-log.js';
import { EmulatedCollection, needsClient } from './emulation.js';
import type { EmulationHost } from './emulation.js';
import { mapDriverError, mapErrors } from './errors.js';

/** What a collection needs from its store. */
export interface MongoHost extends EmulationHost {
  readonly db: Db;
  readonly limits: StoreLimits;
  /** Runs `op` in a transaction when the server supports them, else without a session. */
  write<T extends { bytesDelta: number }>(
    op: (session: ClientSession | undefined) => Promise<Written<T>>,
    beforeCommit?: BeforeCommit,
  ): Promise<T>;
  supportsTransactions(): Promise<boolean>;
  /** True when the server needs emulation mode (FerretDB), see emulation.ts. */
  emulated(): Promise<boolean>;
  /** Creates indexes for filtered fields (auto-index.ts). */
  readonly autoIndexer: AutoIndexer;
  /** Whether `$bsonSize` works (null = not probed yet). */
  bsonSizeOperator: boolean | null;
  /** The database's change log (logged writes run through it: change-log.ts). */
  changeLog(): MongoChangeLog;
  /** Whether the store keeps change logs at all. */
  readonly logsChanges: boolean;
}

export interface Written<T> {
  result: T;
  /** Compensation for servers without transactions. */
  undo: () => Promise<void>;
}

/** Stored documents: `_id` is ObjectId | string | number (the driver's default typing assumes ObjectId). */
export type StoredDoc = { _id: DocumentId } & DriverDocument;

/** Documents the driver fetches per round trip of a cursor, and text handed out per batch. */
const CURSOR_BATCH_DOCS = 100;
const CURSOR_BATCH_BYTES = 1024 * 1024;

/** Negation without -0 (results are compared with toEqual). */
const negative = (n: number): number => (n === 0 ? 0 : -n);

const noUndo = async (): Promise<void> => undefined;

/** Ties in a sort are broken by `_id` ascending (= insertion order for ObjectIds one process generates). */
function tieBreak(sort: SortSpec | undefined): SortSpec | undefined {
  if (!sort) return undefined;
  return '_id' in sort ? sort : { ...sort, _id: 1 };
}

function idsOf(docs: Document[]): DocumentId[] {
  return docs.map((d) => d._id as DocumentId);
}

function sameDocument(a: Document, b: Document): boolean {
  return Buffer.from(BSON.serialize(a)).equals(Buffer.from(BSON.serialize(b)));
}

interface UpdateRequest {
  filter: Filter;
  update?: Update;
  replacement?: Document;
  upsert: boolean;
  multi: boolean;
  beforeCommit?: BeforeCommit | undefined;
  log?: LogContext | undefined;
}

export class MongoCollection implements Collection {
  constructor(
    private readonly host: MongoHost,
    readonly name: string,
  ) {
    checkCollectionName(name);
  }

  private get coll(): DriverCollection<StoredDoc> {
    return this.host.db.collection<StoredDoc>(this.name);
  }

  private get limits(): StoreLimits {
    return this.host.limits;
  }

  /** The server-side time limit of every operation that evaluates a caller's filter. */
  private get bound(): { maxTimeMS: number } {
    return { maxTimeMS: this.host.maxTimeMs };
  }

  /** A read's time limit: its own `maxTimeMS`, else the engine's. */
  private boundOf(options: ReadOptions | undefined): { maxTimeMS: number } {
    return { maxTimeMS: checkMaxTimeMS(options?.maxTimeMS) ?? this.host.maxTimeMs };
  }

  private get emulation(): EmulatedCollection {
    return new EmulatedCollection(this.coll, this.host);
  }

  /**
   * A logged write runs the emulated way (every document it writes is known before it writes,
   * emulation.ts) under the database's log lock, its entries staged before its data (change-log.ts).
   * Null when the write is not logged.
   */
  private logged<T>(
    context: LogContext | undefined,
    write: (journal: Journal | null) => Promise<T>,
  ): Promise<T> | null {
    if (!context || !this.host.logsChanges) return null;
    return this.host.changeLog().logged(context, write);
  }

  /** `requireCollection`: the server would create the collection on write, so look first. */
  private async requireExisting(options: WriteOptions | undefined): Promise<void> {
    if (!options?.requireCollection) return;
    const infos = await this.host.db.listCollections({ name: this.name }, { nameOnly: true }).toArray();
    if (infos.length === 0) throw new StoreError('NO_COLLECTION', `no collection named "${this.name}"`);
  }

  // -------------------------------------------------------------------------------------------
  // Reads

  async find(filter: Filter, options?: FindOptions): Promise<Document[]> {
    const checked = checkFilter(filter, this.limits);
    const checkedOptions = checkFindOptions(options);
    const { sort, projection, skip, limit } = checkedOptions;
    const bound = this.boundOf(options);
    if (await this.host.emulated()) {
      if (needsClient(checked)) return this.emulation.find(checked, checkedOptions, bound.maxTimeMS);
    } else {
      await this.host.autoIndexer.ensure(this.coll, checked);
    }
    return mapErrors('BAD_QUERY', () =>
      this.coll
        .find(checked, {
          ...bound,
          ...(projection ? { projection } : {}),
          ...(sort ? { sort: tieBreak(sort) } : {}),
          ...(skip > 0 ? { skip } : {}),
          ...(limit > 0 ? { limit } : {}),
        })
        .toArray(),
    );
  }

  /**
   * The server's cursor, its documents converted batch by batch (the driver fetches up to
   * CURSOR_BATCH_DOCS at a time). In emulation mode a filter the server cannot evaluate is
   * answered from `find` (FerretDB is a test stand-in, see emulation.ts).
   */
  async *findExtJsonCursor(filter: Filter, options?: FindOptions): AsyncGenerator<string[]> {
    const checked = checkFilter(filter, this.limits);
    const checkedOptions = checkFindOptions(options);
    const { sort, projection, skip, limit } = checkedOptions;
    const bound = this.boundOf(options);
    if (await this.host.emulated()) {
      if (needsClient(checked)) {
        const docs = await this.emulation.find(checked, checkedOptions, bound.maxTimeMS);
        for (let i = 0; i < docs.length; i += CURSOR_BATCH_DOCS)
          yield docs.slice(i, i + CURSOR_BATCH_DOCS).map((doc) => stringifyExtJson(doc));
        return;
      }
    } else {
      await this.host.autoIndexer.ensure(this.coll, checked);
    }
    // The server counts the bound over the cursor's whole life (its getMores), not between them.
    const cursor = this.coll.find(checked, {
      ...bound,
      batchSize: CURSOR_BATCH_DOCS,
      ...(projection ? { projection } : {}),
      ...(sort ? { sort: tieBreak(sort) } : {}),
      ...(skip > 0 ? { skip } : {}),
      ...(limit > 0 ? { limit } : {}),
    });
    try {
      let batch: string[] = [];
      let bytes = 0;
      for (;;) {
        const doc = await mapErrors('BAD_QUERY', () => cursor.next());
        if (!doc) break;
        const text = stringifyExtJson(doc);
        batch.push(text);
        bytes += text.length;
        // Hand out what the driver has buffered before it fetches more.
        if (bytes >= CURSOR_BATCH_BYTES || cursor.bufferedCount() === 0) {
          yield batch;
          batch = [];
          bytes = 0;
        }
      }
      if (batch.length > 0) yield batch;
    } finally {
      await cursor.close();
    }
  }

  async findOne(
    filter: Filter,
    options?: Pick<FindOptions, 'projection' | 'sort' | 'maxTimeMS'>,
  ): Promise<Document | null> {
    const docs = await this.find(filter, { ...options, limit: 1 });
    return docs[0] ?? null;
  }

  async count(filter: Filter, options?: CountOptions): Promise<number> {
    const checked = checkFilter(filter, this.limits);
    const { skip, limit } = checkFindOptions({ skip: options?.skip, limit: options?.limit });
    const bound = this.boundOf(options);
    if (await this.host.emulated()) {
      if (needsClient(checked)) return this.emulation.count(checked, skip, limit, bound.maxTimeMS);
    } else {
      await this.host.autoIndexer.ensure(this.coll, checked);
    }
    return mapErrors('BAD_QUERY', () =>
      this.coll.countDocuments(checked, {
        ...bound,
        ...(skip > 0 ? { skip } : {}),
        ...(limit > 0 ? { limit } : {}),
      }),
    );
  }

  async aggregate(pipeline: Document[], options?: ReadOptions): Promise<Document[]> {
    checkPipeline(pipeline, this.limits);
    const bound = this.boundOf(options);
    if (await this.host.emulated()) return this.emulation.aggregate(pipeline, bound.maxTimeMS);
    return mapErrors('BAD_QUERY', () => this.coll.aggregate(pipeline, bound).toArray());
  }

  async dataBytes(): Promise<number> {
    if (this.host.bsonSizeOperator !== false) {
      try {
        const [row] = await this.coll
          .aggregate([{ $group: { _id: null, bytes: { $sum: { $bsonSize: '$$ROOT' } } } }])
          .toArray();
        this.host.bsonSizeOperator = true;
        return typeof row?.bytes === 'number' ? row.bytes : 0;
      } catch (err) {
        // FerretDB v1 lacks $bsonSize: sum client-side from then on.
        if (this.host.bsonSizeOperator === true) throw err;
        this.host.bsonSizeOperator = false;
      }
    }
    let bytes = 0;
    for await (const doc of this.coll.find({})) bytes += bsonSize(doc);
    return bytes;
  }

  /** Every document in natural order, in chunks (backups). */
  async *chunks(size: number): AsyncGenerator<Document[]> {
    let chunk: Document[] = [];
    for await (const doc of this.coll.find({}, { batchSize: size })) {
      chunk.push(doc);
      if (chunk.length >= size) {
        yield chunk;
        chunk = [];
      }
    }
    if (chunk.length > 0) yield chunk;
  }

  // -------------------------------------------------------------------------------------------
  // Indexes: the server's, with the SQLite engine's rules for names, conflicts and bounds

  async createIndex(keys: IndexKeys, options?: IndexOptions): Promise<string> {
    const create = (journal: Journal | null = null) => this.createIndexNow(keys, options, journal);
    return this.logged(options?.log, create) ?? create();
  }

  private async createIndexNow(
    keys: IndexKeys,
    options: IndexOptions | undefined,
    journal: Journal | null,
  ): Promise<string> {
    const checked = checkIndex(keys, options);
    const name = checked.name ?? defaultIndexName(checked.keys);
    const existing = await this.listIndexes();
    const named = existing.find((i) => i.name === name);
    if (named) {
      if (sameIndexKeys(checked.keys, named.key) && named.unique === checked.unique) return name;
      throw new StoreError('INDEX_CONFLICT', `an index named "${name}" exists with other keys or options`);
    }
    const twin = existing.find((i) => !i.auto && i.name !== '_id_' && sameIndexKeys(checked.keys, i.key));
    if (twin) throw new StoreError('INDEX_CONFLICT', `the index "${twin.name}" has the same keys`);
    if (existing.filter((i) => !i.auto && i.name !== '_id_').length >= MAX_INDEXES)
      throw new StoreError('BAD_INDEX', `a collection has at most ${MAX_INDEXES} indexes`);
    // An automatic index on the same keys gives way to the one asked for.
    for (const auto of existing.filter((i) => i.auto && sameIndexKeys(checked.keys, i.key))) {
      await this.coll.dropIndex(auto.name);
      this.host.autoIndexer.forget(this.coll.namespace);
    }
    await journal?.prepare([
      {
        op: 'createIndex',
        collection: this.name,
        index: { name, key: Object.fromEntries(checked.keys), unique: checked.unique, auto: false },
      },
    ]);
    await mapErrors('BAD_INDEX', () =>
      this.coll.createIndex(Object.fromEntries(checked.keys), {
        name,
        ...(checked.unique ? { unique: true } : {}),
      }),
    );
    return name;
  }

  async listIndexes(): Promise<IndexInfo[]> {
    let raw: DriverDocument[];
    try {
      raw = await this.coll.listIndexes().toArray();
    } catch (err) {
      if (err instanceof MongoServerError && err.code === 26) return []; // no such collection
      throw err;
    }
    const infos = raw.map((i): IndexInfo => {
      const name = String(i.name);
      return {
        name,
        key: Object.fromEntries(
          Object.entries(i.key as DriverDocument).map(([p, d]) => [p, Number(d) < 0 ? -1 : 1] as const),
        ),
        unique: name === '_id_' || i.unique === true,
        auto: name.startsWith(AUTO_PREFIX),
      };
    });
    const rank = (i: IndexInfo) => (i.name === '_id_' ? 0 : i.auto ? 2 : 1);
    return infos.sort((a, b) => rank(a) - rank(b) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  async dropIndex(name: string, options?: LayoutOptions): Promise<boolean> {
    checkIndexName(name);
    if (name === '_id_') throw new StoreError('BAD_INDEX', 'the _id index cannot be dropped');
    const drop = (journal: Journal | null = null) => this.dropIndexNow(name, journal);
    return this.logged(options?.log, drop) ?? drop();
  }

  private async dropIndexNow(name: string, journal: Journal | null): Promise<boolean> {
    // Looked up first: servers differ in the error they give for a missing index.
    if (!(await this.listIndexes()).some((i) => i.name === name)) return false;
    await journal?.prepare([{ op: 'dropIndex', collection: this.name, index: name }]);
    await this.coll.dropIndex(name);
    if (name.startsWith(AUTO_PREFIX)) this.host.autoIndexer.forget(this.coll.namespace);
    return true;
  }

  // -------------------------------------------------------------------------------------------
  // Writes

  async insertMany(docs: Document[], options?: WriteOptions): Promise<InsertResult> {
    if (!Array.isArray(docs)) throw new StoreError('BAD_DOCUMENT', 'insertMany needs an array of documents');
    if (docs.length === 0) return { insertedIds: [], bytesDelta: 0 };
    const prepared = docs.map((doc) => prepareDocument(doc, this.limits));
    const ids = prepared.map((p) => p.doc._id as DocumentId);
    for (let i = 0; i < ids.length; i++) {
      for (let j = 0; j < i; j++) if (sameId(ids[i], ids[j])) throw duplicateId(ids[i]!);
    }
    const bytes = prepared.reduce((sum, p) => sum + p.size, 0);
    const result: InsertResult = { insertedIds: ids, bytesDelta: bytes };
    await this.requireExisting(options);
    const logged = this.logged(options?.log, (journal) =>
      this.emulation.insertMany(prepared, options?.beforeCommit, journal),
    );
    if (logged) return logged;
    if (await this.host.emulated()) return this.emulation.insertMany(prepared, options?.beforeCommit);
    if (await this.host.supportsTransactions()) {
      return this.host.write(async (session) => {
        await mapErrors('BAD_UPDATE', () =>
          this.coll.insertMany(
            prepared.map((p) => p.doc as StoredDoc),
            { session, ordered: true },
          ),
        );
        return { result, undo: noUndo };
      }, options?.beforeCommit);
    }
    // Without transactions: the hook first (the delta is exact), then the insert.
    await options?.beforeCommit?.(bytes);
    try {
      await this.coll.insertMany(
        prepared.map((p) => p.doc as StoredDoc),
        { ordered: true },
      );
    } catch (err) {
      // All or nothing: delete what this batch inserted before the failure.
      const inserted = Object.values((err as { insertedIds?: Record<number, DocumentId> }).insertedIds ?? {});
      if (inserted.length > 0) await this.coll.deleteMany({ _id: { $in: inserted } });
      throw mapDriverError(err, 'BAD_UPDATE');
    }
    return result;
  }

  async updateOne(filter: Filter, update: Update, options?: UpdateOptions): Promise<UpdateResult> {
    await this.requireExisting(options);
    return this.runUpdate({
      filter,
      update,
      upsert: options?.upsert ?? false,
      multi: false,
      beforeCommit: options?.beforeCommit,
      log: options?.log,
    });
  }

  async updateMany(filter: Filter, update: Update, options?: UpdateOptions): Promise<UpdateResult> {
    await this.requireExisting(options);
    return this.runUpdate({
      filter,
      update,
      upsert: options?.upsert ?? false,
      multi: true,
      beforeCommit: options?.beforeCommit,
      log: options?.log,
    });
  }

  async replaceOne(filter: Filter, replacement: Document, options?: UpdateOptions): Promise<UpdateResult> {
    await this.requireExisting(options);
    return this.runUpdate({
      filter,
      replacement: checkReplacement(replacement),
      upsert: options?.upsert ?? false,
      multi: false,
      beforeCommit: options?.beforeCommit,
      log: options?.log,
    });
  }

  private async runUpdate(req: UpdateRequest): Promise<UpdateResult> {
    const filter = checkFilter(req.filter, this.limits);
    const update = req.update !== undefined ? checkUpdate(req.update, this.limits) : undefined;
    const logged = this.logged(req.log, async (journal) => {
      const { document: _d, ...result } = await this.emulation.update({
        ...req,
        filter,
        ...(update ? { update } : {}),
        journal,
      });
      return result;
    });
    if (logged) return logged;
    if (await this.host.emulated()) {
      const { document: _d, ...result } = await this.emulation.update({
        ...req,
        filter,
        ...(update ? { update } : {}),
      });
      return result;
    }
    return this.host.write(async (session) => {
      const before = await mapErrors('BAD_QUERY', () =>
        this.coll.find(filter, { session, ...this.bound, ...(req.multi ? {} : { limit: 1 }) }).toArray(),
      );
      const result: UpdateResult = { matchedCount: 0, modifiedCount: 0, upsertedId: null, bytesDelta: 0 };
      if (before.length > 0) {
        const ids = idsOf(before);
        const outcome = await mapErrors('BAD_UPDATE', async () => {
          if (req.replacement) {
            const current = before[0] as StoredDoc;
            const { _id, ...rest } = req.replacement;
            if (_id !== undefined && !sameId(_id, current._id)) {
              throw new StoreError('BAD_UPDATE', 'the _id field cannot be changed by a replacement');
            }
            const next = prepareDocument({ _id: current._id, ...rest }, this.limits, {
              generateId: false,
            }).doc;
            return this.coll.replaceOne({ _id: current._id }, next, { session });
          }
          const scope = { $and: [filter, { _id: req.multi ? { $in: ids } : ids[0] }] };
          try {
            return await (req.multi
              ? this.coll.updateMany(scope, update as DriverDocument, { session, ...this.bound })
              : this.coll.updateOne(scope, update as DriverDocument, { session, ...this.bound }));
          } catch (err) {
            // Without a transaction an updateMany refused midway (a unique index) has changed
            // some documents already: put them back.
            if (!session && req.multi) await this.restore(before);
            throw err;
          }
        });
        result.matchedCount = outcome.matchedCount;
        result.modifiedCount = outcome.modifiedCount;
        const after = await this.coll.find({ _id: { $in: ids } }, { session }).toArray();
        const previous = new Map(before.map((d) => [BSON.EJSON.stringify(d._id), d]));
        const changed: StoredDoc[] = [];
        for (const doc of after) {
          const old = previous.get(BSON.EJSON.stringify(doc._id));
          if (!old || sameDocument(old, doc)) continue;
          changed.push(old);
          result.bytesDelta += bsonSize(doc) - bsonSize(old);
        }
        const undo = async (): Promise<void> => {
          for (const old of changed) await this.coll.replaceOne({ _id: old._id }, old);
        };
        await this.validateOrUndo(after, session, undo);
        return { result, undo };
      }
      if (!req.upsert) return { result, undo: noUndo };
      const upserted = await mapErrors('BAD_UPDATE', async () => {
        if (req.replacement) {
          const doc = prepareDocument(replacementUpsert(filter, req.replacement), this.limits).doc;
          return this.coll.replaceOne(filter, doc, { session, upsert: true, ...this.bound });
        }
        return this.coll.updateOne(filter, update as DriverDocument, {
          session,
          upsert: true,
          ...this.bound,
        });
      });
      result.matchedCount = upserted.matchedCount;
      result.modifiedCount = upserted.modifiedCount;
      if (upserted.upsertedId === null || upserted.upsertedId === undefined) return { result, undo: noUndo };
      const id = upserted.upsertedId;
      result.upsertedId = id;
      const undo = async (): Promise<void> => {
        await this.coll.deleteOne({ _id: id });
      };
      const doc = await this.coll.findOne({ _id: id }, { session });
      if (doc) {
        result.bytesDelta = bsonSize(doc);
        await this.validateOrUndo([doc], session, undo);
      }
      return { result, undo };
    }, req.beforeCommit);
  }

  /** Writes back the documents of `before` that differ now (compensation without transactions). */
  private async restore(before: StoredDoc[]): Promise<void> {
    const now = await this.coll.find({ _id: { $in: idsOf(before) } }).toArray();
    for (const old of before) {
      const current = now.find((d) => sameId(d._id, old._id));
      if (current && !sameDocument(current, old)) await this.coll.replaceOne({ _id: old._id }, old);
    }
  }

  /**
   * Server-side updates can produce documents the port refuses (too large, too deep). In a
   * transaction throwing aborts; without one the write is undone first.
   */
  private async validateOrUndo(
    docs: Document[],
    session: ClientSession | undefined,
    undo: () => Promise<void>,
  ): Promise<void> {
    try {
      for (const doc of docs) prepareDocument(doc, this.limits, { generateId: false });
    } catch (err) {
      if (!session) await undo();
      throw err;
    }
  }

  async findOneAndUpdate(
    filter: Filter,
    update: Update,
    options?: FindOneAndUpdateOptions,
  ): Promise<Document | null> {
    const checked = checkFilter(filter, this.limits);
    const checkedUpdate = checkUpdate(update, this.limits);
    const sort = tieBreak(checkSort(options?.sort));
    const upsert = options?.upsert ?? false;
    await this.requireExisting(options);
    const emulated = (journal: Journal | null = null) =>
      this.emulation
        .update({
          filter: checked,
          update: checkedUpdate,
          upsert,
          multi: false,
          sort: checkSort(options?.sort),
          beforeCommit: options?.beforeCommit,
          journal,
        })
        .then((outcome) => outcome.document);
    const logged = this.logged(options?.log, emulated);
    if (logged) return logged;
    if (await this.host.emulated()) return emulated();
    const result = await this.host.write(
      async (session): Promise<Written<{ document: Document | null; bytesDelta: number }>> => {
        // The document as it was, for the delta and the undo. In a transaction this read and the
        // update see the same snapshot; without one the update itself is still atomic.
        const before = await mapErrors('BAD_QUERY', () =>
          this.coll.findOne(checked, { session, ...this.bound, ...(sort ? { sort } : {}) }),
        );
        const reply = await mapErrors('BAD_UPDATE', () =>
          this.coll.findOneAndUpdate(
            before && session ? { $and: [checked, { _id: before._id }] } : checked,
            checkedUpdate as DriverDocument,
            {
              session,
              ...this.bound,
              upsert,
              returnDocument: 'after',
              includeResultMetadata: true,
              ...(sort && !(before && session) ? { sort } : {}),
            },
          ),
        );
        const after = reply.value;
        if (!after) return { result: { document: null, bytesDelta: 0 }, undo: noUndo };
        const wasUpsert = reply.lastErrorObject?.updatedExisting === false;
        const old = !wasUpsert && before && sameId(before._id, after._id) ? before : null;
        const undo = async (): Promise<void> => {
          if (wasUpsert) await this.coll.deleteOne({ _id: after._id });
          else if (old) await this.coll.replaceOne({ _id: old._id }, old);
        };
        await this.validateOrUndo([after], session, undo);
        const bytesDelta = wasUpsert ? bsonSize(after) : old ? bsonSize(after) - bsonSize(old) : 0;
        return { result: { document: after, bytesDelta }, undo };
      },
      options?.beforeCommit,
    );
    return result.document;
  }

  async deleteOne(filter: Filter, options?: WriteOptions): Promise<DeleteResult> {
    await this.requireExisting(options);
    const { deleted, bytesDelta } = await this.deleteSingle(filter, undefined, options);
    return { deletedCount: deleted ? 1 : 0, bytesDelta };
  }

  async findOneAndDelete(filter: Filter, options?: FindOneAndDeleteOptions): Promise<Document | null> {
    await this.requireExisting(options);
    const { deleted } = await this.deleteSingle(filter, checkSort(options?.sort), options);
    return deleted;
  }

  /** Atomic single delete (findOneAndDelete); without transactions a refused hook re-inserts the document. */
  private async deleteSingle(
    filter: Filter,
    sort: SortSpec | undefined,
    options: WriteOptions | undefined,
  ): Promise<{ deleted: Document | null; bytesDelta: number }> {
    const checked = checkFilter(filter, this.limits);
    const beforeCommit = options?.beforeCommit;
    const emulated = async (journal: Journal | null = null) => {
      const { deleted, bytesDelta } = await this.emulation.delete(
        checked,
        false,
        sort,
        beforeCommit,
        journal,
      );
      return { deleted: deleted[0] ?? null, bytesDelta };
    };
    const logged = this.logged(options?.log, emulated);
    if (logged) return logged;
    if (await this.host.emulated()) return emulated();
    return this.host.write(
      async (session): Promise<Written<{ deleted: Document | null; bytesDelta: number }>> => {
        const doc = await mapErrors('BAD_QUERY', () =>
          this.coll.findOneAndDelete(checked, {
            session,
            ...this.bound,
            ...(sort ? { sort: tieBreak(sort) } : {}),
          }),
        );
        if (!doc) return { result: { deleted: null, bytesDelta: 0 }, undo: noUndo };
        return {
          result: { deleted: doc, bytesDelta: negative(bsonSize(doc)) },
          undo: async () => {
            await this.coll.insertOne(doc);
          },
        };
      },
      beforeCommit,
    );
  }

  async deleteMany(filter: Filter, options?: WriteOptions): Promise<DeleteResult> {
    const checked = checkFilter(filter, this.limits);
    await this.requireExisting(options);
    const beforeCommit = options?.beforeCommit;
    const emulated = async (journal: Journal | null = null) => {
      const { deleted, bytesDelta } = await this.emulation.delete(
        checked,
        true,
        undefined,
        beforeCommit,
        journal,
      );
      return { deletedCount: deleted.length, bytesDelta };
    };
    const logged = this.logged(options?.log, emulated);
    if (logged) return logged;
    if (await this.host.emulated()) return emulated();
    if (await this.host.supportsTransactions()) {
      return this.host.write(async (session) => {
        const targets = await mapErrors('BAD_QUERY', () =>
          this.coll.find(checked, { session, ...this.bound }).toArray(),
        );
        if (targets.length === 0) return { result: { deletedCount: 0, bytesDelta: 0 }, undo: noUndo };
        const outcome = await this.coll.deleteMany({ _id: { $in: idsOf(targets) } }, { session });
        const bytesDelta = negative(targets.reduce((sum, d) => sum + bsonSize(d), 0));
        return { result: { deletedCount: outcome.deletedCount, bytesDelta }, undo: noUndo };
      }, beforeCommit);
    }
    // Without transactions: the hook first with the delta of the documents matching now, then the
    // delete of exactly those documents (if they still match).
    const targets = await mapErrors('BAD_QUERY', () => this.coll.find(checked, this.bound).toArray());
    if (targets.length === 0) return { deletedCount: 0, bytesDelta: 0 };
    const ids = idsOf(targets);
    await beforeCommit?.(negative(targets.reduce((sum, d) => sum + bsonSize(d), 0)));
    const outcome = await mapErrors('BAD_QUERY', () =>
      this.coll.deleteMany({ $and: [checked, { _id: { $in: ids } }] }, this.bound),
    );
    let gone = targets;
    if (outcome.deletedCount !== targets.length) {
      const left = await this.coll.find({ _id: { $in: ids } }, { projection: { _id: 1 } }).toArray();
      gone = targets.filter((t) => !left.some((l) => sameId(l._id, t._id)));
    }
    return {
      deletedCount: outcome.deletedCount,
      bytesDelta: negative(gone.reduce((sum, d) => sum + bsonSize(d), 0)),
    };
  }
}
