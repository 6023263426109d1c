/**
 * An export in two passes, so the CAR's header can name its root and the answer its size before
 * the first byte (docs/portability.md):
 *
 *  1. `buildExport` reads the vault's database once (every space): each collection's documents
 *     cut into pages (content-defined, as backups cut their chunks, smaller), spooled to a
 *     temporary file where each collection's pages lie one after another; the file metadata
 *     becomes the files lists; the lists' nodes and the vault block go to a second spool file. Then it measures the CAR (reading only the interior nodes of the
 *     file DAGs), signs the export block with the node's key, and knows the exact size.
 *  2. `stream()` writes the CAR: header, manifest and pages from the spool, file blocks from the
 *     BlockStore, as the client reads (back-pressure: a few blocks read ahead, FILE_READ_AHEAD).
 *
 * Memory stays flat in the vault's size: one page being filled, one list node per level, an index
 * of the manifest's nodes in the spool (one entry per ~16 KiB of manifest) and the set of distinct
 * file contents (one entry per content). An incremental export (`base`) holds its base's pages and
 * contents as sets.
 */
import { hash } from 'node:crypto';
import type { BlockStore, ReadBuffers } from '@cella/block-store';
import type { Database, DocumentStore } from '@cella/document-store';
import type { NodeIdentity } from '../auth/node-identity.js';
import { Chunker, decodeChunk, type Chunk, type ChunkSizes } from '../backup/chunks.js';
import { Spool, type SpooledChunk } from '../backup/spool.js';
import { apiIndexes } from '../vault/api-indexes.js';
import { INTERNAL_COLLECTIONS, spacePrefix, splitSpace } from '../vault/names.js';
import type { VaultRecord } from '../vault/vaults.js';
import type * as Format from '@cella/vault-format';

export type VaultFormat = typeof Format;

/** Pages of an export: small, so a change of 1% of the documents changes few bytes of the pages. */
export const EXPORT_PAGES: ChunkSizes = { targetBytes: 4 * 1024, minBytes: 1024, softMaxBytes: 256 * 1024 };

/**
 * File blocks read ahead of the one being sent: the store's reads (a file each, on libuv's thread
 * pool) overlap each other and the socket's writes. At most this many MiB held per export.
 */
const FILE_READ_AHEAD = 8;

/** Bytes of the page spool read at once while the pages are written (see `source`). */
const PAGE_READ_BYTES = 256 * 1024;

export const sha256: Format.Sha256 = (bytes) => hash('sha256', bytes, 'buffer');

export interface ExportDeps {
  documents: DocumentStore;
  blocks: BlockStore;
  identity: NodeIdentity;
  /** The applications that used a vault (their DIDs name its spaces in the export). */
  appsOf(userDid: string): Promise<(string | null)[]>;
  clock: () => number;
}

/** What an incremental export leaves out: its base's pages and contents. */
export interface ExportBase {
  id: string;
  pages: Set<string>;
  contents: Set<string>;
}

export interface BuiltExport {
  /** The export id: the root CID. */
  id: string;
  /** The vault block's CID: equal for two exports of the same content. */
  content: string;
  seq: number;
  base: string | null;
  blocks: number;
  /** Bytes of the whole CAR. */
  size: number;
  totals: Format.ExportTotals;
  /**
   * The CAR's bytes (once). `buffers`: where file blocks are read into (the caller reuses them once
   * their bytes were sent); without it each block is read into a buffer of its own.
   */
  stream(buffers?: ReadBuffers): AsyncGenerator<Uint8Array>;
  /** Every page and content of the export's state (what a later `since` leaves out), in batches. */
  parts(): AsyncGenerator<{ pages: string[]; contents: string[] }>;
  close(): Promise<void>;
}

interface OpenCollection {
  stored: string;
  prefix: string;
  name: string;
  documents: number;
  bytes: number;
  chunker: Chunker;
  ready: Chunk[];
  pages: Format.ListBuilder<Format.ExportPage>;
  firstPage: number | undefined;
}

interface OpenFiles {
  prefix: string;
  list: Format.ListBuilder<Format.ExportFile>;
}

interface Space {
  collections: Format.ExportCollection[];
  files: Format.CID | undefined;
}

const FILES = INTERNAL_COLLECTIONS.files;
/** Pending script transactions name URLs of this node: they do not travel. */
const NOT_EXPORTED = new Set<string>([INTERNAL_COLLECTIONS.transactions]);

export async function buildExport(
  deps: ExportDeps,
  record: VaultRecord,
  base: ExportBase | null,
  spoolDir: string,
): Promise<BuiltExport> {
  const format = await import('@cella/vault-format');
  const { CID } = format;
  const db = deps.documents.database(record.database);
  const seq = (await db.changeLog().bounds()).head;
  // Two spools: the pages of a collection lie one after another in theirs, so the stream finds
  // each page from the first one's offset alone; the manifest's nodes, cut while the pages are
  // still being spooled, go to their own (in one spool they would land between two pages).
  const spool = await Spool.create(spoolDir, { indexed: false });
  const nodeSpool = await Spool.create(spoolDir, { indexed: false }).catch(async (error: unknown) => {
    await spool.close();
    throw error;
  });
  const closeSpools = () => Promise.all([spool.close(), nodeSpool.close()]).then(() => undefined);
  try {
    const nodes = new Map<string, SpooledChunk>();
    const keep = async (block: Format.EncodedBlock): Promise<void> => {
      const key = block.cid.toString();
      if (!nodes.has(key)) nodes.set(key, await nodeSpool.append(key, block.bytes));
    };
    const totals = format.emptyTotals();
    const spaces = new Map<string, Space>();
    const spaceOf = (prefix: string): Space => {
      let space = spaces.get(prefix);
      if (!space) spaces.set(prefix, (space = { collections: [], files: undefined }));
      return space;
    };
    /** Where each collection's pages start in the spool (they lie there one after another). */
    const pageStarts = new Map<string, number>();
    const contents = new Set<string>();

    let collection: OpenCollection | undefined;
    let files: OpenFiles | undefined;
    // The pages of a collection are its documents' BSON cut in runs: the spool holds each batch's
    // bytes as they came (one write per batch), and each page is the next `bytes` of it.
    const drain = async (open: OpenCollection): Promise<void> => {
      for (const chunk of open.ready.splice(0)) {
        await open.pages.add({
          cid: CID.parse(chunk.cid),
          documents: chunk.documents,
          bytes: chunk.bytes.length,
        });
        totals.pages++;
      }
    };
    const closeCollection = async (): Promise<void> => {
      if (collection) {
        const open = collection;
        open.chunker.flush();
        await drain(open);
        if (open.firstPage !== undefined) pageStarts.set(open.stored, open.firstPage);
        spaceOf(open.prefix).collections.push({
          name: open.name,
          documents: open.documents,
          bytes: open.bytes,
          indexes: await exportIndexes(db, open.stored),
          pages: await open.pages.finish(),
        });
        totals.collections++;
        totals.documents += open.documents;
        totals.document_bytes += open.bytes;
        collection = undefined;
      }
      if (files) {
        spaceOf(files.prefix).files = await files.list.finish();
        files = undefined;
      }
    };

    let current: string | undefined;
    // Read and BSON-encoded on the database's read workers: this thread cuts and hashes bytes.
    for await (const part of db.exportCollectionsBson()) {
      if (part.collection !== current) {
        await closeCollection();
        current = part.collection;
        const { prefix, name } = splitSpace(current);
        if (name === FILES) files = { prefix, list: new format.ListBuilder(keep, sha256) };
        else if (!NOT_EXPORTED.has(name)) {
          const ready: Chunk[] = [];
          collection = {
            stored: current,
            prefix,
            name,
            documents: 0,
            bytes: 0,
            ready,
            chunker: new Chunker((chunk) => ready.push(chunk), EXPORT_PAGES),
            pages: new format.ListBuilder(keep, sha256),
            firstPage: undefined,
          };
        } else spaceOf(prefix);
      }
      if (collection && part.documents > 0) {
        const at = await spool.append('', part.bson);
        collection.firstPage ??= at.offset;
        collection.documents += part.documents;
        collection.bytes += part.bson.length;
        collection.chunker.addBatch(part.bson, part.hashes);
      } else if (files) {
        for (const doc of part.documents > 0 ? decodeChunk(part.bson) : []) {
          const file = fileEntry(doc, CID);
          await files.list.add(file);
          totals.files++;
          totals.file_bytes += file.size;
          const key = file.cid.toString();
          if (!contents.has(key)) {
            contents.add(key);
            totals.contents++;
            totals.content_bytes += file.size;
          }
        }
      }
      if (collection) await drain(collection);
    }
    await closeCollection();
    contents.clear();

    // The vault block: spaces by prefix, each one's collections by name.
    const spaceEntries: Format.ExportSpace[] = [];
    for (const prefix of [...spaces.keys()].sort()) {
      const space = spaces.get(prefix)!;
      const list = new format.ListBuilder<Format.ExportCollection>(keep, sha256);
      for (const entry of space.collections.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)))
        await list.add(entry);
      const collections = await list.finish();
      const filesList = space.files ?? (await new format.ListBuilder(keep, sha256).finish());
      spaceEntries.push({ prefix, collections, files: filesList });
    }
    const vault = await format.encodeNode({ spaces: spaceEntries, totals }, sha256);
    await keep(vault);

    // The sources of the layout: the spool, the BlockStore.
    const readNode = async (cid: Format.CID): Promise<Uint8Array> => {
      const at = nodes.get(cid.toString());
      if (!at) throw new Error(`manifest block ${cid.toString()} is not in the spool`);
      return nodeSpool.read(at);
    };
    const source = (buffers?: ReadBuffers): Format.LayoutSource => {
      const cursors = new Map<string, number>();
      // Pages are read from the spool a window at a time: a collection's pages lie one after
      // another, so one read serves dozens of them.
      let window: { offset: number; bytes: Uint8Array } | undefined;
      const readPage = async (offset: number, length: number): Promise<Uint8Array> => {
        if (!window || offset < window.offset || offset + length > window.offset + window.bytes.length) {
          const wanted = Math.min(Math.max(length, PAGE_READ_BYTES), spool.bytes - offset);
          window = { offset, bytes: await spool.read({ cid: '', offset, length: wanted }) };
        }
        return window.bytes.subarray(offset - window.offset, offset - window.offset + length);
      };
      return {
        node: readNode,
        page: async (prefix, entry, page, included) => {
          const stored = `${prefix}${entry.name}`;
          const offset = cursors.get(stored) ?? pageStarts.get(stored)!;
          cursors.set(stored, offset + page.bytes);
          return included ? readPage(offset, page.bytes) : null;
        },
        fileBlock: (cid, length) => deps.blocks.readBlock(cid.toString(), length, buffers),
        // A file of one block: its length from the store (a stat), not from reading it.
        leafLength: (cid) => deps.blocks.size(cid.toString()),
        fileReadAhead: FILE_READ_AHEAD,
        ...(base
          ? {
              includePage: (page: Format.ExportPage) => !base.pages.has(page.cid.toString()),
              includeContent: (cid: Format.CID) => !base.contents.has(cid.toString()),
            }
          : {}),
      };
    };
    const measured = await format.measureLayout(vault.cid, source());
    const apps: Record<string, string> = {};
    for (const app of await deps.appsOf(record.userDid))
      if (app !== null && spaces.has(spacePrefix(app))) apps[spacePrefix(app)] = app;
    const { block: root } = await format.signRoot(
      {
        format: format.EXPORT_FORMAT,
        version: format.EXPORT_VERSION,
        user: record.userDid,
        created: Math.floor(deps.clock() / 1000),
        seq,
        plan: record.plan,
        apps,
        base: base ? CID.parse(base.id) : null,
        vault: vault.cid,
        blocks: measured.blocks + 1,
      },
      deps.identity.signer,
      sha256,
    );
    const size = format.totalSize(root, measured);
    let streamed = false;
    return {
      id: root.cid.toString(),
      content: vault.cid.toString(),
      seq,
      base: base?.id ?? null,
      blocks: measured.blocks + 1,
      size,
      totals,
      stream: (buffers) => {
        if (streamed) throw new Error('an export is streamed once');
        streamed = true;
        return format.writeLayout(root, vault.cid, source(buffers), size);
      },
      parts: () => stateParts(format, vault.cid, readNode),
      close: closeSpools,
    };
  } catch (error) {
    await closeSpools();
    throw error;
  }
}

const PART_CIDS = 8000;

/** The export's pages and contents (every one, left out or not), a few thousand at a time. */
async function* stateParts(
  format: VaultFormat,
  vault: Format.CID,
  readNode: (cid: Format.CID) => Promise<Uint8Array>,
): AsyncGenerator<{ pages: string[]; contents: string[] }> {
  const get = async (cid: Format.CID) => format.decodeNode(cid, await readNode(cid));
  const { spaces } = await format.walkManifest(vault, get);
  let pages: string[] = [];
  let contents: string[] = [];
  for (const space of spaces) {
    for await (const collection of format.listEntries(space.collections, 'collection', get))
      for await (const page of format.listEntries(collection.pages, 'page', get)) {
        pages.push(page.cid.toString());
        if (pages.length >= PART_CIDS) {
          yield { pages, contents: [] };
          pages = [];
        }
      }
    for await (const file of format.listEntries(space.files, 'file', get)) {
      contents.push(file.cid.toString());
      if (contents.length >= PART_CIDS) {
        yield { pages: [], contents };
        contents = [];
      }
    }
  }
  if (pages.length > 0 || contents.length > 0) yield { pages, contents };
}

async function exportIndexes(db: Database, stored: string): Promise<Format.ExportIndex[]> {
  return (await apiIndexes(db.collection(stored))).map((index) => ({
    name: index.name,
    keys: index.keys,
    unique: index.unique,
  }));
}

/** A file's metadata document as a files-list entry. */
function fileEntry(doc: Record<string, unknown>, CID: typeof Format.CID): Format.ExportFile {
  return {
    path: String(doc._id),
    cid: CID.parse(String(doc.cid)),
    size: Number(doc.size ?? 0),
    created: Number(doc.created ?? 0),
    modified: Number(doc.modified ?? 0),
    rev: typeof doc.rev === 'string' ? doc.rev : '',
    public: doc.public === true,
    encrypt_method: typeof doc.encrypt_method === 'string' ? doc.encrypt_method : null,
  };
}
