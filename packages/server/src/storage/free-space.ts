/**
 * The node's own disk: how much room is left on the filesystems it writes to (its data directory,
 * and the embedded stores' directories), and the reserve it keeps there (`CELLA_MIN_FREE_BYTES`).
 *
 * Why a reserve rather than writing until the device says ENOSPC: on a device filled to the last
 * byte, SQLite cannot even delete (a delete writes log frames too, and a checkpoint needs room in
 * the database file), so a full node could not be cleared through its API. Below the reserve the
 * node refuses the writes that add a vault's data (storage-guard.ts) and its readiness says
 * `storage full`; deletes, sign-ins and the node's own bookkeeping keep the reserve to work in.
 * When something else fills the device to the end anyway, the engines' own refusals (SQLite's
 * "database or disk is full", ENOSPC) answer the same 507 `STORAGE_FULL`.
 *
 * Free space is read with statfs (the bytes an unprivileged process may still use), at most once a
 * second: a check uses the last reading and asks for a new one when it is older, so a request
 * never waits for the disk. With several filesystems the smallest figure counts.
 */
import { statfs } from 'node:fs/promises';
import { CellaError } from '../errors.js';
import type { Logger } from '../logger.js';

/** What the node keeps on a filesystem: `data` (the data dir), `documents` (SQLite), `blocks` (helia). */
export type StoragePart = 'data' | 'documents' | 'blocks';

export interface StoragePath {
  part: StoragePart;
  path: string;
}

/** What the write paths need: a refusal below the reserve, and the room a streamed write may fill. */
export interface StorageGuard {
  /** Throws STORAGE_FULL when adding `bytes` would leave less free space than the reserve. */
  check(bytes?: number): void;
  /** Bytes a write may still add before it reaches the reserve (Infinity while unknown). */
  room(): number;
  /** An engine answered STORAGE_FULL (the device filled past the reserve): read again now. */
  noteFull(): void;
  /** The refusal: the node's storage, in figures (`bytes`: what the write would have added). */
  fullError(bytes?: number): CellaError;
  /**
   * Free space is short: below twice the reserve, or an engine found the device full in the last
   * ten minutes. Deletes then free their space at once (files-service.ts) instead of at the next sweep.
   */
  underPressure(): boolean;
}

export interface StorageMonitorOptions {
  paths: readonly StoragePath[];
  /**
   * The reserve (`CELLA_MIN_FREE_BYTES`). 0 keeps none and checks nothing: writes go to the device
   * until it refuses (the engines' STORAGE_FULL), and readiness never reports the disk.
   */
  minFreeBytes: number;
  log: Logger;
  /** How old a reading may be before a check asks for a new one. Default 1 s. */
  sampleMs?: number;
  /** Epoch ms (tests). */
  clock?: () => number;
}

const PRESSURE_WINDOW_MS = 10 * 60_000;

/** Free bytes of a part, from its last reading. */
export type FreeSpace = Partial<Record<StoragePart, number>>;

export class StorageMonitor implements StorageGuard {
  readonly minFreeBytes: number;
  private readonly sampleMs: number;
  private readonly clock: () => number;
  private last: { free: FreeSpace; at: number } | undefined;
  private sampling: Promise<FreeSpace> | undefined;
  private lastFullAt = Number.NEGATIVE_INFINITY;
  private readonly failing = new Set<StoragePart>();

  constructor(private readonly options: StorageMonitorOptions) {
    this.minFreeBytes = options.minFreeBytes;
    this.sampleMs = options.sampleMs ?? 1000;
    this.clock = options.clock ?? Date.now;
  }

  /** Reads every filesystem now (concurrent calls share one reading). */
  sample(): Promise<FreeSpace> {
    this.sampling ??= this.read().finally(() => (this.sampling = undefined));
    return this.sampling;
  }

  /** The free bytes of each part, read at most `sampleMs` ago (a scrape, a readiness probe). */
  async current(): Promise<FreeSpace> {
    if (this.last && this.clock() - this.last.at < this.sampleMs) return this.last.free;
    return this.sample();
  }

  /** The smallest free figure of the last reading; undefined before one succeeded. */
  freeBytes(): number | undefined {
    if (!this.last) return undefined;
    const figures = Object.values(this.last.free);
    return figures.length > 0 ? Math.min(...figures) : undefined;
  }

  room(): number {
    if (this.minFreeBytes === 0) return Number.POSITIVE_INFINITY;
    this.refreshIfStale();
    const free = this.freeBytes();
    return free === undefined ? Number.POSITIVE_INFINITY : Math.max(0, free - this.minFreeBytes);
  }

  check(bytes = 0): void {
    if (this.minFreeBytes === 0) return;
    this.refreshIfStale();
    const free = this.freeBytes();
    if (free !== undefined && free - bytes < this.minFreeBytes) throw this.fullError(bytes);
  }

  noteFull(): void {
    this.lastFullAt = this.clock();
    void this.sample().catch(() => undefined);
  }

  underPressure(): boolean {
    const free = this.freeBytes();
    if (free !== undefined && free < 2 * this.minFreeBytes) return true;
    return this.clock() - this.lastFullAt < PRESSURE_WINDOW_MS;
  }

  /** Why a write is refused: the node's storage, in figures, not the vault's quota. */
  fullError(bytes = 0): CellaError {
    const free = this.freeBytes() ?? 0;
    const keeps = this.minFreeBytes > 0 ? `, it keeps ${this.minFreeBytes}` : '';
    const what =
      bytes > 0
        ? `the node's storage cannot take ${bytes} more bytes (${free} bytes free${keeps})`
        : `the node's storage is full (${free} bytes free${keeps})`;
    return new CellaError(
      'STORAGE_FULL',
      `${what}: writes are refused until its operator frees space; deletes still work`,
    );
  }

  /** For readiness: a fresh reading, and why the node is full (`storage full: …`), or undefined. */
  async shortage(): Promise<string | undefined> {
    if (this.minFreeBytes === 0) return undefined;
    await this.sample();
    const free = this.freeBytes();
    if (free === undefined || free >= this.minFreeBytes) return undefined;
    return `storage full: ${free} bytes free, below CELLA_MIN_FREE_BYTES ${this.minFreeBytes}`;
  }

  private refreshIfStale(): void {
    if (this.sampling || (this.last && this.clock() - this.last.at < this.sampleMs)) return;
    void this.sample().catch(() => undefined);
  }

  private async read(): Promise<FreeSpace> {
    const at = this.clock();
    const free: FreeSpace = {};
    await Promise.all(
      this.options.paths.map(async ({ part, path }) => {
        try {
          const stats = await statfs(path);
          free[part] = Number(stats.bavail) * Number(stats.bsize);
          this.failing.delete(part);
        } catch (error) {
          // A reading that fails refuses nothing (the engines still answer ENOSPC themselves).
          if (!this.failing.has(part)) {
            this.failing.add(part);
            this.options.log.warn({ err: error, part }, 'storage: cannot read the free space');
          }
        }
      }),
    );
    this.last = { free, at };
    return free;
  }
}
