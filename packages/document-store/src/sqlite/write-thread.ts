/**
 * The SQLite engine's writer thread (`Database.insertBsonPages`): one worker thread
 * (write-worker.ts), started on first need, that decodes BSON documents, checks and encodes them as
 * `insertMany` does, and inserts them on a connection of its own, so a bulk load (a vault import's
 * documents) costs the node's thread only the hand-over of its bytes. Loads run one after another,
 * each as an exclusive step of its database's group commit (store.ts), so the node's thread never
 * waits on SQLite's lock behind it. A worker that dies fails the loads it held; the next load starts
 * a new one. Unreferenced while idle; `close` waits for the loads under way (terminating a worker in
 * a better-sqlite3 call aborts the process: read-pool.ts).
 */
import type { Worker } from 'node:worker_threads';
import type { BsonInsertResult } from '../document-store.js';
import { decodeError } from './read-protocol.js';
import { startWorker } from './worker-start.js';
import type { FromWriter, ToWriter, WriteWorkerData } from './write-worker.js';

interface Pending {
  resolve: (result: BsonInsertResult | null) => void;
  reject: (error: unknown) => void;
}

export class WriteThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;

  constructor(private readonly data: WriteWorkerData) {}

  /**
   * Loads `bson` (documents one after another) into `tbl`, the table of `collection` in the file at
   * `path`, in one transaction. Null: the table changed meanwhile (nothing written).
   */
  insert(path: string, collection: string, tbl: string, bson: Uint8Array): Promise<BsonInsertResult | null> {
    if (this.closed) return Promise.reject(new Error('DocumentStore is closed'));
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    const message: ToWriter = { id, path, collection, tbl, bson };
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage(message, [bson.buffer as ArrayBuffer]);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    if (!worker) return;
    while (this.pending.size > 0 && this.worker === worker)
      await new Promise((resolve) => setTimeout(resolve, 10));
    this.worker = null;
    await worker.terminate();
  }

  private start(): Worker {
    const worker = startWorker('write-worker', this.data);
    worker.unref();
    worker.on('message', (message: FromWriter) => {
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (this.pending.size === 0) worker.unref();
      if (!waiting) return;
      if ('error' in message) waiting.reject(decodeError(message.error));
      else waiting.resolve(message.result);
    });
    const lost = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`the database writer thread exited with code ${code}`)));
    this.worker = worker;
    return worker;
  }
}
