/**
 * A DocumentStore that reports how long each operation took (by port method name), and the reads
 * stopped at their time bound, around any engine. The wiring wraps the engine it opened when
 * metrics are on; nothing else changes.
 */
import type {
  Collection,
  CountOptions,
  Database,
  Document,
  DocumentStore,
  Filter,
  FindOneAndDeleteOptions,
  FindOneAndUpdateOptions,
  FindOptions,
  IndexKeys,
  IndexOptions,
  LayoutOptions,
  ReadOptions,
  Update,
  UpdateOptions,
  WriteOptions,
} from '@cella/document-store';
import { StoreError } from '@cella/document-store';
import type { ObserveOperation } from './node-metrics.js';

/** Called for a read that failed with StoreError TIMEOUT, by port method. */
export type ObserveTimeout = (operation: string) => void;

function isTimeout(error: unknown): boolean {
  return error instanceof StoreError && error.code === 'TIMEOUT';
}

/** `work`, reporting a TIMEOUT it fails with. */
function bounded<T>(timedOut: ObserveTimeout, operation: string, work: Promise<T>): Promise<T> {
  return work.catch((error: unknown) => {
    if (isTimeout(error)) timedOut(operation);
    throw error;
  });
}

async function* boundedCursor<T>(timedOut: ObserveTimeout, cursor: AsyncIterable<T>): AsyncGenerator<T> {
  try {
    yield* cursor;
  } catch (error) {
    if (isTimeout(error)) timedOut('find');
    throw error;
  }
}

/**
 * Reports `operation` once a cursor is read to its end, fails or is left: the time the engine and
 * the consumer spent on it together, from the first pull (a cursor does nothing before it).
 */
async function* timedCursor<T>(
  observe: ObserveOperation,
  operation: string,
  cursor: AsyncIterable<T>,
): AsyncGenerator<T> {
  const start = performance.now();
  try {
    yield* cursor;
  } finally {
    observe(operation, (performance.now() - start) / 1000);
  }
}

/**
 * Reports `operation` once `work` settles, timed from `start`: taken before the engine was called,
 * since an embedded engine does its work synchronously, inside the call.
 */
export function timed<T>(
  observe: ObserveOperation,
  operation: string,
  start: number,
  work: Promise<T>,
): Promise<T> {
  return work.finally(() => observe(operation, (performance.now() - start) / 1000));
}

class TimedCollection implements Collection {
  constructor(
    private readonly inner: Collection,
    private readonly observe: ObserveOperation,
    private readonly timedOut: ObserveTimeout,
  ) {}

  get name(): string {
    return this.inner.name;
  }

  insertMany(docs: Document[], options?: WriteOptions) {
    return timed(this.observe, 'insertMany', performance.now(), this.inner.insertMany(docs, options));
  }
  find(filter: Filter, options?: FindOptions) {
    return bounded(
      this.timedOut,
      'find',
      timed(this.observe, 'find', performance.now(), this.inner.find(filter, options)),
    );
  }
  findExtJsonCursor(filter: Filter, options?: FindOptions) {
    return boundedCursor(
      this.timedOut,
      timedCursor(this.observe, 'find', this.inner.findExtJsonCursor(filter, options)),
    );
  }
  findOne(filter: Filter, options?: Pick<FindOptions, 'projection' | 'sort' | 'maxTimeMS'>) {
    return bounded(
      this.timedOut,
      'findOne',
      timed(this.observe, 'findOne', performance.now(), this.inner.findOne(filter, options)),
    );
  }
  count(filter: Filter, options?: CountOptions) {
    return bounded(
      this.timedOut,
      'count',
      timed(this.observe, 'count', performance.now(), this.inner.count(filter, options)),
    );
  }
  updateOne(filter: Filter, update: Update, options?: UpdateOptions) {
    return timed(this.observe, 'updateOne', performance.now(), this.inner.updateOne(filter, update, options));
  }
  updateMany(filter: Filter, update: Update, options?: UpdateOptions) {
    return timed(
      this.observe,
      'updateMany',
      performance.now(),
      this.inner.updateMany(filter, update, options),
    );
  }
  replaceOne(filter: Filter, replacement: Document, options?: UpdateOptions) {
    return timed(
      this.observe,
      'replaceOne',
      performance.now(),
      this.inner.replaceOne(filter, replacement, options),
    );
  }
  deleteOne(filter: Filter, options?: WriteOptions) {
    return timed(this.observe, 'deleteOne', performance.now(), this.inner.deleteOne(filter, options));
  }
  deleteMany(filter: Filter, options?: WriteOptions) {
    return timed(this.observe, 'deleteMany', performance.now(), this.inner.deleteMany(filter, options));
  }
  findOneAndUpdate(filter: Filter, update: Update, options?: FindOneAndUpdateOptions) {
    return timed(
      this.observe,
      'findOneAndUpdate',
      performance.now(),
      this.inner.findOneAndUpdate(filter, update, options),
    );
  }
  findOneAndDelete(filter: Filter, options?: FindOneAndDeleteOptions) {
    return timed(
      this.observe,
      'findOneAndDelete',
      performance.now(),
      this.inner.findOneAndDelete(filter, options),
    );
  }
  aggregate(pipeline: Document[], options?: ReadOptions) {
    return bounded(
      this.timedOut,
      'aggregate',
      timed(this.observe, 'aggregate', performance.now(), this.inner.aggregate(pipeline, options)),
    );
  }
  dataBytes() {
    return timed(this.observe, 'dataBytes', performance.now(), this.inner.dataBytes());
  }
  createIndex(keys: IndexKeys, options?: IndexOptions) {
    return timed(this.observe, 'createIndex', performance.now(), this.inner.createIndex(keys, options));
  }
  listIndexes() {
    return timed(this.observe, 'listIndexes', performance.now(), this.inner.listIndexes());
  }
  dropIndex(name: string, options?: LayoutOptions) {
    return timed(this.observe, 'dropIndex', performance.now(), this.inner.dropIndex(name, options));
  }
}

class TimedDatabase implements Database {
  constructor(
    private readonly inner: Database,
    private readonly observe: ObserveOperation,
    private readonly timedOut: ObserveTimeout,
  ) {}

  get name(): string {
    return this.inner.name;
  }
  listCollections() {
    return timed(this.observe, 'listCollections', performance.now(), this.inner.listCollections());
  }
  createCollection(name: string, options?: LayoutOptions) {
    return timed(
      this.observe,
      'createCollection',
      performance.now(),
      this.inner.createCollection(name, options),
    );
  }
  dropCollection(name: string, options?: LayoutOptions) {
    return timed(this.observe, 'dropCollection', performance.now(), this.inner.dropCollection(name, options));
  }
  hasCollection(name: string) {
    return timed(this.observe, 'hasCollection', performance.now(), this.inner.hasCollection(name));
  }
  collection(name: string): Collection {
    return new TimedCollection(this.inner.collection(name), this.observe, this.timedOut);
  }
  dataBytes() {
    return timed(this.observe, 'dataBytes', performance.now(), this.inner.dataBytes());
  }
  /** Streamed (backups): its pace is the reader's, so it is not timed. */
  exportCollections() {
    return this.inner.exportCollections();
  }
  exportCollectionsBson() {
    return this.inner.exportCollectionsBson();
  }
  insertBsonPages(collection: string, pages: Uint8Array[]) {
    return timed(
      this.observe,
      'insertBsonPages',
      performance.now(),
      this.inner.insertBsonPages(collection, pages),
    );
  }
  /** The change log is read by its tailers on a timer, and written inside the timed writes. */
  changeLog() {
    return this.inner.changeLog();
  }
}

export function timedDocumentStore(
  inner: DocumentStore,
  observe: ObserveOperation,
  timedOut: ObserveTimeout = () => undefined,
): DocumentStore {
  return {
    engine: inner.engine,
    database: (name) => new TimedDatabase(inner.database(name), observe, timedOut),
    listDatabases: () => timed(observe, 'listDatabases', performance.now(), inner.listDatabases()),
    dropDatabase: (name) => timed(observe, 'dropDatabase', performance.now(), inner.dropDatabase(name)),
    close: () => inner.close(),
  };
}
