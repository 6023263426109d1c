/**
 * Builds small vault exports in memory with the format's own writer parts (ListBuilder, signRoot,
 * measureLayout, writeLayout), as the node does with its stores: the tests read them back.
 */
import { createHash } from 'node:crypto';
import * as dagPb from '@ipld/dag-pb';
import { createKeySigner, type Signer } from '@cella/did';
import { BSON } from 'bson';
import { UnixFS } from 'ipfs-unixfs';
import type { CID } from 'multiformats/cid';
import {
  CODECS,
  cidOf,
  encodeNode,
  ListBuilder,
  measureLayout,
  signRoot,
  totalSize,
  writeLayout,
  type EncodedBlock,
  type ExportCollection,
  type ExportFile,
  type ExportPage,
  type ExportTotals,
  type Sha256,
} from '../src/index.js';

export const sha256: Sha256 = (bytes) => createHash('sha256').update(bytes).digest();

export const nodeSigner = createKeySigner(Uint8Array.from({ length: 32 }, (_, i) => i + 1));
export const otherSigner = createKeySigner(Uint8Array.from({ length: 32 }, (_, i) => 64 - i));
export const USER = 'did:elastos:iUserOfTheTestVault';

export interface TestCollection {
  name: string;
  /** Pages of documents. */
  pages: Record<string, unknown>[][];
  indexes?: ExportCollection['indexes'];
}
export interface TestFile {
  path: string;
  content: Uint8Array;
  /** Cut into raw leaves of this size under a dag-pb root (default: one raw block). */
  leafBytes?: number;
}
export interface TestSpace {
  prefix: string;
  collections: TestCollection[];
  files: TestFile[];
}

export interface BuiltExport {
  bytes: Uint8Array;
  root: CID;
  vault: CID;
  pages: ExportPage[];
  contents: CID[];
  blocks: Map<string, Uint8Array>;
}

/** A UnixFS file: one raw block, or raw leaves under one dag-pb node. */
async function fileDag(file: TestFile, blocks: Map<string, Uint8Array>): Promise<CID> {
  if (file.leafBytes === undefined) {
    const cid = await cidOf(CODECS.raw, file.content, sha256);
    blocks.set(cid.toString(), file.content);
    return cid;
  }
  const links: dagPb.PBLink[] = [];
  const sizes: bigint[] = [];
  for (let offset = 0; offset < file.content.length; offset += file.leafBytes) {
    const leaf = file.content.subarray(offset, offset + file.leafBytes);
    const cid = await cidOf(CODECS.raw, leaf, sha256);
    blocks.set(cid.toString(), leaf);
    links.push({ Hash: cid, Tsize: leaf.length, Name: '' });
    sizes.push(BigInt(leaf.length));
  }
  const data = new UnixFS({ type: 'file', blockSizes: sizes }).marshal();
  const bytes = dagPb.encode(dagPb.prepare({ Data: data, Links: links }));
  const cid = await cidOf(CODECS.dagPb, bytes, sha256);
  blocks.set(cid.toString(), bytes);
  return cid;
}

export async function buildExport(
  spaces: TestSpace[],
  options: {
    signer?: Signer;
    user?: string;
    base?: CID;
    includePage?: (page: ExportPage) => boolean;
    includeContent?: (cid: CID) => boolean;
  } = {},
): Promise<BuiltExport> {
  const blocks = new Map<string, Uint8Array>();
  const keep = (block: EncodedBlock) => void blocks.set(block.cid.toString(), block.bytes);
  const totals: ExportTotals = {
    collections: 0,
    documents: 0,
    document_bytes: 0,
    pages: 0,
    files: 0,
    file_bytes: 0,
    contents: 0,
    content_bytes: 0,
  };
  const pages: ExportPage[] = [];
  const contents: CID[] = [];
  const pageBytes = new Map<string, Uint8Array>();
  const spaceEntries = [];
  for (const space of spaces) {
    const collectionList = new ListBuilder<ExportCollection>(keep, sha256);
    for (const collection of space.collections) {
      const pageList = new ListBuilder<ExportPage>(keep, sha256);
      let documents = 0;
      let bytes = 0;
      for (const docs of collection.pages) {
        const page = Buffer.concat(docs.map((d) => BSON.serialize(d)));
        const cid = await cidOf(CODECS.raw, page, sha256);
        pageBytes.set(cid.toString(), page);
        const entry = { cid, documents: docs.length, bytes: page.length };
        pages.push(entry);
        await pageList.add(entry);
        documents += docs.length;
        bytes += page.length;
        totals.pages++;
      }
      await collectionList.add({
        name: collection.name,
        documents,
        bytes,
        indexes: collection.indexes ?? [],
        pages: await pageList.finish(),
      });
      totals.collections++;
      totals.documents += documents;
      totals.document_bytes += bytes;
    }
    const fileList = new ListBuilder<ExportFile>(keep, sha256);
    const seen = new Set<string>();
    for (const file of space.files) {
      const cid = await fileDag(file, blocks);
      await fileList.add({
        path: file.path,
        cid,
        size: file.content.length,
        created: 1_767_000_000,
        modified: 1_767_000_100,
        rev: `rev-${file.path}`,
        public: false,
        encrypt_method: null,
      });
      totals.files++;
      totals.file_bytes += file.content.length;
      if (!seen.has(cid.toString())) {
        seen.add(cid.toString());
        contents.push(cid);
        totals.contents++;
        totals.content_bytes += file.content.length;
      }
    }
    spaceEntries.push({
      prefix: space.prefix,
      collections: await collectionList.finish(),
      files: await fileList.finish(),
    });
  }
  const vault = await encodeNode({ spaces: spaceEntries, totals }, sha256);
  keep(vault);
  const source = {
    node: async (cid: CID) => blocks.get(cid.toString())!,
    page: async (_space: string, _collection: ExportCollection, page: ExportPage, _included: boolean) =>
      pageBytes.get(page.cid.toString())!,
    fileBlock: async (cid: CID) => blocks.get(cid.toString())!,
    fileReadAhead: 3, // as the node reads: ahead, across contents
    ...(options.includePage ? { includePage: options.includePage } : {}),
    ...(options.includeContent ? { includeContent: options.includeContent } : {}),
  };
  const rest = await measureLayout(vault.cid, source);
  const { block } = await signRoot(
    {
      format: 'cella-vault-export',
      version: 1,
      user: options.user ?? USER,
      created: 1_767_000_200,
      seq: 42,
      plan: 'Rookie',
      apps: {},
      base: options.base ?? null,
      vault: vault.cid,
      blocks: rest.blocks + 1,
    },
    options.signer ?? nodeSigner,
    sha256,
  );
  const size = totalSize(block, rest);
  const parts: Uint8Array[] = [];
  for await (const part of writeLayout(block, vault.cid, source, size)) parts.push(part);
  const bytes = Buffer.concat(parts);
  if (bytes.length !== size) throw new Error(`measured ${size}, wrote ${bytes.length}`);
  return { bytes, root: block.cid, vault: vault.cid, pages, contents, blocks };
}

/** A small vault: two spaces, three collections, files of one block and of several, a repeat. */
export function sampleVault(): TestSpace[] {
  const big = new Uint8Array(10_000).map((_, i) => (i * 7) % 251);
  return [
    {
      prefix: '',
      collections: [
        {
          name: 'notes',
          pages: [
            [
              { _id: 1, text: 'one' },
              { _id: 2, text: 'two' },
            ],
            [{ _id: 3, text: 'three' }],
          ],
          indexes: [{ name: 'text_1', keys: [['text', 1]], unique: false }],
        },
        { name: 'empty', pages: [] },
      ],
      files: [
        { path: 'a/hello.txt', content: new TextEncoder().encode('hello') },
        { path: 'big.bin', content: big, leafBytes: 4096 },
        { path: 'copy-of-hello.txt', content: new TextEncoder().encode('hello') },
      ],
    },
    {
      prefix: '__app_0123456789abcdef01234567.',
      collections: [{ name: 'settings', pages: [[{ _id: 'theme', value: 'dark' }]] }],
      files: [],
    },
  ];
}
