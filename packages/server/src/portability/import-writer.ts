/**
 * An import's one pass over the request body (import-service.ts): the vault export read as it
 * arrives (the reader checks the signature, the manifest, every page's hash, the layout, every count
 * and size) and written as it is checked into a fresh database that no request sees yet, and its
 * file contents into the BlockStore.
 *
 * - The manifest: the caller's `onManifest` decides on it (whose vault, quota, an incremental
 *   export's base) before a page is read, so a refused file stores nothing.
 * - Documents: each page's BSON documents inserted as they are (`_id`s kept) into their space's
 *   collection, then the indexes created through the API built once the documents are in.
 * - Files: the contents' blocks go to the BlockStore as CAR streams, a group of contents per
 *   stream; `importCar` checks every block's hash (the helia engine in its block workers, off the
 *   node's thread: the reader leaves file blocks to it) and stores it unpinned, so a block of a file
 *   that fails later is only an unreferenced block the files sweep's gc reclaims. Once a group is
 *   stored, each file entry takes its reference (the files service's counts: the content is
 *   pinned) and its metadata document is written with the times, revision and flags it had —
 *   while the next group's blocks are read.
 *
 * The references taken are returned even when this fails (`written.acquired`): the caller gives
 * them back when the import does not complete. An export is input from the caller: it is signed,
 * but by a key anyone can make, so every name and path is checked as a request's would be.
 */
import { chunkReader, isBlockStoreError, type BlockStore } from '@cella/block-store';
import type { Database, Document } from '@cella/document-store';
import type * as Format from '@cella/vault-format';
import { CellaError } from '../errors.js';
import { toDocument } from '../files/file-records.js';
import { normalisePath } from '../files/paths.js';
import { INTERNAL_COLLECTIONS, isInternalCollection } from '../vault/names.js';
import { sha256, type VaultFormat } from './export-builder.js';

/** A group of contents stored by one `importCar` call: bounded so a reference follows its blocks soon. */
const GROUP_BYTES = 64 * 1024 * 1024;
const GROUP_CONTENTS = 1000;
/** File metadata documents written at once. */
const METADATA_BATCH = 1000;
/**
 * Pages' BSON bytes inserted in one `insertMany` (one transaction): pages are small (~4 KiB, a
 * few dozen documents), and a transaction each made their commits most of the documents' cost.
 */
const INSERT_BATCH_BYTES = 256 * 1024;

/** Internal collections an export carries as pages (the file metadata travels as the files lists). */
const IMPORTED_INTERNAL = new Set<string>([INTERNAL_COLLECTIONS.scripts, INTERNAL_COLLECTIONS.collections]);

export interface WriteTarget {
  db: Database;
  blocks: BlockStore;
  /** Takes one reference to a content (the files service's count; pins it). */
  acquire(cid: string): Promise<void>;
  signal: AbortSignal;
  /**
   * The manifest is read and checked: throw to refuse the file (nothing is stored yet). Answers an
   * incremental export's base, as the vault holds it (import-base.ts), or null for a full export.
   */
  onManifest(manifest: Format.ManifestEvent): Promise<ImportBase | null>;
}

/** What an incremental export leaves to its base: the vault being updated holds it. */
export interface ImportBase {
  /** A page of the base by its CID, or null when the vault holds no such page. */
  page(cid: string): Promise<Uint8Array | null>;
  /** Whether the vault holds a content (a file of the base: its blocks are pinned). */
  holds(cid: string): boolean;
}

export interface Written {
  collections: number;
  documents: number;
  files: number;
  fileBytes: number;
  /** One entry per file: the references taken (released by the caller if the import fails). */
  acquired: string[];
  /** Public files (the node's index of them is filled once the import is committed). */
  published: { prefix: string; path: string; cid: string }[];
}

const invalid = (message: string) =>
  new CellaError('BAD_REQUEST', `the file is not a vault export this node can import: ${message}`);

const notTheBase = (what: string) =>
  new CellaError(
    'VAULT_CHANGED',
    `the vault does not hold this incremental export's base: ${what} is missing; import a full export`,
  );

/** A collection name of an export, as a request naming it would be checked. */
function checkCollection(name: string): void {
  if (IMPORTED_INTERNAL.has(name)) return;
  if (isInternalCollection(name) || name.includes('$') || name.includes('\u0000') || name.length > 255)
    throw invalid(`the export names a collection "${name}" that a vault cannot hold`);
}

function checkPath(path: string): void {
  let canonical: string;
  try {
    canonical = normalisePath(path);
  } catch (error) {
    throw invalid(`file path "${path}": ${(error as Error).message}`);
  }
  if (canonical !== path) throw invalid(`file path "${path}" is not in its canonical form "${canonical}"`);
}

/** A content's block that does not hash to its CID, as the reader would have refused it. */
function badBlock(format: VaultFormat, error: unknown): unknown {
  if (isBlockStoreError(error) && error.code === 'CORRUPT')
    return new format.ExportFormatError('BAD_BLOCK', error.message, { cause: error });
  return error;
}

export async function writeExport(
  format: VaultFormat,
  source: AsyncIterable<Uint8Array>,
  target: WriteTarget,
  written: Written,
): Promise<{ manifest: Format.ManifestEvent; summary: Format.ExportSummary }> {
  const { db, signal } = target;
  // The file blocks as views of the body's pieces, uncopied until the block workers take them.
  const reader = format.readVaultExport(source, {
    sha256,
    fileBlocksCheckedByConsumer: true,
    bytesReader: chunkReader,
  });
  const events = reader[Symbol.asyncIterator]();
  const next = async (): Promise<Format.ExportEvent | null> => {
    signal.throwIfAborted();
    const step = await events.next();
    return step.done ? null : step.value;
  };

  // ── The manifest: every collection created (an empty one too).
  const first = await next();
  if (first?.type !== 'manifest') throw invalid('it does not begin with its manifest');
  const base = await target.onManifest(first);
  for (const { space, collection } of first.collections) {
    checkCollection(collection.name);
    await db.createCollection(`${space}${collection.name}`);
    written.collections++;
  }

  // ── Pages: their documents as they are, in order.
  const documents = new DocumentWriter(db, (n) => (written.documents += n));
  let event = await next();
  while (event?.type === 'page') {
    let bytes = event.bytes;
    if (bytes === null) {
      const cid = event.page.cid.toString();
      if (!base) throw invalid('it is an incremental export');
      bytes = await base.page(cid);
      if (bytes === null) throw notTheBase(`page ${cid} of "${event.space}${event.collection.name}"`);
    }
    await documents.add(`${event.space}${event.collection.name}`, bytes);
    event = await next();
  }
  await documents.flush();

  // ── Files: contents in groups, each file's reference and metadata once its content is stored.
  const metadata = new MetadataWriter(db);
  let waiting: { space: string; file: Format.ExportFile }[] = [];
  const settle = async (files: { space: string; file: Format.ExportFile }[]): Promise<void> => {
    for (const { space, file } of files) {
      const cid = file.cid.toString();
      await target.acquire(cid);
      written.acquired.push(cid);
      written.files++;
      written.fileBytes += file.size;
      if (file.public) written.published.push({ prefix: space, path: file.path, cid });
      await metadata.add(space, {
        path: file.path,
        cid,
        size: file.size,
        created: file.created,
        modified: file.modified,
        rev: file.rev,
        isPublic: file.public,
        encryptMethod: file.encrypt_method,
      });
    }
  };
  /**
   * The files met so far take their references (their contents are stored) after those before
   * them, while the next group's blocks are read: one settling at a time, awaited before the next
   * starts and before this function returns or throws, so every reference taken is in
   * `written.acquired` when the caller gives them back.
   */
  let settling: Promise<void> = Promise.resolve();
  const settleInTurn = async (): Promise<void> => {
    await settling;
    const files = waiting;
    waiting = [];
    settling = settle(files);
    settling.catch(() => undefined); // awaited in its turn; not an unhandled rejection meanwhile
  };
  const onFile = (e: Extract<Format.ExportEvent, { type: 'file' }>): void => {
    if (e.content === 'absent') {
      if (!base) throw invalid('it is an incremental export');
      if (!base.holds(e.file.cid.toString()))
        throw notTheBase(`the content ${e.file.cid.toString()} of "${e.space}${e.file.path}"`);
    }
    checkPath(e.file.path);
    waiting.push({ space: e.space, file: e.file });
  };

  try {
    while (event !== null && event.type !== 'end') {
      if (event.type !== 'file') throw invalid(`a ${event.type} stands where a file entry belongs`);
      onFile(event);
      if (event.content === 'included') {
        // The content's blocks follow: this group's CAR runs until a content ends past the group's bounds.
        let ended: Format.ExportEvent | null = null;
        // The reader's own refusal (or the body's end) surfaces through importCar, perhaps wrapped.
        let readerError: unknown;
        const group = async function* (): AsyncGenerator<Uint8Array> {
          try {
            yield format.carHeader((event as { file: Format.ExportFile }).file.cid);
            let bytes = 0;
            let contents = 0;
            for (;;) {
              const e = await next();
              if (e === null || e.type === 'end') {
                ended = e;
                return;
              }
              if (e.type === 'block') {
                bytes += e.bytes.length;
                yield format.sectionHead(e.cid, e.bytes.length);
                yield e.bytes;
              } else if (e.type === 'block-parts') {
                bytes += e.length;
                yield format.sectionHead(e.cid, e.length);
                yield* e.parts;
              } else if (e.type === 'content-end') {
                contents++;
                if (bytes >= GROUP_BYTES || contents >= GROUP_CONTENTS) return;
              } else if (e.type === 'file') onFile(e);
              else throw invalid(`a ${e.type} stands where a file block belongs`);
            }
          } catch (error) {
            readerError = error;
            throw error;
          }
        };
        await target.blocks.importCar(group()).catch((error: unknown) => {
          throw readerError ?? badBlock(format, error);
        });
        await settleInTurn();
        event = ended ?? (await next());
      } else {
        await settleInTurn();
        event = await next();
      }
    }
    await settleInTurn();
    await settling;
  } catch (error) {
    await settling.catch(() => undefined);
    throw error;
  }
  if (event === null) throw invalid('it ends before its summary');
  const summary = event.summary;
  await metadata.flush();

  // ── Indexes, once the documents are in (one build each).
  for (const { space, collection } of first.collections) {
    for (const index of collection.indexes) {
      signal.throwIfAborted();
      await db
        .collection(`${space}${collection.name}`)
        .createIndex(Object.fromEntries(index.keys), { name: index.name, unique: index.unique });
    }
  }
  return { manifest: first, summary };
}

/**
 * Pages' documents, inserted a batch at a time into their collection, in the pages' order (an
 * incremental import cuts the vault's stored order into pages again: import-base.ts), as BSON
 * (`insertBsonPages`: the SQLite engine decodes and writes them on its writer thread). One batch is
 * written while the next is read: the batches of a database are written one after another anyway,
 * and a failure surfaces at the next `add` or at `flush`.
 */
class DocumentWriter {
  private collection = '';
  private pages: Uint8Array[] = [];
  private bytes = 0;
  private writing: Promise<void> | null = null;

  constructor(
    private readonly db: Database,
    private readonly inserted: (documents: number) => void,
  ) {}

  async add(collection: string, page: Uint8Array): Promise<void> {
    if (collection !== this.collection) await this.send();
    this.collection = collection;
    this.pages.push(page);
    this.bytes += page.length;
    if (this.bytes >= INSERT_BATCH_BYTES) await this.send();
  }

  /** Inserts what is held, and waits for every batch to be written. */
  async flush(): Promise<void> {
    await this.send();
    await this.settle();
  }

  /** Starts writing what is held once the batch before it is written. */
  private async send(): Promise<void> {
    await this.settle();
    const pages = this.pages;
    this.pages = [];
    this.bytes = 0;
    if (pages.length === 0) return;
    const writing = this.db
      .insertBsonPages(this.collection, pages)
      .then(({ inserted }) => this.inserted(inserted));
    writing.catch(() => undefined); // awaited in its turn (not an unhandled rejection if never)
    this.writing = writing;
  }

  private async settle(): Promise<void> {
    const writing = this.writing;
    this.writing = null;
    await writing;
  }
}

/** File metadata documents, written a batch at a time per space. */
class MetadataWriter {
  private readonly pending = new Map<string, Document[]>();

  constructor(private readonly db: Database) {}

  async add(space: string, record: Parameters<typeof toDocument>[0]): Promise<void> {
    let docs = this.pending.get(space);
    if (!docs) this.pending.set(space, (docs = []));
    docs.push(toDocument(record));
    if (docs.length >= METADATA_BATCH) await this.write(space, docs.splice(0));
  }

  async flush(): Promise<void> {
    for (const [space, docs] of this.pending) if (docs.length > 0) await this.write(space, docs.splice(0));
  }

  private async write(space: string, docs: Document[]): Promise<void> {
    await this.db.collection(`${space}${INTERNAL_COLLECTIONS.files}`).insertMany(docs);
  }
}
