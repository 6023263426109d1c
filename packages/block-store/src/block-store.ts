/**
 * The BlockStore port: content-addressed file content as UnixFS DAGs (CIDv1, raw leaves,
 * sha2-256) plus pins. Engines: helia over blockstore-fs (embedded default), an IPFS daemon
 * (kubo) through its HTTP RPC API, and an IPFS Cluster peer (content through its kubo daemon,
 * pins through the cluster). All pass `src/testing/conformance.ts`; its error type is `errors.ts`.
 *
 * Content is added unpinned; the file service pins it only once the upload is complete, and
 * unpins when the node-wide reference count reaches zero. `gc()` removes blocks reachable from
 * no pin. All streams are constant-memory whatever the size.
 */
export interface AddResult {
  /** Root CID, CIDv1 base32 string. */
  cid: string;
  /** Logical size in bytes (the file's length). */
  size: number;
}

export interface AddOptions {
  signal?: AbortSignal;
  /** Pin the root when the add completes (atomically with respect to gc). Default false. */
  pin?: boolean;
}

export interface CatOptions {
  offset?: number;
  length?: number;
  signal?: AbortSignal;
  /**
   * Buffers to read content into instead of a fresh allocation per block (the helia engine's
   * leaves; other engines may ignore it). Without it every block read allocates its own buffer.
   */
  buffers?: ReadBuffers;
}

/**
 * Reusable buffers for a reader, provided by its consumer. The reader takes one buffer per block
 * it reads, in order, fills it and yields views of it; once it has yielded a view of a buffer taken
 * later, it no longer touches an earlier one. The consumer decides when a buffer may be handed out
 * again (after its views were written out: a socket may still hold them after they were yielded).
 *
 * Why: a download that allocates 1 MiB per block makes V8 answer the external memory with a full
 * mark-compact every few tens of MiB, pausing the node's thread for everyone (docs/block-store.md).
 */
export interface ReadBuffers {
  /** A buffer of at least `size` bytes the reader may fill, or undefined: allocate one. */
  take(size: number): Uint8Array | undefined;
}

export interface BlockStore {
  readonly engine: 'helia' | 'kubo' | 'cluster';
  /**
   * Streams the bytes into a UnixFS file DAG. Aborting (signal) or a failing source leaves no pin.
   * `pin: true` pins the root as part of the add, once every block is stored, and keeps gc from
   * running meanwhile: use it for uploads, so no gc can slip in between the add and the pin.
   */
  add(source: AsyncIterable<Uint8Array>, options?: AddOptions): Promise<AddResult>;
  /** Streams the file's bytes (optionally a range) in constant memory. */
  cat(cid: string, options?: CatOptions): AsyncIterable<Uint8Array>;
  /** Logical size of the file, or null if its root block is not stored. */
  size(cid: string): Promise<number | null>;
  pin(cid: string): Promise<void>;
  unpin(cid: string): Promise<void>;
  isPinned(cid: string): Promise<boolean>;
  pins(): AsyncIterable<string>;
  /** Removes every block not reachable from a pin; returns how many blocks were removed. */
  gc(): Promise<{ removed: number }>;
  /** Every block CID of the DAG under `root` (root included). */
  blocksOf(root: string): AsyncIterable<string>;
  hasBlock(cid: string): Promise<boolean>;
  /**
   * The bytes of one stored block (a DAG's node or leaf, not a file's content): NOT_FOUND when it
   * is not stored. What a writer of CAR streams of its own framing reads (the vault export).
   * `length`: the block's length when the caller knows it (a raw leaf's, from its parent link), a
   * hint an engine may use to read the block in one go; the answer is the block's bytes whatever
   * their length. `buffers`: where a block of known length may be read into (taken in the order of
   * the calls, as a reader's: `ReadBuffers`); the answer is then a view of one (the helia engine;
   * others ignore it).
   */
  readBlock(cid: string, length?: number, buffers?: ReadBuffers): Promise<Uint8Array>;
  /** A CARv1 stream of the given blocks (each must be stored). */
  exportCar(roots: string[], blocks: AsyncIterable<string> | Iterable<string>): AsyncIterable<Uint8Array>;
  /** Stores every block of a CAR stream (verifying each block's hash); returns the count. */
  importCar(source: AsyncIterable<Uint8Array>): Promise<{ blocks: number; bytes: number }>;
  close(): Promise<void>;
}
