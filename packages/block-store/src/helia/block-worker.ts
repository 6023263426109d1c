/**
 * A block worker (a `node:worker_threads` thread of `block-workers.ts`): hashes a block handed over
 * in a shared slot (or a transferred buffer), names it by its CID and writes it into the block
 * directory (with O_DIRECT from an aligned slot, block-file.ts) — the CPU of an upload, off the
 * node's thread. Its own event loop overlaps the next block's hashing with this
 * one's file writes (which go to libuv's thread pool); the answer is the block's sha2-256 digest,
 * (a block in a buffer of its own gets it transferred back).
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { blockSharding, sha256Cid, sha256Of, writeBlockFile } from './block-file.js';

export interface BlockWorkerData {
  /** The block directory (`<dir>/blocks`). */
  root: string;
  /** This thread's scheduling niceness (0: the process's own; block-workers.ts `nice`). */
  nice: number;
}

/** One block to hash and store. */
export interface StoreJob {
  id: number;
  /** The block's codec (raw for leaves, dag-pb for interior nodes). */
  code: number;
  /**
   * The block's bytes: the start of a shared slot the sender reuses once answered, or of a buffer
   * transferred to this thread (handed back with the answer).
   */
  bytes: Uint8Array<ArrayBufferLike>;
  /** `bytes` starts on a page boundary (a slot of block-workers.ts' slabs): it may be written with O_DIRECT. */
  aligned: boolean;
}

export type StoreAnswer =
  { id: number; digest: Uint8Array } | { id: number; error: { message: string; code?: string | undefined } };

const port = parentPort;
if (port === null) throw new Error('block-worker.ts runs as a worker thread of block-workers.ts');
const { root, nice } = workerData as BlockWorkerData;

/**
 * Lowers this thread's scheduling priority alone (Linux: setpriority on the thread's own id, read
 * from /proc/thread-self): an upload's bulk hashing then gives way to the node's thread, so a small
 * request is not left waiting for a core behind it (docs/block-store.md "Where the work runs").
 * Elsewhere, or where it is refused, the thread keeps the process's priority.
 */
function lowerThreadPriority(): void {
  if (nice <= 0 || process.platform !== 'linux') return;
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), nice);
  } catch {
    // no procfs or not permitted: the process's priority, as on other systems
  }
}
lowerThreadPriority();
const sharding = blockSharding();

async function store({ id, code, bytes, aligned }: StoreJob): Promise<StoreAnswer> {
  try {
    const digest = sha256Of([bytes]);
    await writeBlockFile(root, sharding, sha256Cid(code, digest), [bytes], { direct: aligned });
    return { id, digest };
  } catch (err) {
    const { message, code: errno } = err as NodeJS.ErrnoException;
    return { id, error: { message: String(message), code: errno } };
  }
}

port.on('message', (job: StoreJob) => {
  void store(job).then((answer) => port.postMessage(answer));
});
