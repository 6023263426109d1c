/**
 * The layout of an export's CAR, for a writer (docs/portability.md, "Layout"):
 *
 *   header (one root: the export block)
 *   the export block, then every other manifest block once, in the manifest order (manifest-walk.ts)
 *   the pages: every page of every collection of every space, in list order
 *   the file contents: for each file entry in list order whose content was not met before, the
 *   content's DAG, root first, in pre-order (file-dag.ts)
 *
 * An incremental export leaves out the pages and contents its base holds (`include*`); its manifest
 * is whole. `measureLayout` counts what `writeLayout` will write, reading only the manifest and the
 * interior nodes of the file DAGs, so a node answers an export's size and root before its bytes.
 */
import { concatBytes } from '@noble/hashes/utils.js';
import type { CID } from 'multiformats/cid';
import { decodeNode, isLeaf, type EncodedBlock } from './blocks.js';
import { carHeader, sectionHead, sectionSize } from './car-writing.js';
import { ExportFormatError } from './errors.js';
import { fileDagsBlocks, fileDagSizes } from './file-dag.js';
import { listEntries, parseAs, walkManifest } from './manifest-walk.js';
import { vaultSchema, type ExportCollection, type ExportPage } from './schema.js';

export interface LayoutSource {
  /** A manifest block's bytes (list nodes and the vault block). */
  node(cid: CID): Promise<Uint8Array>;
  /**
   * Called for every page in layout order (left-out ones too, `included` false): an included
   * page's bytes; null for one left out.
   */
  page(
    space: string,
    collection: ExportCollection,
    page: ExportPage,
    included: boolean,
  ): Promise<Uint8Array | null>;
  /**
   * A block of a file DAG. `length`: what its length should be when the layout knows it (a raw
   * leaf's, from its parent link; a content that is one raw block: its file's size), a hint.
   */
  fileBlock(cid: CID, length?: number): Promise<Uint8Array>;
  /**
   * A raw block's length without reading its bytes (a stat), null when unknown: lets the measure
   * size a file of one block without reading it. Without it such a block is read.
   */
  leafLength?(cid: CID): Promise<number | null>;
  /** File blocks read at once while the CAR is written (default 1: one after another). */
  fileReadAhead?: number;
  /** An incremental export's choice: false leaves the page (or content) to the base. Default: all. */
  includePage?(page: ExportPage): boolean;
  includeContent?(content: CID): boolean;
}

export interface LayoutSize {
  /** Blocks after the header, the export block included. */
  blocks: number;
  /** Bytes of the whole CAR. */
  bytes: number;
}

const decoded = (source: LayoutSource) => async (cid: CID) => decodeNode(cid, await source.node(cid));

/** The manifest blocks below the export block, in layout order (CIDs and lengths: one per node). */
async function manifestOrder(vault: CID, source: LayoutSource): Promise<{ cid: CID; length: number }[]> {
  const order: { cid: CID; length: number }[] = [];
  await walkManifest(vault, async (cid) => {
    const bytes = await source.node(cid);
    order.push({ cid, length: bytes.length });
    return decodeNode(cid, bytes);
  });
  return order;
}

/** The vault block alone (its spaces name the lists; no walk of the rest). */
async function vaultBlock(vault: CID, source: LayoutSource) {
  return parseAs(vaultSchema, await decoded(source)(vault), `the vault block ${vault.toString()}`);
}

/** Every page in layout order, with its space and collection. */
async function* pagesOf(vault: CID, source: LayoutSource) {
  const get = decoded(source);
  const { spaces } = await vaultBlock(vault, source);
  for (const space of spaces)
    for await (const collection of listEntries(space.collections, 'collection', get))
      for await (const page of listEntries(collection.pages, 'page', get))
        yield { space: space.prefix, collection, page };
}

/** The distinct file contents in layout order, each with its file's size. */
async function* contentsOf(vault: CID, source: LayoutSource): AsyncGenerator<{ cid: CID; size: number }> {
  const get = decoded(source);
  const { spaces } = await vaultBlock(vault, source);
  const seen = new Set<string>();
  for (const space of spaces)
    for await (const file of listEntries(space.files, 'file', get)) {
      const key = file.cid.toString();
      if (seen.has(key)) continue;
      seen.add(key);
      yield { cid: file.cid, size: file.size };
    }
}

/**
 * What an export whose vault block is `vault` takes, without its export block (whose size depends
 * on the count this gives): add 1 block and the export block's section, and the header.
 */
export async function measureLayout(vault: CID, source: LayoutSource): Promise<LayoutSize> {
  let blocks = 0;
  let bytes = 0;
  for (const { cid, length } of await manifestOrder(vault, source)) {
    blocks++;
    bytes += sectionSize(cid, length);
  }
  for await (const { page } of pagesOf(vault, source)) {
    if (source.includePage?.(page) === false) continue;
    blocks++;
    bytes += sectionSize(page.cid, page.bytes);
  }
  const leafLength = source.leafLength?.bind(source);
  for await (const { cid: content } of contentsOf(vault, source)) {
    if (source.includeContent?.(content) === false) continue;
    for await (const { cid, length } of fileDagSizes(content, (c) => source.fileBlock(c), leafLength)) {
      blocks++;
      bytes += sectionSize(cid, length);
    }
  }
  return { blocks, bytes };
}

/** The whole size of the CAR, given the signed export block and the measure of the rest. */
export function totalSize(root: EncodedBlock, rest: LayoutSize): number {
  return carHeader(root.cid).length + sectionSize(root.cid, root.bytes.length) + rest.bytes;
}

/**
 * The CAR's bytes, pulled as the consumer reads them. `expected` (from `measureLayout` and
 * `totalSize`): a block whose length differs from the measure (a file changed under the export)
 * stops the stream with an error rather than write another size than was announced.
 */
export async function* writeLayout(
  root: EncodedBlock,
  vault: CID,
  source: LayoutSource,
  expected?: number,
): AsyncGenerator<Uint8Array> {
  let written = 0;
  // Sections smaller than GATHER_BYTES (the manifest, pages, section heads) are gathered into
  // chunks of about that size: a few large writes to the socket rather than two per block. A
  // larger block goes out as it is, after what was gathered and its head.
  const gathered: Uint8Array[] = [];
  let gatheredBytes = 0;
  const count = (bytes: Uint8Array): Uint8Array => {
    written += bytes.length;
    if (expected !== undefined && written > expected)
      throw new ExportFormatError(
        'TOO_LARGE',
        `the export grew past the ${expected} bytes announced while it was written`,
      );
    return bytes;
  };
  const gather = (bytes: Uint8Array): void => {
    gathered.push(count(bytes));
    gatheredBytes += bytes.length;
  };
  const take = (): Uint8Array => {
    const chunk = gathered.length === 1 ? gathered[0]! : concatBytes(...gathered);
    gathered.length = 0;
    gatheredBytes = 0;
    return chunk;
  };
  gather(carHeader(root.cid));
  gather(sectionHead(root.cid, root.bytes.length));
  gather(root.bytes);
  for (const { cid } of await manifestOrder(vault, source)) {
    const bytes = await source.node(cid);
    gather(sectionHead(cid, bytes.length));
    gather(bytes);
    if (gatheredBytes >= GATHER_BYTES) yield take();
  }
  for await (const { space, collection, page } of pagesOf(vault, source)) {
    const included = source.includePage?.(page) !== false;
    const bytes = await source.page(space, collection, page, included);
    if (!included) continue;
    if (bytes === null || bytes.length !== page.bytes)
      throw new ExportFormatError(
        'BAD_MANIFEST',
        `page ${page.cid.toString()} is not the page that was measured`,
      );
    gather(sectionHead(page.cid, bytes.length));
    gather(bytes);
    if (gatheredBytes >= GATHER_BYTES) yield take();
  }
  // A content that is one raw block is its file: its length is the file's size (a hint only).
  const includedContents = async function* () {
    for await (const { cid, size } of contentsOf(vault, source))
      if (source.includeContent?.(cid) !== false) yield isLeaf(cid) ? { cid, length: size } : { cid };
  };
  for await (const { cid, bytes } of fileDagsBlocks(
    includedContents(),
    (c, length) => source.fileBlock(c, length),
    source.fileReadAhead,
  )) {
    gather(sectionHead(cid, bytes.length));
    if (bytes.length < GATHER_BYTES) {
      gather(bytes);
      if (gatheredBytes >= GATHER_BYTES) yield take();
    } else {
      yield take();
      yield count(bytes);
    }
  }
  if (gatheredBytes > 0) yield take();
  if (expected !== undefined && written !== expected)
    throw new ExportFormatError(
      'TRUNCATED',
      `the export came to ${written} bytes, ${expected} were announced`,
    );
}

/** Sections below this size are gathered into chunks of about this size (see writeLayout). */
const GATHER_BYTES = 64 * 1024;
