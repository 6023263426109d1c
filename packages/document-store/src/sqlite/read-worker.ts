/**
 * A read worker (read-pool.ts starts it): runs the reads it is handed (reads.ts), one at a time,
 * on its own read-only connections, each under its time bound (deadline.ts), and answers each.
 * It keeps nothing between reads but open files (at most `maxOpenFiles`, least recently used
 * closed first) and the mingo layer once a read needed it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { StoreLimits } from '../query-guard.js';
import { bounded, Deadline } from './deadline.js';
import { loadMingo, MingoNotLoaded } from './mingo-on-demand.js';
import { decodeRequest, encodeError, tagObjectIds } from './read-protocol.js';
import type { FromWorker, ToWorker } from './read-protocol.js';
import { ReadFile } from './read-file.js';
import { runRead } from './reads.js';

export interface ReadWorkerData {
  limits: StoreLimits;
  busyTimeoutMs: number;
  maxOpenFiles: number;
}

const port = parentPort;
if (!port) throw new Error('read-worker.ts runs as a worker thread (read-pool.ts)');
const { limits, busyTimeoutMs, maxOpenFiles } = workerData as ReadWorkerData;
const files = new Map<string, ReadFile>();

function fileOf(path: string): ReadFile {
  let file = files.get(path);
  if (file) files.delete(path);
  else file = new ReadFile(path, busyTimeoutMs);
  files.set(path, file);
  if (files.size > maxOpenFiles) {
    const [oldest, old] = files.entries().next().value as [string, ReadFile];
    old.close();
    files.delete(oldest);
  }
  return file;
}

function reply(message: FromWorker, transfer: ArrayBuffer[] = []): void {
  port!.postMessage(message, transfer);
}

async function read(message: Extract<ToWorker, { kind: 'read' }>): Promise<void> {
  const { id, path, budgetMs, boundMs } = message;
  try {
    const request = decodeRequest(message.request);
    let deadline = Deadline.after(budgetMs, boundMs);
    const run = () => bounded(deadline, () => runRead(fileOf(path), limits, request));
    let answer;
    try {
      answer = run();
    } catch (error) {
      if (!(error instanceof MingoNotLoaded)) throw error;
      // Loading the mingo layer is this worker's own start-up cost, not the read's.
      const left = deadline.left();
      await loadMingo();
      deadline = Deadline.after(left, boundMs);
      answer = run();
    }
    if (request.op === 'aggregate') {
      reply({ id, answer: { docs: tagObjectIds((answer as { docs: unknown }).docs) } });
      return;
    }
    const listed = (answer as { listed?: { rids: Float64Array; lengths: Float64Array } | null }).listed;
    const batch = answer as { bson?: Uint8Array; hashes?: Uint32Array };
    reply(
      { id, answer },
      listed
        ? [listed.rids.buffer as ArrayBuffer, listed.lengths.buffer as ArrayBuffer]
        : batch.bson && batch.hashes
          ? [batch.bson.buffer as ArrayBuffer, batch.hashes.buffer as ArrayBuffer]
          : [],
    );
  } catch (error) {
    reply({ id, error: encodeError(error) });
  }
}

port.on('message', (message: ToWorker) => {
  if (message.kind === 'forget') {
    files.get(message.path)?.close();
    files.delete(message.path);
    return;
  }
  void read(message);
});
