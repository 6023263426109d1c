/**
 * The vault file store of spec §4 "Files": paths → metadata in the vault's DocumentStore, content
 * in the BlockStore (UnixFS, shared node-wide by CID), reference counts in the node database.
 * Knows nothing of HTTP.
 *
 * Order of every write, so a crash at any point leaves nothing visible that is not complete and
 * no count that the sweep can't repair:
 *   1. content: `blocks.add(source, { pin: true })` — complete and pinned, or nothing pinned;
 *   2. `refs.acquire(cid)` — the count covers the metadata about to be written;
 *   3. metadata commit, with the quota charge inside its transaction (`beforeCommit`);
 *   4. `refs.release(old cid)` for metadata that is gone — only after the commit.
 * A crash between 1 and 2 leaves an orphan pin; between 2 and 3 a count one too high; between 3
 * and 4 a count one too high. The sweep (sweep.ts) repairs all three after its grace period.
 *
 * Quota: logical sizes. A copy counts again (the content is shared, the bytes are charged twice),
 * an overwrite charges the size difference, a move nothing.
 */
import { createHash } from 'node:crypto';
import type { BlockStore, ReadBuffers } from '@cella/block-store';
import type { Collection, Database, DocumentStore, LogContext } from '@cella/document-store';
import { StoreError } from '@cella/document-store';
import { CellaError } from '../errors.js';
import type { Logger } from '../logger.js';
import { fromBlockStoreError, fromStoreError, isStorageFull } from '../port-errors.js';
import type { StorageGuard } from '../storage/free-space.js';
import { spaceDatabase, type VaultSpace } from '../vault/spaces.js';
import { quotaExceeded, type VaultService } from '../vault/vaults.js';
import { CidRefs } from './cid-refs.js';
import { fileNotFound } from './errors.js';
import {
  FILES_COLLECTION,
  FileRecords,
  flagFields,
  newRev,
  toDocument,
  type FileRecord,
} from './file-records.js';
import { metered } from './metered-source.js';
import { PublicFiles } from './public-files.js';
import { isWithin, normalisePath, rebase } from './paths.js';
import { ReleaseCollector } from './release-collector.js';
import type { FilesSettings } from './settings.js';
import { Sweeper, type CollectReport, type ReferenceSource, type SweepReport } from './sweep.js';
import { assertWritable } from '../vault/writable.js';

/** One entry of a listing or of a properties answer (the contract's FileInfo). */
export interface FileEntry {
  name: string;
  is_file: boolean;
  size: number;
  cid?: string;
  created?: number;
  updated?: number;
}

export interface UploadOptions {
  /** The declared length (Content-Length), checked against the quota before the first byte. */
  declaredLength?: number;
  signal?: AbortSignal;
  /** Public: anyone may download it (the reference's `public=true`); an upload without it makes the path private. */
  public?: boolean;
  /** The client encrypted the content this way (stored as a flag only); absent: plain. */
  encryptMethod?: string;
}

/** A file as the reference lists and describes it: with the client's encryption flags. */
export interface FlaggedFileEntry extends FileEntry {
  is_encrypt: boolean;
  encrypt_method: string;
}

export interface FilesServiceDeps {
  documents: DocumentStore;
  nodeDb: Database;
  blocks: BlockStore;
  vaults: VaultService;
  clock: () => number;
  log: Logger;
  settings: FilesSettings;
  /** false (CELLA_QUOTA_ENFORCEMENT=false, benchmarks only): uploads are not cut at the quota. */
  enforceQuota?: boolean;
  /** The node's disk (storage/free-space.ts): a declared length it cannot take is refused up front. */
  storage?: StorageGuard;
}

type Charge = (delta: number) => Promise<void>;

const MAX_WRITE_ATTEMPTS = 50;

function entryOf(record: FileRecord): FileEntry {
  return {
    name: record.path,
    is_file: true,
    size: record.size,
    cid: record.cid,
    created: record.created,
    updated: record.modified,
  };
}

const folderEntry = (name: string): FileEntry => ({ name, is_file: false, size: 0 });

function flaggedEntryOf(record: FileRecord): FlaggedFileEntry {
  return {
    ...entryOf(record),
    is_encrypt: record.encryptMethod !== null,
    encrypt_method: record.encryptMethod ?? '',
  };
}

export class FilesService {
  /** Node-wide reference counts per CID. */
  readonly refs: CidRefs;
  /** Node-wide index of public files (by CID). */
  readonly publicFiles: PublicFiles;
  private readonly sweeper: Sweeper;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private readonly sources: ReferenceSource[] = [];
  private readonly collector: ReleaseCollector;

  constructor(private readonly deps: FilesServiceDeps) {
    this.collector = new ReleaseCollector({
      delayMs: deps.settings.collectDelayMs,
      wanted: () => deps.storage?.underPressure() ?? false,
      collect: () => this.collectReleased(),
      log: deps.log,
    });
    this.refs = new CidRefs(deps.nodeDb, deps.blocks, deps.clock, deps.log, () => this.collector.request());
    this.publicFiles = new PublicFiles(deps.nodeDb);
    this.sweeper = new Sweeper({ ...deps, refs: this.refs, sources: this.sources });
  }

  /**
   * Registers another holder of content (it acquires and releases through `refs` and reports its
   * counts), so the sweep neither lowers its counts nor unpins what it holds.
   */
  addReferenceSource(source: ReferenceSource): void {
    this.sources.push(source);
  }

  // ── Sweep ──────────────────────────────────────────────────────────────────

  /** Starts the periodic sweep (settings.sweepIntervalMs; 0 = never). */
  start(): void {
    const every = this.deps.settings.sweepIntervalMs;
    if (every <= 0 || this.timer) return;
    this.timer = setInterval(() => {
      if (this.running) return; // a long sweep: skip this tick rather than queue behind it
      this.sweep().then(
        (report) => this.deps.log.info({ report }, 'files sweep done'),
        (error: unknown) => this.deps.log.error({ err: error }, 'files sweep failed'),
      );
    }, every);
    this.timer.unref();
  }

  /**
   * Repairs reference counts from the metadata, unpins orphans older than the grace period, then
   * gc. One at a time in this process (a call during a running sweep waits, then runs its own).
   */
  async sweep(options: { graceMs?: number } = {}): Promise<SweepReport> {
    return this.oneAtATime(() => this.sweeper.run(options.graceMs ?? this.deps.settings.sweepGraceMs));
  }

  /**
   * Removes the counts released to 0, unpins their roots and runs gc, without the sweep's scan of
   * the metadata (release-collector.ts asks for it while the disk is short of space).
   */
  collectReleased(): Promise<CollectReport> {
    return this.oneAtATime(() => this.sweeper.collectReleased());
  }

  /** Sweeps and collections run one at a time in this process (a call waits for the running one). */
  private async oneAtATime<T>(work: () => Promise<T>): Promise<T> {
    while (this.running) await this.running.catch(() => undefined);
    const run = work();
    this.running = run;
    try {
      return await run;
    } finally {
      this.running = undefined;
    }
  }

  /** The node-wide reference count of a CID (0 when none). */
  refCount(cid: string): Promise<number> {
    return this.refs.count(cid);
  }

  /** Stops the periodic sweep and waits for a running one. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.collector.close();
    await this.running?.catch(() => undefined);
  }

  private nowSeconds(): number {
    return Math.floor(this.deps.clock() / 1000);
  }

  private records(vault: VaultSpace): FileRecords {
    return new FileRecords(this.collection(vault));
  }

  private collection(vault: VaultSpace): Collection {
    return spaceDatabase(this.deps.documents, vault).collection(FILES_COLLECTION);
  }

  /** Refuses a file at `path` when a file sits where one of its folders should be, or `path` is a folder. */
  private async assertFileSlot(records: FileRecords, path: string): Promise<void> {
    const blocking = await records.fileAmongAncestors(path);
    if (blocking !== null) {
      throw new CellaError(
        'ALREADY_EXISTS',
        `"${blocking}" is a file, so "${path}" can't be created below it`,
      );
    }
    if (await records.isFolder(path)) {
      throw new CellaError('ALREADY_EXISTS', `"${path}" is a folder; a file can't have the same name`);
    }
  }

  private quotaCharge(vault: VaultSpace): Charge {
    return (delta) => this.deps.vaults.charge(vault.userDid, 'files', delta);
  }

  private adjustCharge(vault: VaultSpace): Charge {
    return (delta) => this.deps.vaults.adjust(vault.userDid, 'files', delta);
  }

  // ── Upload ─────────────────────────────────────────────────────────────────

  /**
   * Stores the bytes at `path` (overwriting a file there). The file becomes visible only once all
   * bytes are stored; a failure or an abort at any point leaves the previous state.
   */
  async upload(
    vault: VaultSpace,
    rawPath: string,
    source: AsyncIterable<Uint8Array>,
    options: UploadOptions = {},
  ): Promise<{ name: string; cid: string; size: number }> {
    assertWritable(vault);
    const path = normalisePath(rawPath);
    const records = this.records(vault);
    await this.assertFileSlot(records, path);
    const previous = await records.get(path);
    // Usage is read fresh (the request's vault record may be a second old): the room left
    // decides where the stream is cut. The final charge below is the one that is atomic.
    const current = (await this.deps.vaults.find(vault.userDid)) ?? vault;
    const used = current.dbUsed + current.filesUsed;
    const room =
      this.deps.enforceQuota === false
        ? Number.POSITIVE_INFINITY
        : current.quota - used + (previous?.size ?? 0);
    if (options.declaredLength !== undefined && options.declaredLength > room) {
      throw quotaExceeded(current, options.declaredLength - (previous?.size ?? 0));
    }
    // The node's disk too: a length it cannot take is refused before the first byte.
    if (options.declaredLength !== undefined) this.deps.storage?.check(options.declaredLength);
    const limited = metered(
      source,
      room,
      (sofar) =>
        new CellaError(
          'INSUFFICIENT_STORAGE',
          `the vault storage quota is exceeded: ${used} of ${current.quota} bytes used, the upload passed the room left (${room} bytes) at byte ${sofar}`,
        ),
    );
    let added: { cid: string; size: number };
    try {
      added = await this.deps.blocks.add(limited, {
        pin: true,
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } catch (error) {
      // The blocks written before the disk filled are unpinned: a collection removes them.
      if (isStorageFull(error)) this.collector.request();
      throw fromBlockStoreError(error);
    }
    const { cid, size } = added;
    try {
      await this.refs.acquire(cid);
    } catch (error) {
      throw fromBlockStoreError(error);
    }
    let replaced: FileRecord | null;
    const rev = newRev();
    try {
      // The client went away after its last byte (it saw its upload fail): store nothing, and give
      // the reference back (which unpins content nothing else uses).
      options.signal?.throwIfAborted();
      const now = this.nowSeconds();
      replaced = await this.writeRecord(
        vault,
        records,
        {
          path,
          cid,
          size,
          created: now,
          modified: now,
          rev,
          isPublic: options.public === true,
          encryptMethod: options.encryptMethod ?? null,
        },
        this.quotaCharge(vault),
        'overwrite',
      );
    } catch (error) {
      await this.refs.release(cid);
      throw error;
    }
    if (replaced) await this.refs.release(replaced.cid);
    else await this.withdrawOnClash(vault, records, path, rev);
    if (options.public) await this.publicFiles.add(vault, path, cid);
    else if (replaced?.isPublic) await this.publicFiles.remove(vault, path);
    return { name: path, cid, size };
  }

  /**
   * The file/folder check before an upload is not transactional: two uploads creating `a` and
   * `a/b` at the same moment (in one process or two) can both pass it. So a newly created file
   * looks again once committed, and whoever then sees the clash withdraws its own file (the last
   * of the two to look always sees the other): at most one of the two stays.
   */
  private async withdrawOnClash(vault: VaultSpace, records: FileRecords, path: string, rev: string) {
    const blocking = await records.fileAmongAncestors(path);
    if (blocking === null && !(await records.isFolder(path))) return;
    const mine = await records.collection.findOneAndDelete({ _id: path, rev });
    if (mine) {
      await this.deps.vaults.adjust(vault.userDid, 'files', -Number(mine.size ?? 0));
      await this.refs.release(String(mine.cid));
    }
    throw new CellaError(
      'ALREADY_EXISTS',
      blocking !== null
        ? `"${blocking}" is a file, so "${path}" can't be created below it`
        : `"${path}" is a folder; a file can't have the same name`,
    );
  }

  /**
   * Writes one metadata document and charges its size change inside the same transaction.
   * `overwrite`: replaces a file at the path (optimistic, retried on a concurrent write) and
   * returns what it replaced; `create`: the path must be free (else ALREADY_EXISTS).
   */
  private async writeRecord(
    vault: VaultSpace,
    records: FileRecords,
    record: Omit<FileRecord, 'rev'> & { rev?: string },
    charge: Charge,
    mode: 'overwrite' | 'create',
    log?: LogContext,
  ): Promise<FileRecord | null> {
    for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt++) {
      const previous = mode === 'overwrite' ? await records.get(record.path) : null;
      const delta = record.size - (previous?.size ?? 0);
      const hook = this.deps.vaults.chargeHook(vault.userDid, 'files', charge);
      const beforeCommit = () => hook.beforeCommit(delta);
      const refund = hook.refund;
      try {
        if (previous) {
          const unset: Record<string, ''> = {};
          if (!record.isPublic) unset.public = '';
          if (record.encryptMethod === null) unset.encrypt_method = '';
          const result = await records.collection.updateOne(
            { _id: record.path, rev: previous.rev },
            {
              $set: {
                cid: record.cid,
                size: record.size,
                modified: record.modified,
                rev: record.rev ?? newRev(),
                ...flagFields(record),
              },
              ...(Object.keys(unset).length > 0 ? { $unset: unset } : {}),
            },
            { beforeCommit, ...(log ? { log } : {}) },
          );
          if (result.matchedCount === 1) return previous;
          await refund(); // another writer got there first: read again
        } else {
          await records.collection.insertMany([toDocument(record)], {
            beforeCommit,
            ...(log ? { log } : {}),
          });
          return null;
        }
      } catch (error) {
        await refund();
        if (error instanceof StoreError && error.code === 'DUPLICATE_KEY') {
          if (mode === 'create') throw new CellaError('ALREADY_EXISTS', `"${record.path}" already exists`);
          continue; // created concurrently: overwrite it
        }
        throw fromStoreError(error);
      }
    }
    throw new CellaError('UNAVAILABLE', `too many concurrent writes to "${record.path}"; try again`);
  }

  // ── Reads ──────────────────────────────────────────────────────────────────

  /** The file at `path` (not a folder), or FILE_NOT_FOUND. */
  async file(vault: VaultSpace, rawPath: string): Promise<FileRecord> {
    const path = normalisePath(rawPath);
    const record = await this.records(vault).get(path);
    if (record) return record;
    const folder = await this.records(vault).isFolder(path);
    throw fileNotFound(path, folder ? ' (it is a folder; list it with ?list=true)' : '');
  }

  /** The file's bytes (optionally a range), streamed in constant memory. */
  async *read(
    record: FileRecord,
    range: { offset?: number; length?: number; signal?: AbortSignal; buffers?: ReadBuffers } = {},
  ): AsyncGenerator<Uint8Array> {
    try {
      yield* this.deps.blocks.cat(record.cid, range);
    } catch (error) {
      throw fromBlockStoreError(error);
    }
  }

  /**
   * The SHA-256 (hex) of a file's content: computed by streaming it the first time a CID is asked
   * for, then remembered with the CID's reference count (content-addressed: never stale; gone when
   * the sweep removes the count the CID's last reference released).
   */
  async sha256(record: FileRecord): Promise<string> {
    const known = await this.refs.sha256(record.cid);
    if (known) return known;
    const digest = createHash('sha256');
    for await (const chunk of this.read(record)) digest.update(chunk);
    const sha256 = digest.digest('hex');
    await this.refs.rememberSha256(record.cid, sha256);
    return sha256;
  }

  async hash(vault: VaultSpace, rawPath: string): Promise<{ name: string; cid: string }> {
    const record = await this.file(vault, rawPath);
    return { name: record.path, cid: record.cid };
  }

  /**
   * Properties of a file (with the client's encryption flags, as the reference's `comp=metadata`
   * and listing answer them) or a folder (the root is the empty path).
   */
  async stat(vault: VaultSpace, rawPath: string): Promise<FileEntry | FlaggedFileEntry> {
    const path = normalisePath(rawPath, { allowRoot: true });
    if (path === '') return folderEntry('');
    const records = this.records(vault);
    const record = await records.get(path);
    if (record) return flaggedEntryOf(record);
    if (await records.isFolder(path)) return folderEntry(path);
    throw fileNotFound(path);
  }

  /**
   * A folder's entries: its direct children (files and sub-folders), or with `recursive` every
   * file and folder below it. Full paths, in path order — a folder sorts as its name followed by
   * `/`, i.e. just before what it holds. The root is the empty path; an empty vault lists as `[]`,
   * a folder that does not exist is FILE_NOT_FOUND. Whole list in memory: HTTP answers use
   * `entries`, which reads as it goes.
   */
  async list(
    vault: VaultSpace,
    rawPath: string,
    options: { recursive?: boolean; skip?: number } = {},
  ): Promise<FileEntry[]> {
    const all: FileEntry[] = [];
    for await (const batch of this.entries(vault, rawPath, options)) all.push(...batch);
    return all;
  }

  /**
   * The entries `list` answers, in batches read from the store as they are pulled (records come
   * sorted by path, so a folder's entries are consecutive and each folder is named once without
   * remembering the others). `skip` leaves out that many entries first. A refusal (a file, a
   * missing folder) comes on the first pull.
   */
  async *entries(
    vault: VaultSpace,
    rawPath: string,
    options: { recursive?: boolean; skip?: number } = {},
  ): AsyncGenerator<FileEntry[]> {
    const folder = normalisePath(rawPath, { allowRoot: true });
    const records = this.records(vault);
    if (folder !== '' && (await records.get(folder))) {
      throw new CellaError('INVALID_PARAMETER', `"${folder}" is a file, not a folder`);
    }
    const prefix = folder === '' ? '' : `${folder}/`;
    let toSkip = options.skip ?? 0;
    let found = false;
    /** The folders named for the previous record (recursive: the chain down to it). */
    let named: string[] = [];
    for await (const batch of records.sortedBelow(folder)) {
      const out: FileEntry[] = [];
      const emit = (entry: FileEntry) => {
        if (toSkip > 0) toSkip--;
        else out.push(entry);
      };
      for (const record of batch) {
        found = true;
        const segments = record.path.slice(prefix.length).split('/');
        const depth = options.recursive ? segments.length - 1 : Math.min(1, segments.length - 1);
        const chain: string[] = [];
        for (let i = 1; i <= depth; i++) chain.push(prefix + segments.slice(0, i).join('/'));
        for (let i = 0; i < chain.length; i++) if (named[i] !== chain[i]) emit(folderEntry(chain[i]!));
        named = chain;
        if (segments.length === 1 || options.recursive) emit(entryOf(record));
      }
      if (out.length > 0) yield out;
    }
    if (folder !== '' && !found) throw fileNotFound(folder);
  }

  /**
   * Every file below a folder, sub-folders included, without folder entries, with the client's
   * encryption flags (the reference's listing). The root lists every file of the space (`[]` when
   * there is none); any other path with no file below it is FILE_NOT_FOUND, as on the reference.
   */
  async listFiles(vault: VaultSpace, rawPath: string): Promise<FlaggedFileEntry[]> {
    const folder = normalisePath(rawPath, { allowRoot: true });
    const below = await this.records(vault).below(folder);
    if (folder !== '' && below.length === 0) throw fileNotFound(folder);
    return below
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
      .map((record) => flaggedEntryOf(record));
  }

  /** The file at `path` if it was uploaded as public (null otherwise, or when there is none). */
  async publicFile(vault: VaultSpace, rawPath: string): Promise<FileRecord | null> {
    const record = await this.records(vault).get(normalisePath(rawPath));
    return record?.isPublic ? record : null;
  }

  /**
   * A public file whose content is `cid`, in any vault of this node (null when none is): the
   * index names candidates, the metadata decides; entries the metadata no longer backs are
   * dropped on the way.
   */
  async publicContent(
    cid: string,
    vaultOf: (userDid: string) => Promise<Pick<VaultSpace, 'database'> | null>,
  ): Promise<FileRecord | null> {
    for (const entry of await this.publicFiles.holders(cid)) {
      const vault = await vaultOf(entry.userDid);
      const files = vault
        ? new FileRecords(
            spaceDatabase(this.deps.documents, { database: vault.database, prefix: entry.prefix }).collection(
              FILES_COLLECTION,
            ),
          )
        : null;
      const record = files ? await files.get(entry.path) : null;
      if (record?.isPublic && record.cid === cid) return record;
      await this.publicFiles.drop(entry.key);
    }
    return null;
  }

  // ── Delete, move, copy ─────────────────────────────────────────────────────

  /** Deletes a file, or a folder with everything below it. */
  async delete(vault: VaultSpace, rawPath: string): Promise<void> {
    assertWritable(vault);
    const path = normalisePath(rawPath);
    const records = this.records(vault);
    if (await this.deleteOne(vault, records, path)) return;
    const below = await records.below(path);
    if (below.length === 0) throw fileNotFound(path);
    for (const record of below) await this.deleteOne(vault, records, record.path);
  }

  private async deleteOne(
    vault: VaultSpace,
    records: FileRecords,
    path: string,
    log?: LogContext,
  ): Promise<boolean> {
    let doc;
    try {
      doc = await records.collection.findOneAndDelete({ _id: path }, log ? { log } : {});
    } catch (error) {
      throw fromStoreError(error);
    }
    if (!doc) return false;
    // The metadata is gone (committed): now the bytes and the reference.
    await this.deps.vaults.adjust(vault.userDid, 'files', -Number(doc.size ?? 0));
    await this.refs.release(String(doc.cid));
    if (doc.public === true) await this.publicFiles.remove(vault, path);
    return true;
  }

  /** Moves (renames) a file or a folder. The destination must not exist. */
  async move(vault: VaultSpace, rawFrom: string, rawTo: string): Promise<{ name: string }> {
    return this.transfer(vault, rawFrom, rawTo, 'move');
  }

  /** Copies a file or a folder; the content is shared, its size counts against the quota again. */
  async copy(vault: VaultSpace, rawFrom: string, rawTo: string): Promise<{ name: string }> {
    return this.transfer(vault, rawFrom, rawTo, 'copy');
  }

  private async transfer(
    vault: VaultSpace,
    rawFrom: string,
    rawTo: string,
    kind: 'move' | 'copy',
  ): Promise<{ name: string }> {
    assertWritable(vault);
    const from = normalisePath(rawFrom);
    const to = normalisePath(rawTo);
    if (from === to)
      throw new CellaError(
        'INVALID_PARAMETER',
        `the destination of a ${kind} must differ from its source ("${from}")`,
      );
    if (isWithin(to, from))
      throw new CellaError('INVALID_PARAMETER', `can't ${kind} "${from}" into itself ("${to}")`);
    const records = this.records(vault);
    const single = await records.get(from);
    const sources = single ? [single] : await records.below(from);
    if (sources.length === 0) throw fileNotFound(from);
    if ((await records.get(to)) || (await records.isFolder(to))) {
      throw new CellaError('ALREADY_EXISTS', `the destination "${to}" already exists`);
    }
    const blocking = await records.fileAmongAncestors(to);
    if (blocking !== null)
      throw new CellaError('ALREADY_EXISTS', `"${blocking}" is a file, so "${to}" can't be created below it`);

    if (kind === 'copy' && this.deps.enforceQuota !== false) {
      const total = sources.reduce((sum, r) => sum + r.size, 0);
      const current = (await this.deps.vaults.find(vault.userDid)) ?? vault;
      if (current.dbUsed + current.filesUsed + total > current.quota) throw quotaExceeded(current, total);
    }
    const created: FileRecord[] = [];
    const now = this.nowSeconds();
    try {
      for (const source of sources) {
        const target = {
          path: rebase(source.path, from, to),
          cid: source.cid,
          size: source.size,
          created: kind === 'move' ? source.created : now,
          modified: kind === 'move' ? source.modified : now,
          // A copy or a moved file is private (as the reference); the encryption stays with the bytes.
          isPublic: false,
          encryptMethod: source.encryptMethod,
        };
        await this.refs.acquire(source.cid);
        try {
          // A move never fails on quota: its net change is zero.
          await this.writeRecord(
            vault,
            records,
            target,
            kind === 'copy' ? this.quotaCharge(vault) : this.adjustCharge(vault),
            'create',
            // A move is one event (file.moved), said by the write of its new path.
            kind === 'move' ? { moved_from: source.path } : undefined,
          );
        } catch (error) {
          await this.refs.release(source.cid);
          throw error;
        }
        created.push({ ...target, rev: '' });
        if (kind === 'move') await this.deleteOne(vault, records, source.path, { moved: true });
      }
    } catch (error) {
      // A copy is all or nothing: undo the part made. (A move keeps what moved: every file is
      // at one of its two names, none lost.)
      if (kind === 'copy')
        for (const record of created) await this.deleteOne(vault, records, record.path).catch(() => false);
      throw error;
    }
    return { name: to };
  }
}
