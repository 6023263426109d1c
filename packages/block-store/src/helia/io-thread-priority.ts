/**
 * Lowers the scheduling priority of libuv's thread pool (Linux), the threads that run the block
 * files' writes (the kernel's copy of every uploaded MiB into the page cache, on this VM a cost as
 * large as the hashing) and every other file operation of the process. At the process's priority
 * they compete with the node's thread for a core: a health check then waits in the run queue
 * behind bulk file writes (docs/block-store.md "Where the work runs").
 *
 * Node 20's libuv does not name its threads, so they are found from the inside: a `readlink` of
 * `/proc/thread-self` runs on the pool thread that serves it and reads that thread's id. A burst
 * of them wakes every idle thread of the pool; a few bursts find them all (the pool's threads are
 * made once, at its first use, and live as long as the process). Each found thread gets
 * `setpriority` on its own id (Linux applies niceness per thread); the calling thread keeps its own.
 */
import { open, readlink } from 'node:fs/promises';
import { setPriority } from 'node:os';

/** libuv's pool size: UV_THREADPOOL_SIZE (1–1024), default 4. */
export function threadPoolSize(env: NodeJS.ProcessEnv = process.env): number {
  const asked = Number(env.UV_THREADPOOL_SIZE);
  return Number.isInteger(asked) && asked > 0 ? Math.min(asked, 1024) : 4;
}

/** Rounds of readlinks before giving up on finding every pool thread (each takes ~1–10 ms). */
const ROUNDS = 20;
/** Bytes each spacer job reads from /dev/zero: ~0.3 ms of the kernel clearing memory. */
const SPACER_BYTES = 2 * 1024 * 1024;

/**
 * The ids of libuv's pool threads, as many as a few rounds of readlinks reach. A quick readlink
 * alone would be drained by the first thread to wake while the others are still waiting for a
 * core; so each readlink is followed by a spacer (a read from /dev/zero) that keeps the thread
 * that took it busy, and the next readlink goes to another thread.
 */
export async function threadPoolIds(size = threadPoolSize()): Promise<number[]> {
  const found = new Set<number>();
  const zero = await open('/dev/zero', 'r');
  const spacer = Buffer.allocUnsafe(SPACER_BYTES);
  try {
    for (let round = 0; round < ROUNDS && found.size < size; round++) {
      const jobs: Array<Promise<unknown>> = [];
      const links: Array<Promise<string>> = [];
      for (let i = 0; i < 2 * size; i++) {
        links.push(readlink('/proc/thread-self'));
        jobs.push(zero.read(spacer, 0, SPACER_BYTES, 0));
      }
      for (const link of await Promise.all(links)) found.add(Number(link.split('/').pop()));
      await Promise.all(jobs);
    }
  } finally {
    await zero.close();
  }
  found.delete(process.pid); // never the main thread (a pool never runs there; defensive)
  return [...found].filter((id) => Number.isSafeInteger(id) && id > 0);
}

let applied: Promise<number[]> | undefined;
let appliedNice = 0;

/**
 * Sets libuv's pool threads to niceness `nice` (0: nothing is changed); once per process and
 * value. Resolves with the threads it set; elsewhere than Linux, or where refused, with none
 * (the threads keep the process's priority). Never rejects.
 */
export function lowerThreadPoolPriority(nice: number): Promise<number[]> {
  if (nice <= 0 || process.platform !== 'linux') return Promise.resolve([]);
  if (applied !== undefined && appliedNice === nice) return applied;
  appliedNice = nice;
  applied = threadPoolIds().then(
    (ids) =>
      ids.filter((id) => {
        try {
          setPriority(id, nice);
          return true;
        } catch {
          return false; // not permitted (e.g. a higher priority than the thread has): left as it is
        }
      }),
    () => [], // no procfs: the process's priority, as on other systems
  );
  return applied;
}
