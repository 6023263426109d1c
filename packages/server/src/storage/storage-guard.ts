/**
 * The reserve of free space (free-space.ts) kept around the ports, as the timed wrappers are
 * (metrics/timed-*.ts): below it, every write that adds a vault's data is refused with 507
 * `STORAGE_FULL` before the engine is called, and a streamed add (an upload, a CAR) stops at the
 * byte that would reach it. What frees space or only keeps the node running passes:
 *
 * - in the DocumentStore, only the vault databases (`node_user_*`, restores' `_r` copies included)
 *   are guarded, and there only inserts, updates, replacements, collection and index creation; the
 *   node database (vault records and usage, reference counts, sign-in state) is not, so a delete
 *   can give its bytes back and a user can still sign in to delete;
 * - in the BlockStore, `add` and `importCar`; pins, unpins and gc pass.
 *
 * An engine that finds its device full itself (another process filled it) answers STORAGE_FULL
 * too; the wrappers tell the monitor, which reads the disk again at once.
 */
import type { AddOptions, BlockStore } from '@cella/block-store';
import { isBlockStoreError } from '@cella/block-store';
import type { Collection, Database, DocumentStore } from '@cella/document-store';
import { StoreError } from '@cella/document-store';
import { metered } from '../files/metered-source.js';
import type { StorageGuard } from './free-space.js';

/** The databases that hold vaults' data (vault/names.ts). */
const VAULT_DATABASE = /^node_user_/;

function watchFull<T>(guard: StorageGuard, work: Promise<T>): Promise<T> {
  return work.catch((error: unknown) => {
    if (
      (error instanceof StoreError && error.code === 'STORAGE_FULL') ||
      isBlockStoreError(error, 'STORAGE_FULL')
    )
      guard.noteFull();
    throw error;
  });
}

/** Refuses at once below the reserve; otherwise runs the write, noting a full device. */
async function guarded<T>(guard: StorageGuard, write: () => Promise<T>): Promise<T> {
  guard.check();
  return watchFull(guard, write());
}

class GuardedCollection implements Collection {
  constructor(
    private readonly inner: Collection,
    private readonly guard: StorageGuard,
  ) {}

  get name(): string {
    return this.inner.name;
  }

  // Writes that add data.
  insertMany(...args: Parameters<Collection['insertMany']>) {
    return guarded(this.guard, () => this.inner.insertMany(...args));
  }
  updateOne(...args: Parameters<Collection['updateOne']>) {
    return guarded(this.guard, () => this.inner.updateOne(...args));
  }
  updateMany(...args: Parameters<Collection['updateMany']>) {
    return guarded(this.guard, () => this.inner.updateMany(...args));
  }
  replaceOne(...args: Parameters<Collection['replaceOne']>) {
    return guarded(this.guard, () => this.inner.replaceOne(...args));
  }
  findOneAndUpdate(...args: Parameters<Collection['findOneAndUpdate']>) {
    return guarded(this.guard, () => this.inner.findOneAndUpdate(...args));
  }
  createIndex(...args: Parameters<Collection['createIndex']>) {
    return guarded(this.guard, () => this.inner.createIndex(...args));
  }

  // Deletes (they free space) and reads.
  deleteOne(...args: Parameters<Collection['deleteOne']>) {
    return watchFull(this.guard, this.inner.deleteOne(...args));
  }
  deleteMany(...args: Parameters<Collection['deleteMany']>) {
    return watchFull(this.guard, this.inner.deleteMany(...args));
  }
  findOneAndDelete(...args: Parameters<Collection['findOneAndDelete']>) {
    return watchFull(this.guard, this.inner.findOneAndDelete(...args));
  }
  dropIndex(...args: Parameters<Collection['dropIndex']>) {
    return watchFull(this.guard, this.inner.dropIndex(...args));
  }
  find(...args: Parameters<Collection['find']>) {
    return this.inner.find(...args);
  }
  findExtJsonCursor(...args: Parameters<Collection['findExtJsonCursor']>) {
    return this.inner.findExtJsonCursor(...args);
  }
  findOne(...args: Parameters<Collection['findOne']>) {
    return this.inner.findOne(...args);
  }
  count(...args: Parameters<Collection['count']>) {
    return this.inner.count(...args);
  }
  aggregate(...args: Parameters<Collection['aggregate']>) {
    return this.inner.aggregate(...args);
  }
  dataBytes() {
    return this.inner.dataBytes();
  }
  listIndexes() {
    return this.inner.listIndexes();
  }
}

class GuardedDatabase implements Database {
  constructor(
    private readonly inner: Database,
    private readonly guard: StorageGuard,
  ) {}

  get name(): string {
    return this.inner.name;
  }
  // The options carry the change log's context (a collection created or dropped is an event).
  createCollection(...args: Parameters<Database['createCollection']>) {
    return guarded(this.guard, () => this.inner.createCollection(...args));
  }
  dropCollection(...args: Parameters<Database['dropCollection']>) {
    return watchFull(this.guard, this.inner.dropCollection(...args));
  }
  listCollections() {
    return this.inner.listCollections();
  }
  hasCollection(name: string) {
    return this.inner.hasCollection(name);
  }
  collection(name: string): Collection {
    return new GuardedCollection(this.inner.collection(name), this.guard);
  }
  dataBytes() {
    return this.inner.dataBytes();
  }
  exportCollections() {
    return this.inner.exportCollections();
  }
  exportCollectionsBson() {
    return this.inner.exportCollectionsBson();
  }
  insertBsonPages(...args: Parameters<Database['insertBsonPages']>) {
    return guarded(this.guard, () => this.inner.insertBsonPages(...args));
  }
  /** The log of changes (appended by the writes above, which the reserve already refused). */
  changeLog() {
    return this.inner.changeLog();
  }
}

export function guardedDocumentStore(inner: DocumentStore, guard: StorageGuard): DocumentStore {
  return {
    engine: inner.engine,
    database: (name) => {
      const db = inner.database(name);
      return VAULT_DATABASE.test(name) ? new GuardedDatabase(db, guard) : db;
    },
    listDatabases: () => inner.listDatabases(),
    dropDatabase: (name) => inner.dropDatabase(name),
    close: () => inner.close(),
  };
}

/** Passes a stream's pieces on until the bytes would reach the reserve, then fails it (STORAGE_FULL). */
function withinRoom(guard: StorageGuard, source: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  const room = guard.room();
  if (room === Number.POSITIVE_INFINITY) return source;
  return metered(source, room, (bytesSoFar) => guard.fullError(bytesSoFar));
}

export function guardedBlockStore(inner: BlockStore, guard: StorageGuard): BlockStore {
  return {
    get engine() {
      return inner.engine;
    },
    add: (source: AsyncIterable<Uint8Array>, options?: AddOptions) =>
      guarded(guard, () => inner.add(withinRoom(guard, source), options)),
    importCar: (source) => guarded(guard, () => inner.importCar(withinRoom(guard, source))),
    cat: (cid, options) => inner.cat(cid, options),
    size: (cid) => inner.size(cid),
    pin: (cid) => watchFull(guard, inner.pin(cid)),
    unpin: (cid) => inner.unpin(cid),
    isPinned: (cid) => inner.isPinned(cid),
    pins: () => inner.pins(),
    gc: () => inner.gc(),
    blocksOf: (root) => inner.blocksOf(root),
    hasBlock: (cid) => inner.hasBlock(cid),
    readBlock: (cid, length, buffers) => inner.readBlock(cid, length, buffers),
    exportCar: (roots, blocks) => inner.exportCar(roots, blocks),
    close: () => inner.close(),
  };
}
