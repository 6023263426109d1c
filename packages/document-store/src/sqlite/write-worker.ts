/**
 * The writer thread (write-thread.ts starts it): runs `insertBsonPages` loads, one at a time, each
 * in one transaction of a connection of its own to the database's file (WAL: the node's readers and
 * read workers go on reading meanwhile; the node's own writes to that database wait in its group
 * commit, which runs the load as an exclusive step). Keeps no connection between loads, so a
 * database dropped and made again is never written through a stale handle.
 */
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import type { BsonInsertResult } from '../document-store.js';
import type { StoreLimits } from '../query-guard.js';
import { insertBsonRows } from './bson-rows.js';
import { encodeError, type WireError } from './read-protocol.js';
import { storageFullError } from './storage-full.js';

export interface WriteWorkerData {
  limits: StoreLimits;
  busyTimeoutMs: number;
}

export interface ToWriter {
  id: number;
  path: string;
  collection: string;
  /** The collection's table as the node's thread found it (created) with no index but its own. */
  tbl: string;
  bson: Uint8Array;
}

/** `result` null: the table changed meanwhile (dropped, or given an index): nothing was written. */
export type FromWriter = { id: number; result: BsonInsertResult | null } | { id: number; error: WireError };

const port = parentPort;
if (!port) throw new Error('write-worker.ts runs as a worker thread (write-thread.ts)');
const { limits, busyTimeoutMs } = workerData as WriteWorkerData;

function load(message: ToWriter): BsonInsertResult | null {
  const conn = new Database(message.path, { timeout: busyTimeoutMs, fileMustExist: true });
  try {
    conn.pragma('synchronous = NORMAL');
    conn.exec('BEGIN IMMEDIATE');
    try {
      const tbl = conn
        .prepare('SELECT tbl FROM _cella_collections WHERE name = ?')
        .pluck()
        .get(message.collection);
      const indexed = conn
        .prepare('SELECT 1 FROM _cella_indexes WHERE tbl = ? LIMIT 1')
        .pluck()
        .get(message.tbl);
      if (tbl !== message.tbl || indexed !== undefined) {
        conn.exec('ROLLBACK');
        return null;
      }
      const insert = conn.prepare(`INSERT INTO "${message.tbl}" (id, size, doc) VALUES (?, ?, ?)`);
      const result = insertBsonRows(insert, [message.bson], limits);
      conn
        .prepare('UPDATE _cella_collections SET bytes = bytes + ? WHERE name = ?')
        .run(result.bytesDelta, message.collection);
      conn.exec('COMMIT');
      return result;
    } catch (error) {
      if (conn.inTransaction) conn.exec('ROLLBACK');
      throw error;
    }
  } finally {
    conn.close();
  }
}

port.on('message', (message: ToWriter) => {
  let answer: FromWriter;
  try {
    answer = { id: message.id, result: load(message) };
  } catch (error) {
    answer = { id: message.id, error: encodeError(storageFullError(error)) };
  }
  port.postMessage(answer);
});
