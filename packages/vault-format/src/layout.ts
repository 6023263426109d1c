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
import type { CID } from 'multiformats/cid';
import { decodeNode, type EncodedBlock } from './blocks.js';
import { carHeader, sectionHead, sectionSize } from './car-writing.js';
import { ExportFormatError } from './errors.js';
import { fileDagsBlocks, fileDagSizes } from './file-dag.js';
import { listEntries, walkManifest } from './manifest-walk.js';
import type { ExportCollection, ExportPage } from './schema.js';

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
  /** A block of a file DAG. */
  fileBlock(cid: CID): Promise<Uint8Array>;
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

/** Every page in layout order, with its space and collection. */
async function* pagesOf(vault: CID, source: LayoutSource) {
  const get = decoded(source);
  const { spaces } = await walkManifest(vault, get);
  for (const space of spaces)
    for await (const collection of listEntries(space.collections, 'collection', get))
      for await (const page of listEntries(collection.pages, 'page', get))
        yield { space: space.prefix, collection, page };
}

/** The distinct file contents in layout order. */
async function* contentsOf(vault: CID, source: LayoutSource): AsyncGenerator<CID> {
  const get = decoded(source);
  const { spaces } = await walkManifest(vault, get);
  const seen = new Set<string>();
  for (const space of spaces)
    for await (const file of listEntries(space.files, 'file', get)) {
      const key = file.cid.toString();
      if (seen.has(key)) continue;
      seen.add(key);
      yield file.cid;
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
  for await (const content of contentsOf(vault, source)) {
    if (source.includeContent?.(content) === false) continue;
    for await (const { cid, length } of fileDagSizes(content, (c) => source.fileBlock(c))) {
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
  const out = (bytes: Uint8Array): Uint8Array => {
    written += bytes.length;
    if (expected !== undefined && written > expected)
      throw new ExportFormatError(
        'TOO_LARGE',
        `the export grew past the ${expected} bytes announced while it was written`,
      );
    return bytes;
  };
  yield out(carHeader(root.cid));
  yield out(sectionHead(root.cid, root.bytes.length));
  yield out(root.bytes);
  for (const { cid } of await manifestOrder(vault, source)) {
    const bytes = await source.node(cid);
    yield out(sectionHead(cid, bytes.length));
    yield out(bytes);
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
    yield out(sectionHead(page.cid, bytes.length));
    yield out(bytes);
  }
  const includedContents = async function* () {
    for await (const content of contentsOf(vault, source))
      if (source.includeContent?.(content) !== false) yield content;
  };
  for await (const { cid, bytes } of fileDagsBlocks(
    includedContents(),
    (c) => source.fileBlock(c),
    source.fileReadAhead,
  )) {
    yield out(sectionHead(cid, bytes.length));
    yield out(bytes);
  }
  if (expected !== undefined && written !== expected)
    throw new ExportFormatError(
      'TRUNCATED',
      `the export came to ${written} bytes, ${expected} were announced`,
    );
}
