/**
 * Emulation mode of the MongoDB engine, for servers that speak the wire protocol without MongoDB's
 * semantics. Today that is FerretDB v1 (detected by `buildInfo.ferretdbVersion`), whose gaps we
 * measured with the conformance suite (docs/document-store.md lists them):
 * - updates are not atomic: concurrent `$inc`s lose increments, and `findAndModify` hands the
 *   same document to several callers;
 * - update operators lack `$push` modifiers other than `$each`, `$pull` conditions, the positional
 *   `$`, and update pipelines;
 * - queries lack `$elemMatch` with field conditions, `$mod` on array elements, `$expr` operators,
 *   patterns inside `$all`;
 * - aggregation lacks `$lookup`, field-path expressions in `$project`, `$sum: 1`, ...
 *
 * In this mode the server is used as storage only (find with the filter parts it handles, insert,
 * replace by `_id`, delete by `_id`) and the semantics come from the same mingo layer as the SQLite
 * engine. Every write to a collection runs under a lock shared by every process on the server
 * (shared-lock.ts, built on the one write FerretDB performs atomically: an insert of a new `_id`),
 * which makes updates and find-and-modify atomic between callers of all node processes: the quota
 * charge, reference counts, leases and single-use tokens stay exact with several processes.
 * Writes know their exact `bytesDelta` before touching the server, so `beforeCommit` runs first
 * and a refusal leaves nothing to undo.
 */
import { BSON } from 'mongodb';
import type { Collection as DriverCollection, Document as DriverDocument } from 'mongodb';
import { bsonSize } from '../bson-size.js';
import { isPlainObject, isRegexValue, sameId } from '../bson-values.js';
import { StoreError } from '../document-store.js';
import type {
  BeforeCommit,
  Change,
  Document,
  DocumentId,
  Filter,
  InsertResult,
  SortSpec,
  Update,
  UpdateResult,
} from '../document-store.js';
import { replacedDocument, updatedDocument, upsertedDocument } from '../mingo/apply-update.js';
import { sortDocuments } from '../mingo/bson-order.js';
import { compileFilter, project, runPipeline, splitUpdate } from '../mingo/semantics.js';
import { stringifyExtJson } from '../ext-json.js';
import { checkPipeline, prepareDocument } from '../query-guard.js';
import type { CheckedFindOptions, PreparedDocument, StoreLimits } from '../query-guard.js';
import { replacementUpsert } from '../upsert-seed.js';
import { timeoutError } from '../time-bound.js';
import { mapDriverError, mapErrors } from './errors.js';
import type { Journal } from './change-log.js';
import type { HeldLock } from './shared-lock.js';

/** Query operators the emulated server gets wrong; conditions using them are checked client-side. */
const CLIENT_ONLY_OPERATORS = new Set(['$expr', '$elemMatch', '$mod']);

type StoredDoc = { _id: DocumentId } & DriverDocument;

export interface EmulationHost {
  readonly limits: StoreLimits;
  /** Server-side time limit (maxTimeMS) of every operation that evaluates a caller's filter. */
  readonly maxTimeMs: number;
  /** Serialises the writes of every process on the server to one collection (shared-lock.ts). */
  exclusive<T>(collection: string, fn: (lock: HeldLock) => Promise<T>): Promise<T>;
  /** A sibling collection of the same database (for $lookup and friends). */
  sibling(name: string): DriverCollection<StoredDoc>;
}

function usesClientOnly(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(usesClientOnly);
  if (!isPlainObject(value)) return false;
  return Object.entries(value).some(
    ([k, v]) =>
      CLIENT_ONLY_OPERATORS.has(k) ||
      // FerretDB's $all compares patterns as values instead of matching them.
      (k === '$all' && Array.isArray(v) && v.some(isRegexValue)) ||
      usesClientOnly(v),
  );
}

/**
 * Splits a filter into the part the server can evaluate (a superset of the answer: only whole
 * conjuncts are removed) and whether the rest must be checked client-side.
 */
export function splitFilter(filter: Filter): { server: Filter; client: boolean } {
  const server: Filter = {};
  let client = false;
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(value)) {
      const parts = value.filter(isPlainObject).map((branch) => splitFilter(branch));
      client ||= parts.some((p) => p.client);
      const kept = parts.map((p) => p.server).filter((p) => Object.keys(p).length > 0);
      if (kept.length > 0) server.$and = kept;
      continue;
    }
    if (key === '$expr' || usesClientOnly(value)) {
      client = true;
      continue;
    }
    Object.defineProperty(server, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return { server, client };
}

export function needsClient(filter: Filter): boolean {
  return splitFilter(filter).client;
}

const negative = (n: number): number => (n === 0 ? 0 : -n);

export interface EmulatedUpdate {
  filter: Filter;
  update?: Update;
  replacement?: Document;
  upsert: boolean;
  multi: boolean;
  sort?: SortSpec | undefined;
  beforeCommit?: BeforeCommit | undefined;
  /** The write's log entries (mongodb/change-log.ts): staged after `beforeCommit`, before any write. */
  journal?: Journal | null | undefined;
}

/** A document change for the log. */
function changeOf(op: 'insert' | 'update' | 'delete', collection: string, doc: Document): Change {
  return { op, collection, id: doc._id as DocumentId, doc, text: stringifyExtJson(doc) };
}

export class EmulatedCollection {
  constructor(
    private readonly coll: DriverCollection<StoredDoc>,
    private readonly host: EmulationHost,
  ) {}

  /**
   * Documents matching a (checked) filter, in natural order, within `maxTimeMS` (the server's part
   * bounded by the server, the client's checked as it goes).
   */
  private async matching(
    filter: Filter,
    from: DriverCollection<StoredDoc> = this.coll,
    maxTimeMS: number = this.host.maxTimeMs,
  ): Promise<Document[]> {
    const started = performance.now();
    const { server, client } = splitFilter(filter);
    const docs = (await mapErrors('BAD_QUERY', () =>
      from.find(server, { maxTimeMS }).toArray(),
    )) as Document[];
    if (!client) return docs;
    const test = compileFilter(filter);
    return docs.filter((d, i) => {
      if ((i & 255) === 255 && performance.now() - started > maxTimeMS) throw timeoutError(maxTimeMS);
      return test(d);
    });
  }

  async find(filter: Filter, options: CheckedFindOptions, maxTimeMS?: number): Promise<Document[]> {
    let docs = await this.matching(filter, this.coll, maxTimeMS);
    if (options.sort) docs = sortDocuments(docs, options.sort);
    docs = docs.slice(options.skip, options.limit > 0 ? options.skip + options.limit : undefined);
    return project(docs, options.projection);
  }

  async count(filter: Filter, skip: number, limit: number, maxTimeMS?: number): Promise<number> {
    const total = (await this.matching(filter, this.coll, maxTimeMS)).length;
    const afterSkip = Math.max(0, total - skip);
    return limit > 0 ? Math.min(afterSkip, limit) : afterSkip;
  }

  async aggregate(pipeline: Document[], maxTimeMS?: number): Promise<Document[]> {
    const { collections } = checkPipeline(pipeline, this.host.limits);
    const first = pipeline[0];
    const source = await this.matching(
      first && isPlainObject(first.$match) ? first.$match : {},
      this.coll,
      maxTimeMS,
    );
    const others = new Map<string, Document[]>();
    for (const name of collections) others.set(name, await this.host.sibling(name).find({}).toArray());
    return runPipeline(source, pipeline, (name) => others.get(name) ?? []);
  }

  async insertMany(
    prepared: PreparedDocument[],
    beforeCommit: BeforeCommit | undefined,
    journal?: Journal | null,
  ): Promise<InsertResult> {
    const bytes = prepared.reduce((sum, p) => sum + p.size, 0);
    const name = this.coll.collectionName;
    return this.host.exclusive(name, async (lock) => {
      await beforeCommit?.(bytes);
      await journal?.prepare(prepared.map((p) => changeOf('insert', name, p.doc)));
      lock.assertHeld();
      try {
        await this.coll.insertMany(
          prepared.map((p) => p.doc as StoredDoc),
          { ordered: true },
        );
      } catch (err) {
        const inserted = Object.values(
          (err as { insertedIds?: Record<number, DocumentId> }).insertedIds ?? {},
        );
        if (inserted.length > 0) await this.coll.deleteMany({ _id: { $in: inserted } });
        throw mapDriverError(err, 'BAD_UPDATE');
      }
      return { insertedIds: prepared.map((p) => p.doc._id as DocumentId), bytesDelta: bytes };
    });
  }

  private async targets(filter: Filter, multi: boolean, sort: SortSpec | undefined): Promise<Document[]> {
    const docs = await this.matching(filter);
    if (multi || docs.length < 2) return docs;
    return sort ? sortDocuments(docs, sort).slice(0, 1) : docs.slice(0, 1);
  }

  async update(req: EmulatedUpdate): Promise<UpdateResult & { document: Document | null }> {
    const split = req.update !== undefined ? splitUpdate(req.update) : null;
    return this.host.exclusive(this.coll.collectionName, async (lock) => {
      const outcome = {
        matchedCount: 0,
        modifiedCount: 0,
        upsertedId: null as DocumentId | null,
        bytesDelta: 0,
        document: null as Document | null,
      };
      const writes: Document[] = [];
      const originals: Buffer[] = [];
      for (const doc of await this.targets(req.filter, req.multi, req.sort)) {
        outcome.matchedCount++;
        // mingo updates in place: keep the stored bytes to compare with.
        const original = Buffer.from(BSON.serialize(doc));
        const id = doc._id;
        const next = req.replacement
          ? replacedDocument(doc, req.replacement)
          : split?.modifier
            ? updatedDocument(doc, split.modifier, req.filter)
            : doc;
        const { doc: stored, size } = prepareDocument(next, this.host.limits, { generateId: false });
        if (!sameId(stored._id, id)) {
          throw new StoreError(
            'BAD_UPDATE',
            "performing an update on the path '_id' would modify the immutable field '_id'",
          );
        }
        outcome.document = stored;
        if (original.equals(Buffer.from(BSON.serialize(stored)))) continue;
        writes.push(stored);
        originals.push(original);
        outcome.modifiedCount++;
        outcome.bytesDelta += size - original.length;
      }
      let inserted: Document | null = null;
      if (outcome.matchedCount === 0 && req.upsert) {
        const source = req.replacement
          ? replacementUpsert(req.filter, req.replacement)
          : upsertedDocument(req.filter, split?.modifier ?? null, split?.setOnInsert ?? {});
        const { doc, size } = prepareDocument(source, this.host.limits);
        inserted = doc;
        outcome.upsertedId = doc._id as DocumentId;
        outcome.bytesDelta += size;
        outcome.document = doc;
      }
      await req.beforeCommit?.(outcome.bytesDelta);
      const name = this.coll.collectionName;
      await req.journal?.prepare([
        ...writes.map((doc) => changeOf('update', name, doc)),
        ...(inserted ? [changeOf('insert', name, inserted)] : []),
      ]);
      lock.assertHeld();
      // A unique index can refuse any of these writes: then the ones done are undone, so the
      // update stays all or nothing (the server has no transactions).
      const done: Buffer[] = [];
      try {
        for (const [i, doc] of writes.entries()) {
          await this.coll.replaceOne({ _id: doc._id as DocumentId }, doc);
          done.push(originals[i] as Buffer);
        }
        if (inserted) await this.coll.insertOne(inserted as StoredDoc);
      } catch (err) {
        for (const original of done) {
          // Exact BSON types back (an int32 stays int32, a double stays double).
          const doc = BSON.deserialize(original, { promoteValues: false }) as StoredDoc;
          await this.coll.replaceOne({ _id: doc._id }, doc);
        }
        throw mapDriverError(err, 'BAD_UPDATE');
      }
      return outcome;
    });
  }

  async delete(
    filter: Filter,
    multi: boolean,
    sort: SortSpec | undefined,
    beforeCommit: BeforeCommit | undefined,
    journal?: Journal | null,
  ): Promise<{ deleted: Document[]; bytesDelta: number }> {
    const name = this.coll.collectionName;
    return this.host.exclusive(name, async (lock) => {
      const targets = await this.targets(filter, multi, sort);
      if (targets.length === 0) return { deleted: [], bytesDelta: 0 };
      const bytesDelta = negative(targets.reduce((sum, d) => sum + bsonSize(d), 0));
      await beforeCommit?.(bytesDelta);
      await journal?.prepare(targets.map((doc) => changeOf('delete', name, doc)));
      lock.assertHeld();
      await this.coll.deleteMany({ _id: { $in: targets.map((d) => d._id as DocumentId) } });
      return { deleted: targets, bytesDelta };
    });
  }
}
