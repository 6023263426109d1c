/**
 * The block workers: a small pool of worker threads that hash and write an upload's blocks, so the
 * node's JavaScript thread only receives the bytes and hands each block over (one message per MiB).
 *
 * Why: sha256 of every byte (~0.65 ms/MiB) and the completions of four file operations per block
 * used to run on the node's thread, which made a few concurrent uploads hold it for everyone.
 * Handing a block over costs the node's thread one memcpy into a reused buffer, transferred (not
 * cloned) to the thread and back; the caller's pieces are never modified (docs/block-store.md
 * "Where the work runs" has the measurements).
 *
 * - Lazy: no thread until the first block; a thread idle for `idleMs` ends (nothing at rest).
 * - Bounded: blocks wait in this pool's queue (each copied into a reused buffer when queued) and at
 *   most `PER_THREAD` are handed to each thread at once; each upload keeps its own few blocks in
 *   flight (unixfs-writer.ts), so memory grows with the uploads, not their sizes, and the
 *   first-come queue interleaves concurrent uploads block by block.
 * - A thread that dies fails only the blocks it held (their adds fail); the next block starts a
 *   new one.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { CID } from 'multiformats/cid';
import { sha256Cid } from './block-file.js';
import type { BlockWorkerData, StoreAnswer, StoreJob } from './block-worker.js';
import { lowerThreadPoolPriority } from './io-thread-priority.js';

/**
 * Blocks handed to one thread at once: it hashes one while the files of the others are written on
 * libuv's thread pool (4 threads by default). Measured with the data dir on tmpfs: 2 held the
 * upload to 31–49% of sha256, 4 gave 50–55%.
 */
const PER_THREAD = 4;
/** The reusable buffers blocks travel in: a leaf of the unixfs-v1-2025 profile (larger blocks get their own). */
const BUFFER_BYTES = 1024 * 1024;
/**
 * Free buffers kept for the next blocks: as many as concurrent uploads keep in flight (each up to
 * 8, unixfs-writer.ts), up to this many MiB; all of them go when the last thread retires.
 */
const FREE_MAX = 32;
/**
 * Slots are cut from slabs of this many: a slab is one shared `WebAssembly.Memory`, which V8 places
 * on a page boundary (a `SharedArrayBuffer` or Buffer of 1 MiB starts 16 bytes past one), so every
 * slot is aligned for the workers' O_DIRECT writes (block-file.ts). V8 reserves address space (not
 * memory) for a wasm memory's guard region, ~10 GiB each here, hence several slots per slab.
 */
const SLAB_SLOTS = 8;
const WASM_PAGE = 64 * 1024;

/** A reusable slot of shared memory, and whether it starts on a page boundary. */
interface Slot {
  view: Uint8Array<SharedArrayBuffer>;
  /** The same memory as a Buffer, for `fill` (a plain memcpy: see `copy`). */
  buffer: Buffer;
  aligned: boolean;
}

const slotOf = (memory: SharedArrayBuffer, offset: number, aligned: boolean): Slot => ({
  view: new Uint8Array(memory, offset, BUFFER_BYTES),
  buffer: Buffer.from(memory, offset, BUFFER_BYTES),
  aligned,
});

export interface StoreOptions {
  /**
   * Write this block with O_DIRECT where it can be (a full block, a file system that has it),
   * whatever the pool's `directWrites`: a bulk import's blocks (helia-block-store.ts `importCar`).
   */
  direct?: boolean;
}

export interface BlockWorkersOptions {
  /** The block directory the workers write into. */
  root: string;
  /** Threads at most. */
  size: number;
  /** A thread with nothing to do for this long ends. Default 30 s. */
  idleMs?: number;
  /** Full blocks are written with O_DIRECT (from page-aligned slots; block-file.ts). Default false. */
  directWrites?: boolean;
  /**
   * The threads' scheduling niceness (Linux, each thread alone; 0–19, 0: the process's own): bulk
   * hashing gives way to the node's thread. Default DEFAULT_WORKER_NICE.
   */
  nice?: number;
  /**
   * libuv's thread pool's niceness (Linux, those threads alone; 0–19, 0: the process's own), set
   * when the first worker starts: the block files' writes run there, and at the process's priority
   * they compete with the node's thread for a core (io-thread-priority.ts). Default
   * DEFAULT_IO_NICE.
   */
  ioNice?: number;
}

/**
 * libuv's pool threads' niceness by default: the workers' (docs/block-store.md "Where the work
 * runs"); the block files' writes are the same bulk work as their hashing.
 */
export const DEFAULT_IO_NICE = 10;

/** Measured (bench/files.ts, health p99 during 4 uploads ÷ idle): loaded 14.4 / 4.2 at 0, 4.2 / 3.6 at 5, 2.2 / 1.2 at 10; quiet 9.9 / 10.3 at 5, 8.3 / 5.1 at 10. */
export const DEFAULT_WORKER_NICE = 10;

interface Job {
  id: number;
  code: number;
  /** The block, copied out of the caller's pieces into a shared slot (or its own buffer) when queued. */
  bytes: Uint8Array<ArrayBufferLike>;
  /** The slot `bytes` is in (none: a buffer of its own). */
  slot: Slot | undefined;
  /** Written with O_DIRECT where it can be (the pool's `directWrites`, or the caller's `direct`). */
  direct: boolean;
  resolve: (cid: CID) => void;
  reject: (err: Error) => void;
}

interface Thread {
  worker: Worker;
  held: Map<number, Job>;
  idle: NodeJS.Timeout | undefined;
}

/**
 * How a worker is started: the compiled `block-worker.js` beside this file, or, when the engine
 * runs from its TypeScript sources (tests, `npm run dev`), `block-worker.ts` through tsx's loader.
 */
function startWorker(workerData: BlockWorkerData): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./block-worker.js', here), { workerData });
  // tsx's ESM API (its `register` hooks the worker's module loader); the repository's devDependency.
  const tsx = dirname(createRequire(here).resolve('tsx/package.json'));
  const api = pathToFileURL(join(tsx, 'dist/esm/api/index.mjs')).href;
  const entry = new URL('./block-worker.ts', here).href;
  const code = `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(code, { eval: true, workerData });
}

export class BlockWorkers {
  private readonly queue: Job[] = [];
  private readonly threads: Thread[] = [];
  /** Shared slots the threads are done with, for the next blocks (at most FREE_MAX). */
  private readonly free: Slot[] = [];
  private nextId = 0;
  private closed = false;

  constructor(private readonly options: BlockWorkersOptions) {
    if (!Number.isSafeInteger(options.size) || options.size < 1) {
      throw new RangeError(`block workers: size must be a positive integer, not ${options.size}`);
    }
  }

  /**
   * Hashes and stores one block given as its consecutive parts; resolves with its CID once the
   * block file is in place. The parts are copied at once (into a reused buffer) and never modified.
   *
   * Why copy when queued rather than when handed to a thread: a queued block used to hold the
   * request's 64 KiB pieces, and with a few uploads queued they lived long enough to reach V8's old
   * space, where only a full mark-compact frees them: measured with four concurrent uploads, one
   * mark-compact every 100–250 ms, pauses of 4–70 ms on the node's thread. Copied now, the pieces
   * die young (a scavenge frees them), and the copy is the one the hand-over made anyway.
   */
  store(code: number, parts: readonly Uint8Array[], options: StoreOptions = {}): Promise<CID> {
    if (this.closed) return Promise.reject(new Error('the block store is closed'));
    const direct = options.direct === true || this.options.directWrites === true;
    const { bytes, slot } = this.copy(parts, direct);
    return new Promise<CID>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, code, bytes, slot, direct, resolve, reject });
      this.dispatch();
    });
  }

  /** Ends every thread; blocks not yet stored fail. */
  async close(): Promise<void> {
    this.closed = true;
    const gone = new Error('the block store is closed');
    for (const job of this.queue.splice(0)) job.reject(gone);
    await Promise.all(this.threads.splice(0).map((thread) => this.end(thread, gone)));
  }

  /** Threads running now (for tests). */
  get running(): number {
    return this.threads.length;
  }

  /** Ends the busiest thread abruptly, as a crash would (for tests); false when none runs. */
  async crashOne(): Promise<boolean> {
    const thread = [...this.threads].sort((a, b) => b.held.size - a.held.size)[0];
    if (thread === undefined) return false;
    await thread.worker.terminate();
    return true;
  }

  /** Hands queued blocks to the least busy thread, starting threads up to the pool's size. */
  private dispatch(): void {
    while (this.queue.length > 0) {
      let thread = this.threads.reduce<Thread | undefined>(
        (best, t) => (best === undefined || t.held.size < best.held.size ? t : best),
        undefined,
      );
      if ((thread === undefined || thread.held.size > 0) && this.threads.length < this.options.size) {
        thread = this.start();
      }
      if (thread === undefined || thread.held.size >= PER_THREAD) return;
      const job = this.queue.shift()!;
      if (thread.held.size === 0) {
        clearTimeout(thread.idle);
        thread.idle = undefined;
        thread.worker.ref(); // a block in flight keeps the process alive, as a file write would
      }
      thread.held.set(job.id, job);
      const message: StoreJob = {
        id: job.id,
        code: job.code,
        bytes: job.bytes,
        aligned: job.direct && (job.slot?.aligned ?? false),
      };
      const own = job.bytes.buffer instanceof ArrayBuffer ? [job.bytes.buffer] : [];
      thread.worker.postMessage(message, own);
    }
  }

  /**
   * The block's parts copied into a reused slot of shared memory (a block larger than a slot: its
   * own buffer, transferred). Not cloned: a clone would serialize the bytes into a fresh message
   * buffer (new pages to fault in, on this VM the slowest part of a copy) and copy them out again
   * on the other side. Not transferred either: a transfer gives each side a new ArrayBuffer object
   * per block, 1 MiB of external memory V8 counts towards its next full mark-compact on the node's
   * thread; a shared slot crosses as a reference to the same memory and never comes back.
   *
   * Copied with Buffer's `fill` (node's C++: one memcpy of the part), not `Uint8Array.set`: V8
   * copies into shared memory with relaxed atomic word moves (`relaxed_memmove`), which perf found
   * to be the largest single item of the node's thread during an upload (14.5% of its samples, more
   * than node's HTTP parser's own copy of the same bytes); with `fill` the copy is libc's memmove
   * and the two copies together went from 26.7% to 21.5% of the thread's samples.
   */
  private copy(
    parts: readonly Uint8Array[],
    aligned: boolean,
  ): { bytes: Uint8Array<ArrayBufferLike>; slot: Slot | undefined } {
    const length = parts.reduce((n, p) => n + p.byteLength, 0);
    const slot = length <= BUFFER_BYTES ? (this.freeSlot(aligned) ?? this.newSlot(aligned)) : undefined;
    const bytes = slot !== undefined ? slot.view.subarray(0, length) : new Uint8Array(length);
    let offset = 0;
    for (const part of parts) {
      if (slot === undefined) bytes.set(part, offset);
      else if (part.byteLength > 0) slot.buffer.fill(part, offset, offset + part.byteLength); // fill refuses an empty value
      offset += part.byteLength;
    }
    return { bytes, slot };
  }

  /** A free slot (an aligned one when `aligned`: a direct write needs it, any other block takes either). */
  private freeSlot(aligned: boolean): Slot | undefined {
    if (!aligned) return this.free.pop();
    for (let i = this.free.length - 1; i >= 0; i--)
      if (this.free[i]!.aligned) return this.free.splice(i, 1)[0];
    return undefined;
  }

  /**
   * A new slot: for direct writes, a new slab's first (its others go to the free list; a plain
   * shared buffer if V8 refuses the slab); otherwise a plain shared buffer.
   */
  private newSlot(aligned: boolean): Slot {
    let memory: WebAssembly.Memory;
    try {
      if (!aligned) throw new Error('no alignment wanted');
      const pages = (SLAB_SLOTS * BUFFER_BYTES) / WASM_PAGE;
      memory = new WebAssembly.Memory({ initial: pages, maximum: pages, shared: true });
    } catch {
      return slotOf(new SharedArrayBuffer(BUFFER_BYTES), 0, false);
    }
    const slab = memory.buffer as unknown as SharedArrayBuffer;
    for (let i = 1; i < SLAB_SLOTS; i++) this.free.push(slotOf(slab, i * BUFFER_BYTES, true));
    return slotOf(slab, 0, true);
  }

  private start(): Thread {
    void lowerThreadPoolPriority(this.options.ioNice ?? DEFAULT_IO_NICE);
    const worker = startWorker({ root: this.options.root, nice: this.options.nice ?? DEFAULT_WORKER_NICE });
    const thread: Thread = { worker, held: new Map(), idle: undefined };
    this.threads.push(thread);
    worker.on('message', (answer: StoreAnswer) => this.answered(thread, answer));
    worker.on('error', (err) => this.lost(thread, err));
    worker.on('exit', (code) => this.lost(thread, new Error(`a block worker exited (code ${code})`)));
    worker.unref();
    return thread;
  }

  private answered(thread: Thread, answer: StoreAnswer): void {
    const job = thread.held.get(answer.id);
    if (job === undefined) return;
    thread.held.delete(answer.id);
    if (job.slot !== undefined && this.free.length < FREE_MAX) this.free.push(job.slot);
    if ('digest' in answer) job.resolve(sha256Cid(job.code, answer.digest));
    else job.reject(Object.assign(new Error(answer.error.message), { code: answer.error.code }));
    if (thread.held.size === 0) {
      thread.worker.unref();
      thread.idle = setTimeout(() => void this.retire(thread), this.options.idleMs ?? 30_000).unref();
    }
    this.dispatch();
  }

  /** An idle thread ends. */
  private async retire(thread: Thread): Promise<void> {
    if (thread.held.size > 0) return;
    this.forget(thread);
    await thread.worker.terminate();
  }

  /** A thread died (or was ended): its blocks fail, and queued blocks go to the others or a new one. */
  private lost(thread: Thread, err: Error): void {
    this.forget(thread);
    clearTimeout(thread.idle);
    for (const job of thread.held.values()) job.reject(err);
    thread.held.clear();
    if (!this.closed) this.dispatch();
  }

  private forget(thread: Thread): void {
    const i = this.threads.indexOf(thread);
    if (i >= 0) this.threads.splice(i, 1);
    if (this.threads.length === 0) this.free.length = 0; // at rest the node keeps none
  }

  private async end(thread: Thread, err: Error): Promise<void> {
    clearTimeout(thread.idle);
    for (const job of thread.held.values()) job.reject(err);
    thread.held.clear();
    await thread.worker.terminate();
  }
}
