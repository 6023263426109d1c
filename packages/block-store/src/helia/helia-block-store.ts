/**
 * The embedded BlockStore engine: helia's storage (blockstore-fs for blocks, datastore-fs for pin
 * records) in one directory, UnixFS DAGs identical to @helia/unixfs's with profile unixfs-v1-2025
 * (CIDv1, raw leaves, 1 MiB chunks, 1024 links per node). No libp2p, no network. The write path
 * (unixfs-writer.ts), reads (file-reader.ts), pins (pin-records.ts), gc and CARs are ours; each
 * file says why helia's own piece did not fit.
 *
 * Why no helia node (`createHeliaLight`): nothing here needs one (@helia/unixfs itself only needs
 * `{ blockstore }`), it would add a has-before-put wrapper, a network fallback we must not take
 * and helia's slow pins, and importing the `helia` package costs ~70 MiB of RSS: its entry
 * statically loads libp2p, bitswap and the HTTP gateway client (measured after gc: 123 -> 192
 * MiB). The server's budget is 300 MB for a 1 GiB transfer.
 *
 * On disk (`dir`):
 *   blocks/<XX>/<B...>.data            one file per block (see fs-blockstore.ts)
 *   datastore/cella/pins/<cid>.data    one empty record per recursive pin
 *
 * Concurrency: one engine instance per directory (one process). Writes share a lock; gc takes it
 * exclusively (rw-lock.ts). Reads take no lock: pinned DAGs are never swept.
 */
import { mkdir, readdir, stat, unlink } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { FsDatastore } from 'datastore-fs';
import { equals } from 'multiformats/bytes';
import type { CID } from 'multiformats/cid';
import type { AddOptions, AddResult, BlockStore, CatOptions, ReadBuffers } from '../block-store.js';
import { checkBlockKind } from '../common/block-check.js';
import { decodeCarParts, encodeCar, type Block, type BlockParts } from '../common/car.js';
import { fileSizeOf, isLeaf, walkDag } from '../common/dag.js';
import { BlockStoreError, isBlockStoreError, storageFullError } from '../errors.js';
import { readFile } from './file-reader.js';
import { BLOCK_SUFFIX, TEMP_SUFFIX } from './block-file.js';
import { BlockWorkers } from './block-workers.js';
import { CellaFsBlockstore } from './fs-blockstore.js';
import { parseCid } from '../common/parse-cid.js';
import { PinRecords } from './pin-records.js';
import { RwLock } from '../common/rw-lock.js';
import { writeUnixfsFile } from './unixfs-writer.js';

export interface HeliaBlockStoreOptions {
  /** Directory holding `blocks/` and `datastore/`; created if missing. */
  dir: string;
  /**
   * Worker threads that hash and write uploaded blocks (block-workers.ts), started on demand.
   * Default: one per core but one, at least one (`defaultBlockWorkers`).
   */
  workers?: number;
  /**
   * Write full blocks with O_DIRECT, past the kernel's page cache (block-file.ts): less CPU per
   * MiB uploaded where copying into the page cache is expensive (measured on a VM whose host backs
   * memory lazily), at the price of reading recent files from the device. Default false.
   */
  directWrites?: boolean;
  /**
   * The block workers' scheduling niceness (Linux; 0–19, 0: the process's own): their bulk
   * hashing gives way to the node's thread. Default DEFAULT_WORKER_NICE (10).
   */
  workerNice?: number;
  /**
   * libuv's thread pool's niceness, set when the first block worker starts (Linux, those threads
   * alone; 0–19, 0: the process's own): the block files' writes run there (io-thread-priority.ts).
   * It applies to the whole process's pool (every file read and write, DNS lookups). Default
   * DEFAULT_IO_NICE (10).
   */
  ioNice?: number;
}

/** One per core but one (the node's thread has the last), at least one. */
export const defaultBlockWorkers = (): number => Math.max(1, availableParallelism() - 1);

export interface HeliaBlockStore extends BlockStore {
  readonly engine: 'helia';
  /** The directory the store lives in. */
  readonly dir: string;
}

/** The raw codec: a block that is its own content. */
const RAW_CODEC = 0x55;

/**
 * Blocks of a CAR import handed to the block workers at once (each copied into a 1 MiB slot when
 * handed over; the stream's chunks it was read from are free to go then).
 */
const IMPORT_IN_FLIGHT = 8;

const EMPTY = new Uint8Array(0);

/** Temp files older than this are leftovers of a killed write; younger ones may be in flight. */
const STALE_TEMP_MS = 60 * 60 * 1000;

export async function createHeliaBlockStore(options: HeliaBlockStoreOptions): Promise<HeliaBlockStore> {
  await mkdir(options.dir, { recursive: true, mode: 0o700 });
  const blockstore = new CellaFsBlockstore(join(options.dir, 'blocks'));
  const datastore = new FsDatastore(join(options.dir, 'datastore'));
  await blockstore.open();
  await datastore.open();
  const workers = new BlockWorkers({
    root: blockstore.path,
    size: options.workers ?? defaultBlockWorkers(),
    directWrites: options.directWrites ?? false,
    ...(options.workerNice !== undefined ? { nice: options.workerNice } : {}),
    ...(options.ioNice !== undefined ? { ioNice: options.ioNice } : {}),
  });
  return new HeliaEngine(options.dir, blockstore, workers, new PinRecords(datastore), datastore);
}

class HeliaEngine implements HeliaBlockStore {
  readonly engine = 'helia' as const;
  private readonly lock = new RwLock();
  private readonly getBlock = (
    cid: CID,
    signal?: AbortSignal,
    expectedSize?: number,
    into?: Uint8Array,
  ): Promise<Uint8Array> => this.blocks.read(cid, signal, expectedSize, into);

  constructor(
    readonly dir: string,
    private readonly blocks: CellaFsBlockstore,
    private readonly workers: BlockWorkers,
    private readonly pinRecords: PinRecords,
    private readonly datastore: FsDatastore,
  ) {}

  async add(source: AsyncIterable<Uint8Array>, options: AddOptions = {}): Promise<AddResult> {
    const { signal } = options;
    signal?.throwIfAborted();
    return this.lock.shared(async () => {
      try {
        // The writer checks the signal between pieces, so an abort stops the add at the next
        // piece even while the source keeps producing. It writes the source's pieces as they are
        // (no copy): a source must not reuse a buffer it has yielded (request bodies never do).
        const { cid, size } = await writeUnixfsFile(source, this.workers, { signal });
        // Pinned only after every block is written, still under the shared lock (no gc in between).
        // An add that fails or is aborted leaves only unpinned blocks, which gc removes.
        if (options.pin === true) await this.pinRecords.add(cid.toString());
        return { cid: cid.toString(), size };
      } catch (err) {
        throw storageFullError(err);
      }
    });
  }

  async *cat(cid: string, options: CatOptions = {}): AsyncIterable<Uint8Array> {
    // A generator, so even a bad CID surfaces while iterating, as every other read error does.
    yield* readFile(parseCid(cid), this.getBlock, options);
  }

  async size(cid: string): Promise<number | null> {
    const root = parseCid(cid);
    // A raw block is its own content: its file's length, without reading it (as kubo's block/stat).
    if (root.code === RAW_CODEC) return this.blocks.length(root);
    let bytes: Uint8Array;
    try {
      bytes = await this.getBlock(root);
    } catch (err) {
      if (isBlockStoreError(err, 'NOT_FOUND')) return null;
      throw err;
    }
    return fileSizeOf(root, bytes);
  }

  async pin(cid: string): Promise<void> {
    const root = parseCid(cid);
    await this.lock.shared(async () => {
      // Cheap completeness check: read the interior nodes, stat the leaves. A pin promises the
      // whole file is readable; it must not protect a DAG gc already cut into.
      try {
        for await (const block of walkDag(root, this.getBlock)) {
          if (isLeaf(block) && !(await this.blocks.has(block))) {
            throw new BlockStoreError(
              'INCOMPLETE',
              `cannot pin ${cid}: block ${block.toString()} is not stored`,
            );
          }
        }
      } catch (err) {
        if (isBlockStoreError(err, 'NOT_FOUND')) {
          throw new BlockStoreError('INCOMPLETE', `cannot pin ${cid}: ${err.message}`, { cause: err });
        }
        throw err;
      }
      await this.pinRecords.add(root.toString()).catch((err: unknown) => {
        throw storageFullError(err);
      });
    });
  }

  async unpin(cid: string): Promise<void> {
    await this.pinRecords.remove(parseCid(cid).toString());
  }

  async isPinned(cid: string): Promise<boolean> {
    return this.pinRecords.has(parseCid(cid).toString());
  }

  pins(): AsyncIterable<string> {
    return this.pinRecords.list();
  }

  async gc(): Promise<{ removed: number }> {
    return this.lock.exclusive(async () => {
      // Mark: file names of every block reachable from a pin. Interior nodes are read, leaves
      // are named by their parents' links. A pinned DAG missing an interior node keeps what
      // can still be reached (its unreachable rest could not be read anyway).
      const marked = new Set<string>();
      const seen = new Set<string>();
      for await (const pin of this.pinRecords.list()) {
        for await (const cid of walkDag(parseCid(pin), this.getBlock, { seen, skipMissing: true })) {
          marked.add(this.blocks.locate(cid).file);
        }
      }
      return { removed: await this.sweep(marked) };
    });
  }

  /** Deletes every block file not in `marked`, and temp files left by killed writes. */
  private async sweep(marked: Set<string>): Promise<number> {
    let removed = 0;
    const root = this.blocks.path;
    const now = Date.now();
    for (const shard of await readdir(root, { withFileTypes: true })) {
      if (!shard.isDirectory()) continue;
      const shardPath = join(root, shard.name);
      for (const name of await readdir(shardPath)) {
        const file = join(shardPath, name);
        if (name.endsWith(TEMP_SUFFIX)) {
          const info = await stat(file).catch(() => undefined);
          if (info !== undefined && now - info.mtimeMs > STALE_TEMP_MS)
            await unlink(file).catch(() => undefined);
        } else if (name.endsWith(BLOCK_SUFFIX) && !marked.has(name)) {
          await unlink(file).catch((err: NodeJS.ErrnoException) => {
            if (err.code !== 'ENOENT') throw err;
          });
          removed++;
        }
      }
    }
    return removed;
  }

  async *blocksOf(root: string): AsyncIterable<string> {
    for await (const cid of walkDag(parseCid(root), this.getBlock)) {
      // Leaves are not read by the walk; check them so a missing block fails here (as kubo's
      // refs does) rather than later in an export.
      if (isLeaf(cid) && !(await this.blocks.has(cid))) {
        throw new BlockStoreError('NOT_FOUND', `block ${cid.toString()} is not stored`);
      }
      yield cid.toString();
    }
  }

  async hasBlock(cid: string): Promise<boolean> {
    return this.blocks.has(parseCid(cid));
  }

  async readBlock(cid: string, length?: number, buffers?: ReadBuffers): Promise<Uint8Array> {
    const parsed = parseCid(cid);
    if (length === undefined) return this.getBlock(parsed);
    // One open and one read of length + 1 bytes; a longer block (a wrong hint) is read again whole.
    const bytes = await this.getBlock(parsed, undefined, length, buffers?.take(length + 1));
    return bytes.length <= length ? bytes : this.getBlock(parsed);
  }

  async *exportCar(
    roots: string[],
    blocks: AsyncIterable<string> | Iterable<string>,
  ): AsyncIterable<Uint8Array> {
    const getBlock = this.getBlock;
    const read = async function* (): AsyncGenerator<Block> {
      for await (const s of blocks) {
        const cid = parseCid(s);
        yield { cid, bytes: await getBlock(cid) };
      }
    };
    yield* encodeCar(roots.map(parseCid), read());
  }

  /**
   * A CAR's blocks hashed and written by the block workers (as an upload's), a few in flight: the
   * node's thread only parses the CAR and checks each block's kind; a raw block (a file's leaf) is
   * read as views of the stream's chunks and copied once, into the worker's slot, as an upload's
   * pieces are (no buffer of its own per block for the collector); each block's digest, computed
   * by the worker that writes it, must be its CID's, or the import fails (CORRUPT) — a block with
   * other bytes lands only under the CID of those bytes, unpinned, which gc removes.
   *
   * Full blocks are written with O_DIRECT whatever `directWrites` says (block-file.ts; the buffered
   * way where the file system refuses it): a CAR import (a vault import, a backup's restore) writes
   * a whole vault at once, which through the page cache would cost the kernel a copy into fresh
   * pages per MiB (most of the import's CPU after the hashing, measured: docs/portability.md
   * "Performance") and push every other user's recently read files out of memory for blocks
   * nobody reads soon. Durability is the same: temp file, rename, no fsync either way.
   */
  async importCar(source: AsyncIterable<Uint8Array>): Promise<{ blocks: number; bytes: number }> {
    return this.lock.shared(async () => {
      const car = await decodeCarParts(source);
      let count = 0;
      let bytes = 0;
      const inflight: Promise<void>[] = [];
      try {
        for await (const block of car.blocks) {
          // A block in more than one part is a raw sha2-256 one: its kind is its CID's, no byte read.
          const whole = block.parts.length === 1 ? block.parts[0]! : EMPTY;
          if (checkBlockKind(block.cid, whole)) {
            const stored = this.storeChecked(block);
            stored.catch(() => undefined); // awaited in its turn; not an unhandled rejection meanwhile
            inflight.push(stored);
          }
          // Identity blocks live in their CID: nothing to write.
          if (inflight.length >= IMPORT_IN_FLIGHT) await inflight.shift();
          count++;
          bytes += block.length;
        }
        while (inflight.length > 0) await inflight.shift();
      } catch (err) {
        await Promise.allSettled(inflight);
        throw storageFullError(err);
      }
      return { blocks: count, bytes };
    });
  }

  /** One sha2-256 block through a block worker; CORRUPT when its bytes hash to another CID. */
  private async storeChecked({ cid, parts }: BlockParts): Promise<void> {
    const stored = await this.workers.store(cid.code, parts, { direct: true });
    if (!equals(stored.multihash.bytes, cid.multihash.bytes))
      throw new BlockStoreError('CORRUPT', `block ${cid.toString()}: bytes do not hash to the CID`);
  }

  async close(): Promise<void> {
    await this.workers.close();
    await this.blocks.close();
    await this.datastore.close();
  }
}
