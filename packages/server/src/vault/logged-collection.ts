/**
 * A collection whose writes are logged (WriteOptions.log): every change made through a vault space
 * is an event of the vault's change feed (docs/events.md). A write that says something of itself
 * (a file moved) passes its own context; every other write is logged with an empty one. Reads pass
 * through unchanged.
 */
import type {
  Collection,
  CountOptions,
  Document,
  Filter,
  FindOneAndDeleteOptions,
  FindOneAndUpdateOptions,
  FindOptions,
  IndexKeys,
  IndexOptions,
  LayoutOptions,
  LogContext,
  Update,
  UpdateOptions,
  WriteOptions,
} from '@cella/document-store';

const NONE: LogContext = Object.freeze({});

/** `options` with a log context (its own, or the empty one). */
export function logged<T extends { log?: LogContext }>(options: T | undefined): T & { log: LogContext } {
  return { ...(options as T), log: options?.log ?? NONE };
}

export class LoggedCollection implements Collection {
  constructor(private readonly inner: Collection) {}

  get name(): string {
    return this.inner.name;
  }

  insertMany(docs: Document[], options?: WriteOptions) {
    return this.inner.insertMany(docs, logged(options));
  }
  find(filter: Filter, options?: FindOptions) {
    return this.inner.find(filter, options);
  }
  findExtJsonCursor(filter: Filter, options?: FindOptions) {
    return this.inner.findExtJsonCursor(filter, options);
  }
  findOne(filter: Filter, options?: Pick<FindOptions, 'projection' | 'sort'>) {
    return this.inner.findOne(filter, options);
  }
  count(filter: Filter, options?: CountOptions) {
    return this.inner.count(filter, options);
  }
  updateOne(filter: Filter, update: Update, options?: UpdateOptions) {
    return this.inner.updateOne(filter, update, logged(options));
  }
  updateMany(filter: Filter, update: Update, options?: UpdateOptions) {
    return this.inner.updateMany(filter, update, logged(options));
  }
  replaceOne(filter: Filter, replacement: Document, options?: UpdateOptions) {
    return this.inner.replaceOne(filter, replacement, logged(options));
  }
  deleteOne(filter: Filter, options?: WriteOptions) {
    return this.inner.deleteOne(filter, logged(options));
  }
  deleteMany(filter: Filter, options?: WriteOptions) {
    return this.inner.deleteMany(filter, logged(options));
  }
  findOneAndUpdate(filter: Filter, update: Update, options?: FindOneAndUpdateOptions) {
    return this.inner.findOneAndUpdate(filter, update, logged(options));
  }
  findOneAndDelete(filter: Filter, options?: FindOneAndDeleteOptions) {
    return this.inner.findOneAndDelete(filter, logged(options));
  }
  aggregate(pipeline: Document[]) {
    return this.inner.aggregate(pipeline);
  }
  dataBytes() {
    return this.inner.dataBytes();
  }
  createIndex(keys: IndexKeys, options?: IndexOptions) {
    return this.inner.createIndex(keys, logged(options));
  }
  listIndexes() {
    return this.inner.listIndexes();
  }
  dropIndex(name: string, options?: LayoutOptions) {
    return this.inner.dropIndex(name, logged(options));
  }
}
