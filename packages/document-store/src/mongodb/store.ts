/**
 * The MongoDB DocumentStore: the official driver, one MongoDB database per port database
 * (`<dbPrefix><name>`, e.g. `node_user_<hash>`).
 *
 * Transactions are used when the server supports them (a replica set or a sharded cluster, as
 * `hello` reports); otherwise writes fall back to the compensation scheme described in
 * collection.ts. `transactions: 'never'` forces the fallback, `'always'` skips the probe.
 */
import { MongoClient, MongoServerError } from 'mongodb';
import type { ClientSession, Collection as DriverCollection, Db } from 'mongodb';
import { z } from 'zod';
import type {
  BsonBatch,
  BeforeCommit,
  BsonInsertResult,
  ChangeLogSettings,
  Collection,
  Database,
  Document,
  DocumentStore,
  LayoutOptions,
} from '../document-store.js';
import { encodeBatches, insertBsonAsDocuments } from '../bson-batches.js';
import { StoreError } from '../document-store.js';
import { checkCollectionName, checkDatabaseName, ENGINE_PREFIX } from '../query-guard.js';
import { resolveLimits } from '../store-limits.js';
import type { StoreLimits } from '../query-guard.js';
import { AutoIndexer } from './auto-index.js';
import { MongoChangeLog } from './change-log.js';
import { MongoCollection } from './collection.js';
import type { MongoHost, StoredDoc, Written } from './collection.js';
import { DEFAULT_SHARED_LOCK_OPTIONS, LOCKS_DATABASE, SharedLocks } from './shared-lock.js';
import type { HeldLock, SharedLockOptions } from './shared-lock.js';

export interface MongoDocumentStoreOptions {
  /** mongodb:// or mongodb+srv:// URI. */
  uri: string;
  /** Prepended to every database name (e.g. a per-deployment prefix); `[a-z0-9_]*`. Default ''. */
  dbPrefix?: string;
  limits?: Partial<StoreLimits>;
  transactions?: 'auto' | 'always' | 'never';
  /**
   * Emulation mode for servers without MongoDB's semantics (emulation.ts). 'auto' turns it on for
   * FerretDB (buildInfo reports `ferretdbVersion`). Default 'auto'.
   */
  emulation?: 'auto' | 'on' | 'off';
  /** Indexes created automatically per collection for filtered fields (auto-index.ts). Default 16. */
  maxAutoIndexes?: number;
  /** How long to wait for a server before an operation fails. Default 10 000 ms. */
  serverSelectionTimeoutMs?: number;
  /**
   * Server-side time limit (`maxTimeMS`) of every operation that evaluates a caller's filter:
   * find, count, aggregate, the reads and writes of updates and deletes. The server runs `$regex`
   * with its own (backtracking) engine, so this is what bounds a pattern that is slow there.
   * Default 10 000 ms.
   */
  maxTimeMs?: number;
  /**
   * Emulation mode's write locks shared by every process on the server (shared-lock.ts): how long a
   * dead holder keeps a lock (default 10 000 ms) and how long a write waits for one (60 000 ms).
   */
  sharedLocks?: Partial<SharedLockOptions>;
  /** What logged writes append to their database's change log (without it nothing is logged). */
  changeLog?: ChangeLogSettings;
}

const OptionsSchema = z.object({
  uri: z.string().regex(/^mongodb(\+srv)?:\/\//, 'uri must start with mongodb:// or mongodb+srv://'),
  dbPrefix: z
    .string()
    .regex(/^[a-z0-9_]{0,40}$/)
    .default(''),
  limits: z.unknown().optional(),
  transactions: z.enum(['auto', 'always', 'never']).default('auto'),
  emulation: z.enum(['auto', 'on', 'off']).default('auto'),
  maxAutoIndexes: z.number().int().min(0).max(60).default(16),
  serverSelectionTimeoutMs: z.number().int().min(100).max(600_000).default(10_000),
  maxTimeMs: z.number().int().min(1).max(3_600_000).default(10_000),
  sharedLocks: z
    .object({
      leaseMs: z.number().int().min(200).max(600_000).optional(),
      waitMs: z.number().int().min(0).max(3_600_000).optional(),
    })
    .optional(),
  changeLog: z.unknown().optional(),
});

const EXPORT_CHUNK = 1000;

/** A logged create or drop that another (unlogged) write did first: its entry must go. */
class Raced extends Error {}
const SYSTEM_DATABASES = new Set(['admin', 'local', 'config']);

export function createMongoDocumentStore(options: MongoDocumentStoreOptions): DocumentStore {
  const parsed = OptionsSchema.parse(options);
  const client = new MongoClient(parsed.uri, {
    ignoreUndefined: true,
    serverSelectionTimeoutMS: parsed.serverSelectionTimeoutMs,
  });
  const leaseMs = parsed.sharedLocks?.leaseMs ?? DEFAULT_SHARED_LOCK_OPTIONS.leaseMs;
  return new MongoDocumentStore(
    client,
    parsed.dbPrefix,
    resolveLimits(options.limits),
    parsed.transactions,
    parsed.emulation,
    new AutoIndexer(parsed.maxAutoIndexes),
    parsed.maxTimeMs,
    new SharedLocks(client, `${parsed.dbPrefix}${LOCKS_DATABASE}`, {
      leaseMs,
      waitMs: parsed.sharedLocks?.waitMs ?? DEFAULT_SHARED_LOCK_OPTIONS.waitMs,
    }),
    options.changeLog,
    // A pending log range older than two leases has no live writer (its lock would have run out).
    2 * leaseMs,
  );
}

class MongoDocumentStore implements DocumentStore {
  readonly engine = 'mongodb' as const;
  private txnProbe: Promise<boolean> | null = null;
  private emulationProbe: Promise<boolean> | null = null;
  bsonSizeOperator: boolean | null = null;

  constructor(
    readonly client: MongoClient,
    private readonly prefix: string,
    readonly limits: StoreLimits,
    private readonly transactions: 'auto' | 'always' | 'never',
    private readonly emulation: 'auto' | 'on' | 'off',
    readonly autoIndexer: AutoIndexer,
    readonly maxTimeMs: number,
    private readonly sharedLocks: SharedLocks,
    readonly logSettings: ChangeLogSettings | undefined,
    readonly staleMs: number,
  ) {}

  emulated(): Promise<boolean> {
    if (this.emulation !== 'auto') return Promise.resolve(this.emulation === 'on');
    this.emulationProbe ??= this.client
      .db('admin')
      .command({ buildInfo: 1 })
      .then((info) => typeof info.ferretdbVersion === 'string')
      .catch((err: unknown) => {
        this.emulationProbe = null;
        throw err;
      });
    return this.emulationProbe;
  }

  /** Runs `fn` holding the write lock of one collection (emulation mode, shared-lock.ts). */
  exclusive<T>(database: string, collection: string, fn: (lock: HeldLock) => Promise<T>): Promise<T> {
    return this.sharedLocks.hold(database, collection, fn);
  }

  fullName(name: string): string {
    checkDatabaseName(name);
    const full = `${this.prefix}${name}`;
    if (full.length > 63)
      throw new StoreError('BAD_NAME', 'database name with its prefix must be at most 63 characters');
    return full;
  }

  supportsTransactions(): Promise<boolean> {
    if (this.transactions !== 'auto') return Promise.resolve(this.transactions === 'always');
    this.txnProbe ??= this.client
      .db('admin')
      .command({ hello: 1 })
      .then(
        (hello) =>
          (typeof hello.setName === 'string' || hello.msg === 'isdbgrid') &&
          hello.logicalSessionTimeoutMinutes != null,
      )
      .catch((err: unknown) => {
        this.txnProbe = null;
        throw err;
      });
    return this.txnProbe;
  }

  async write<T extends { bytesDelta: number }>(
    op: (session: ClientSession | undefined) => Promise<Written<T>>,
    beforeCommit?: BeforeCommit,
  ): Promise<T> {
    if (await this.supportsTransactions()) {
      const session = this.client.startSession();
      try {
        let out: T | undefined;
        // withTransaction retries transient errors: `op` and the hook may run more than once.
        await session.withTransaction(async () => {
          const { result } = await op(session);
          await beforeCommit?.(result.bytesDelta);
          out = result;
        });
        return out as T;
      } finally {
        await session.endSession();
      }
    }
    const { result, undo } = await op(undefined);
    if (beforeCommit) {
      try {
        await beforeCommit(result.bytesDelta);
      } catch (err) {
        await undo();
        throw err;
      }
    }
    return result;
  }

  database(name: string): Database {
    return new MongoDatabase(this, name, this.client.db(this.fullName(name)));
  }

  async listDatabases(): Promise<string[]> {
    const { databases } = await this.client.db('admin').admin().listDatabases({ nameOnly: true });
    return databases
      .map((d) => d.name)
      .filter((n) => n.startsWith(this.prefix) && !(this.prefix === '' && SYSTEM_DATABASES.has(n)))
      .map((n) => n.slice(this.prefix.length))
      .filter((n) => /^[a-z0-9_]{1,63}$/.test(n))
      .sort();
  }

  async dropDatabase(name: string): Promise<boolean> {
    const full = this.fullName(name);
    const existed = (await this.listDatabases()).includes(name);
    if (existed) await this.client.db(full).dropDatabase();
    this.autoIndexer.forgetDatabase(full);
    return existed;
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}

class MongoDatabase implements Database, MongoHost {
  constructor(
    private readonly store: MongoDocumentStore,
    readonly name: string,
    readonly db: Db,
  ) {}

  get limits(): StoreLimits {
    return this.store.limits;
  }

  get autoIndexer(): AutoIndexer {
    return this.store.autoIndexer;
  }

  get logSettings(): ChangeLogSettings | undefined {
    return this.store.logSettings;
  }

  get logsChanges(): boolean {
    return this.store.logSettings !== undefined;
  }

  get staleMs(): number {
    return this.store.staleMs;
  }

  changeLog(): MongoChangeLog {
    return new MongoChangeLog(this);
  }

  get maxTimeMs(): number {
    return this.store.maxTimeMs;
  }

  get bsonSizeOperator(): boolean | null {
    return this.store.bsonSizeOperator;
  }

  set bsonSizeOperator(value: boolean | null) {
    this.store.bsonSizeOperator = value;
  }

  supportsTransactions(): Promise<boolean> {
    return this.store.supportsTransactions();
  }

  emulated(): Promise<boolean> {
    return this.store.emulated();
  }

  exclusive<T>(collection: string, fn: (lock: HeldLock) => Promise<T>): Promise<T> {
    return this.store.exclusive(this.db.databaseName, collection, fn);
  }

  sibling(name: string): DriverCollection<StoredDoc> {
    return this.db.collection<StoredDoc>(checkCollectionName(name));
  }

  write<T extends { bytesDelta: number }>(
    op: (session: ClientSession | undefined) => Promise<Written<T>>,
    beforeCommit?: BeforeCommit,
  ): Promise<T> {
    return this.store.write(op, beforeCommit);
  }

  async listCollections(): Promise<string[]> {
    const infos = await this.db.listCollections({}, { nameOnly: true }).toArray();
    return infos
      .map((c) => c.name)
      .filter((n) => !n.startsWith('system.') && !n.startsWith(ENGINE_PREFIX))
      .sort();
  }

  async createCollection(name: string, options?: LayoutOptions): Promise<boolean> {
    checkCollectionName(name);
    if (options?.log && this.logsChanges) {
      // Under the log lock: looked up first, so a collection that exists leaves no entry.
      return this.changeLog()
        .logged(options.log, async (journal) => {
          if (await this.hasCollection(name)) return false;
          await journal?.prepare([{ op: 'createCollection', collection: name }]);
          // Created meanwhile by a write that is not logged: the entry goes (the throw aborts it).
          if (!(await this.create(name))) throw new Raced();
          return true;
        })
        .catch((err: unknown) => {
          if (err instanceof Raced) return false;
          throw err;
        });
    }
    return this.create(name);
  }

  private async create(name: string): Promise<boolean> {
    try {
      await this.db.createCollection(name);
      return true;
    } catch (err) {
      if (err instanceof MongoServerError && err.code === 48) return false; // NamespaceExists
      throw err;
    }
  }

  async dropCollection(name: string, options?: LayoutOptions): Promise<boolean> {
    checkCollectionName(name);
    if (options?.log && this.logsChanges) {
      return this.changeLog()
        .logged(options.log, async (journal) => {
          if (!(await this.hasCollection(name))) return false;
          await journal?.prepare([{ op: 'dropCollection', collection: name }]);
          if (!(await this.drop(name))) throw new Raced();
          return true;
        })
        .catch((err: unknown) => {
          if (err instanceof Raced) return false;
          throw err;
        });
    }
    if (!(await this.hasCollection(name))) return false;
    return this.drop(name);
  }

  private async drop(name: string): Promise<boolean> {
    try {
      await this.db.dropCollection(name);
      this.store.autoIndexer.forget(`${this.db.databaseName}.${name}`);
      return true;
    } catch (err) {
      if (err instanceof MongoServerError && err.code === 26) return false; // NamespaceNotFound
      throw err;
    }
  }

  async hasCollection(name: string): Promise<boolean> {
    checkCollectionName(name);
    const infos = await this.db.listCollections({ name }, { nameOnly: true }).toArray();
    return infos.length > 0;
  }

  collection(name: string): Collection {
    return new MongoCollection(this, name);
  }

  async dataBytes(): Promise<number> {
    let total = 0;
    for (const name of await this.listCollections())
      total += await new MongoCollection(this, name).dataBytes();
    return total;
  }

  async *exportCollections(): AsyncIterable<{ collection: string; documents: Document[] }> {
    for (const name of await this.listCollections()) {
      let any = false;
      for await (const documents of new MongoCollection(this, name).chunks(EXPORT_CHUNK)) {
        any = true;
        yield { collection: name, documents };
      }
      if (!any) yield { collection: name, documents: [] };
    }
  }

  async *exportCollectionsBson(): AsyncIterable<BsonBatch> {
    yield* encodeBatches(this.exportCollections());
  }

  /** Decoded here and inserted by `insertMany` (the driver encodes them again for the wire). */
  insertBsonPages(collection: string, pages: Uint8Array[]): Promise<BsonInsertResult> {
    checkCollectionName(collection);
    return insertBsonAsDocuments(this.collection(collection), pages);
  }
}
