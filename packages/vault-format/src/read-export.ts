/**
 * Reads a vault export as it streams in, checking everything the format promises, and hands its
 * contents on as events, in the file's order:
 *
 *   manifest (once: the root's signature checked, every manifest block read and checked)
 *   → page (every page of every collection, in order; `bytes` null where an incremental export
 *     leaves it to its base)
 *   → file (every file entry, in order) with, for a content not seen before, its DAG's blocks
 *     (`block` …, then `content-end`)
 *   → end (the summary).
 *
 * A failure is an ExportFormatError, thrown when the offending byte is read: a consumer that acts
 * on events (the node's import) acts on checked data only, and may refuse at `manifest` (quota,
 * whose vault) before a page is read. Memory: one block, the manifest's blocks (bounded,
 * `maxManifestBytes`) and the set of contents met (one entry per distinct file content).
 *
 * `verifyExport` (verify-export.ts) is this reader with nothing done per event.
 */
import type { CID } from 'multiformats/cid';
import { UnixFS } from 'ipfs-unixfs';
import * as dagPb from '@ipld/dag-pb';
import {
  CODECS,
  dagPbLinks,
  decodeNode,
  defaultSha256,
  IDENTITY,
  isLeaf,
  SHA2_256,
  verifyBlock,
  type Sha256,
} from './blocks.js';
import { countBsonDocuments } from './bson-frames.js';
import { CarSections, type BytesReader } from './car-sections.js';
import { ExportFormatError } from './errors.js';
import { listEntries, parseAs, walkManifest } from './manifest-walk.js';
import {
  emptyTotals,
  exportRootSchema,
  SCRIPTS_COLLECTION,
  type ExportCollection,
  type ExportFile,
  type ExportPage,
  type ExportRoot,
  type ExportTotals,
  type ExportVault,
} from './schema.js';
import { verifyRootSignature } from './signature.js';

export interface ReadExportOptions {
  sha256?: Sha256;
  /** The manifest's blocks are held while the file is read: at most this many bytes (default 64 MiB). */
  maxManifestBytes?: number;
  /**
   * The consumer checks file blocks' hashes itself (the node's BlockStore checks every block it
   * stores): they are not hashed twice. Manifest blocks and pages are always checked here.
   */
  fileBlocksCheckedByConsumer?: boolean;
  /**
   * The byte reader over the file (default: @ipld/car's, which copies a block that spans the
   * source's chunks into a buffer of its own). With `fileBlocksCheckedByConsumer` and a reader
   * that has `parts` (the node passes @cella/block-store's), a file's raw sha2-256 blocks come as
   * `block-parts` events: views of the source's chunks, copied by nobody here.
   */
  bytesReader?: (source: AsyncIterable<Uint8Array>) => BytesReader;
}

/** A collection as the manifest lists it, with the space it belongs to. */
export interface ManifestCollection {
  space: string;
  collection: ExportCollection;
}

export interface ManifestEvent {
  type: 'manifest';
  rootCid: CID;
  root: ExportRoot;
  vault: ExportVault;
  /** Every collection of every space, in order (their pages follow as `page` events). */
  collections: ManifestCollection[];
}

export type ExportEvent =
  | ManifestEvent
  | { type: 'page'; space: string; collection: ExportCollection; page: ExportPage; bytes: Uint8Array | null }
  | {
      type: 'file';
      space: string;
      file: ExportFile;
      /** `included`: its DAG follows; `repeated`: an earlier entry's content; `absent`: left to the base. */
      content: 'included' | 'repeated' | 'absent';
    }
  | { type: 'block'; content: CID; cid: CID; bytes: Uint8Array }
  /** A raw block of a file, unchecked, as consecutive views of the source's chunks (`bytesReader`). */
  | { type: 'block-parts'; content: CID; cid: CID; parts: Uint8Array[]; length: number }
  | { type: 'content-end'; content: CID }
  | { type: 'end'; summary: ExportSummary };

export interface ExportSummary {
  /** The export id: the root CID. */
  id: string;
  user: string;
  node: string;
  created: number;
  seq: number;
  plan: string;
  /** The export this one completes (incremental), or null. */
  base: string | null;
  /** The CID of the vault block: equal for two exports of the same content. */
  content: string;
  totals: ExportTotals;
  /** Stored scripts, every space's (the documents of its scripts collection). */
  scripts: number;
  /** Pages and file contents this file carries (an incremental one leaves the rest to its base). */
  included: { pages: number; contents: number };
  blocks: number;
  bytes: number;
}

const DEFAULT_MAX_MANIFEST_BYTES = 64 * 1024 * 1024;
const MAX_MANIFEST_BLOCK_BYTES = 1024 * 1024;
/** Links of a file DAG waiting to be read; a DAG needing more is refused. */
const MAX_PENDING_LINKS = 1_000_000;

function expected(what: string, wanted: CID, found: CID | null): ExportFormatError {
  if (found === null)
    return new ExportFormatError('TRUNCATED', `the file ends before ${what} ${wanted.toString()}`);
  return new ExportFormatError(
    'UNEXPECTED_BLOCK',
    `block ${found.toString()} stands where the layout puts ${what} ${wanted.toString()}`,
  );
}

function sum(a: ExportTotals, key: keyof ExportTotals, n: number): void {
  a[key] += n;
}

export async function* readVaultExport(
  source: AsyncIterable<Uint8Array>,
  options: ReadExportOptions = {},
): AsyncGenerator<ExportEvent> {
  const sha256 = options.sha256 ?? defaultSha256;
  const maxManifest = options.maxManifestBytes ?? DEFAULT_MAX_MANIFEST_BYTES;
  const car = await CarSections.open(source, options.bytesReader);
  const fileParts = options.fileBlocksCheckedByConsumer === true && car.readsParts;

  // ── The root: the export block, signed by the node.
  const first = await car.take();
  if (first === null) throw new ExportFormatError('TRUNCATED', 'the file holds no block');
  if (!first.cid.equals(car.root))
    throw new ExportFormatError('UNEXPECTED_BLOCK', 'the first block is not the root the CAR header names');
  await verifyBlock(first.cid, first.bytes, [CODECS.dagCbor], sha256);
  const root = parseAs(exportRootSchema, decodeNode(first.cid, first.bytes), 'the export block');
  await verifyRootSignature(root);
  const incremental = root.base !== null;

  // ── The manifest, block by block in its order: held (bounded) for the passes below.
  const held = new Map<string, Uint8Array>();
  let heldBytes = 0;
  const fromStream = async (cid: CID): Promise<unknown> => {
    if ((await car.peek())?.equals(cid) !== true) throw expected('the manifest block', cid, await car.peek());
    const block = (await car.take())!;
    if (block.bytes.length > MAX_MANIFEST_BLOCK_BYTES)
      throw new ExportFormatError('TOO_LARGE', `manifest block ${cid.toString()} is larger than 1 MiB`);
    await verifyBlock(cid, block.bytes, [CODECS.dagCbor], sha256);
    heldBytes += block.bytes.length;
    if (heldBytes > maxManifest)
      throw new ExportFormatError(
        'TOO_LARGE',
        `the manifest is larger than the ${maxManifest} bytes this reader holds`,
      );
    held.set(cid.toString(), block.bytes);
    return decodeNode(cid, block.bytes);
  };
  const fromHeld = async (cid: CID): Promise<unknown> => {
    const bytes = held.get(cid.toString());
    if (bytes === undefined)
      throw new ExportFormatError('BAD_MANIFEST', `manifest block ${cid.toString()} is missing`);
    return decodeNode(cid, bytes);
  };
  const vault = await walkManifest(root.vault, fromStream);

  // Totals and the collections, from the lists (before any page: a consumer decides on them).
  const totals = emptyTotals();
  let scripts = 0;
  const collections: ManifestCollection[] = [];
  const contentSizes = new Map<string, number>();
  for (const space of vault.spaces) {
    for await (const collection of listEntries(space.collections, 'collection', fromHeld)) {
      collections.push({ space: space.prefix, collection });
      if (collection.name === SCRIPTS_COLLECTION) scripts += collection.documents;
      sum(totals, 'collections', 1);
      sum(totals, 'documents', collection.documents);
      sum(totals, 'document_bytes', collection.bytes);
      for await (const _page of listEntries(collection.pages, 'page', fromHeld)) sum(totals, 'pages', 1);
    }
    for await (const file of listEntries(space.files, 'file', fromHeld)) {
      sum(totals, 'files', 1);
      sum(totals, 'file_bytes', file.size);
      const key = file.cid.toString();
      const known = contentSizes.get(key);
      if (known === undefined) {
        contentSizes.set(key, file.size);
        sum(totals, 'contents', 1);
        sum(totals, 'content_bytes', file.size);
      } else if (known !== file.size) {
        throw new ExportFormatError('BAD_MANIFEST', `content ${key} is listed with two sizes`);
      }
    }
  }
  for (const key of Object.keys(totals) as (keyof ExportTotals)[])
    if (totals[key] !== vault.totals[key])
      throw new ExportFormatError(
        'BAD_MANIFEST',
        `the vault block says ${vault.totals[key]} ${key.replace('_', ' ')}, its lists hold ${totals[key]}`,
      );
  contentSizes.clear();
  yield { type: 'manifest', rootCid: car.root, root, vault, collections };

  // ── Pages, in the order of the collections and their lists.
  const included = { pages: 0, contents: 0 };
  for (const { space, collection } of collections) {
    let documents = 0;
    let bytes = 0;
    for await (const page of listEntries(collection.pages, 'page', fromHeld)) {
      documents += page.documents;
      bytes += page.bytes;
      const next = await car.peek();
      if (next === null || !next.equals(page.cid)) {
        if (!incremental) throw expected('the page', page.cid, next);
        yield { type: 'page', space, collection, page, bytes: null };
        continue;
      }
      const block = (await car.take())!;
      await verifyBlock(block.cid, block.bytes, [CODECS.raw], sha256);
      const what = `page ${page.cid.toString()} of collection "${space}${collection.name}"`;
      if (block.bytes.length !== page.bytes)
        throw new ExportFormatError(
          'BAD_MANIFEST',
          `${what} holds ${block.bytes.length} bytes, its entry says ${page.bytes}`,
        );
      const count = countBsonDocuments(block.bytes, what);
      if (count !== page.documents)
        throw new ExportFormatError(
          'BAD_MANIFEST',
          `${what} holds ${count} documents, its entry says ${page.documents}`,
        );
      included.pages++;
      yield { type: 'page', space, collection, page, bytes: block.bytes };
    }
    if (documents !== collection.documents || bytes !== collection.bytes)
      throw new ExportFormatError(
        'BAD_MANIFEST',
        `collection "${space}${collection.name}" says ${collection.documents} documents in ${collection.bytes} bytes, its pages hold ${documents} in ${bytes}`,
      );
  }

  // ── Files: each entry in order; a content met first here brings its DAG, root first.
  const fileCodecs: number[] = [CODECS.raw, CODECS.dagPb];
  const seen = new Set<string>();
  for (const space of vault.spaces) {
    for await (const file of listEntries(space.files, 'file', fromHeld)) {
      const key = file.cid.toString();
      if (seen.has(key)) {
        yield { type: 'file', space: space.prefix, file, content: 'repeated' };
        continue;
      }
      seen.add(key);
      const next = await car.peek();
      if (next === null || !next.equals(file.cid)) {
        if (!incremental) throw expected(`the content of "${file.path}",`, file.cid, next);
        yield { type: 'file', space: space.prefix, file, content: 'absent' };
        continue;
      }
      included.contents++;
      yield { type: 'file', space: space.prefix, file, content: 'included' };
      const pending: CID[] = [file.cid];
      let isRoot = true;
      while (pending.length > 0) {
        const want = pending.pop()!;
        const got = await car.peek();
        if (got === null || !got.equals(want)) throw expected(`block of "${file.path}"`, want, got);
        if (fileParts && want.code === CODECS.raw && want.multihash.code === SHA2_256) {
          // A leaf (no links) whose check is its hash alone, the consumer's: handed on uncopied.
          const block = (await car.takeParts())!;
          if (isRoot) checkContentLength(file, block.length);
          isRoot = false;
          yield {
            type: 'block-parts',
            content: file.cid,
            cid: want,
            parts: block.parts,
            length: block.length,
          };
          continue;
        }
        const block = (await car.take())!;
        if (options.fileBlocksCheckedByConsumer !== true || want.multihash.code === IDENTITY)
          await verifyBlock(want, block.bytes, fileCodecs, sha256);
        else if (!fileCodecs.includes(want.code))
          throw new ExportFormatError(
            'BAD_BLOCK',
            `block ${want.toString()}: not a file block (raw or dag-pb)`,
          );
        if (isRoot) checkContentSize(file, block.bytes);
        isRoot = false;
        if (!isLeaf(want)) {
          const links = dagPbLinks(want, block.bytes);
          if (pending.length + links.length > MAX_PENDING_LINKS)
            throw new ExportFormatError('TOO_LARGE', `the DAG of "${file.path}" is too wide to read`);
          for (let i = links.length - 1; i >= 0; i--) pending.push(links[i]!);
        }
        yield { type: 'block', content: file.cid, cid: want, bytes: block.bytes };
      }
      yield { type: 'content-end', content: file.cid };
    }
  }

  if ((await car.peek()) !== null)
    throw new ExportFormatError(
      'UNEXPECTED_BLOCK',
      `block ${(await car.peek())!.toString()} follows the last block the manifest names`,
    );
  if (car.count !== root.blocks)
    throw new ExportFormatError(
      'BAD_MANIFEST',
      `the export says ${root.blocks} blocks, the file holds ${car.count}`,
    );
  yield {
    type: 'end',
    summary: {
      id: car.root.toString(),
      user: root.user,
      node: root.node,
      created: root.created,
      seq: root.seq,
      plan: root.plan,
      base: root.base?.toString() ?? null,
      content: root.vault.toString(),
      totals: vault.totals,
      scripts,
      included,
      blocks: car.count,
      bytes: car.position,
    },
  };
}

/** A content's root names its size: a raw block is its bytes, a UnixFS file node says it. */
function checkContentSize(file: ExportFile, bytes: Uint8Array): void {
  let size: bigint | number;
  if (file.cid.code === CODECS.raw) size = bytes.length;
  else if (file.cid.multihash.code === IDENTITY && file.cid.code !== CODECS.dagPb) size = bytes.length;
  else {
    try {
      const node = dagPb.decode(bytes);
      const unixfs = UnixFS.unmarshal(node.Data ?? new Uint8Array());
      if (unixfs.type !== 'file' && unixfs.type !== 'raw') throw new Error(`a UnixFS ${unixfs.type}`);
      size = unixfs.fileSize();
    } catch (error) {
      throw new ExportFormatError('BAD_BLOCK', `the content of "${file.path}" is not a UnixFS file`, {
        cause: error,
      });
    }
  }
  checkContentLength(file, size);
}

function checkContentLength(file: ExportFile, size: bigint | number): void {
  if (BigInt(size) !== BigInt(file.size))
    throw new ExportFormatError(
      'BAD_MANIFEST',
      `"${file.path}" is listed as ${file.size} bytes, its content holds ${size}`,
    );
}
