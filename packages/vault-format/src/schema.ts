/**
 * The manifest's blocks, as docs/portability.md describes them byte by byte: every block is a
 * DAG-CBOR map with exactly these keys (a reader refuses any other), integers are unsigned and
 * below 2^53, links are CIDs (tag 42).
 *
 *   export (the CAR's root, signed) ─ vault ─ spaces[] ─┬ collections: list of Collection ─ pages: list of Page ─▶ page blocks (raw BSON)
 *                                                       └ files: list of File ─▶ file DAGs (dag-pb / raw, UnixFS)
 *
 * A list is a tree of list nodes: a leaf holds `entries`, an interior node the `parts` (CIDs of
 * list nodes) in order; list-tree.ts cuts them where the content says, so an edit changes only
 * the nodes around it.
 */
import { CID } from 'multiformats/cid';
import * as z from 'zod/mini';

export const EXPORT_FORMAT = 'cella-vault-export';
export const EXPORT_VERSION = 1;

const uint = z.int().check(z.gte(0));
const cid = z.custom<CID>((value) => CID.asCID(value) !== null, { error: 'a CID link' });
const bytes = (length: number) =>
  z.custom<Uint8Array>((value) => value instanceof Uint8Array && value.length === length, {
    error: `${length} bytes`,
  });
const text = z.string().check(z.minLength(1), z.maxLength(4096));

/** The prefix of an application's space (`__app_` + 24 hex digits + `.`), '' for the default space. */
export const SPACE_PREFIX = /^(|__app_[0-9a-f]{24}\.)$/;

export const exportRootSchema = z.strictObject({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  /** The DID whose vault this is. */
  user: text,
  /** The DID of the node that exported it, and its P-256 public key (33 bytes, compressed). */
  node: text,
  key: bytes(33),
  /** When the export was made, epoch seconds. */
  created: uint,
  /** The vault's event sequence number (the change feed's cursor) when the read began. */
  seq: uint,
  /** The vault's plan on the exporting node. */
  plan: z.string().check(z.maxLength(256)),
  /** Application DIDs known for the spaces (space prefix → DID); informational. */
  apps: z.record(z.string().check(z.regex(SPACE_PREFIX)), text),
  /** The export this one completes (an incremental export), or null. */
  base: z.nullable(cid),
  vault: cid,
  /** Blocks in the CAR after its header, this one included. */
  blocks: uint,
  /** ECDSA P-256 over SHA-256 of this map without `sig` (DAG-CBOR), raw r‖s. */
  sig: bytes(64),
});
export type ExportRoot = z.infer<typeof exportRootSchema>;
export type UnsignedRoot = Omit<ExportRoot, 'sig'>;

export const totalsSchema = z.strictObject({
  /** Spaces' collections (file metadata is the file lists, not a collection). */
  collections: uint,
  documents: uint,
  /** BSON bytes of every document: the sum of the page blocks' lengths. */
  document_bytes: uint,
  pages: uint,
  /** File entries (paths), and the sum of their sizes (what a vault's file usage counts). */
  files: uint,
  file_bytes: uint,
  /** Distinct file contents (root CIDs), and their sizes counted once each. */
  contents: uint,
  content_bytes: uint,
});
export type ExportTotals = z.infer<typeof totalsSchema>;

/** Totals of nothing: what a writer and a reader count up from. */
export function emptyTotals(): ExportTotals {
  return {
    collections: 0,
    documents: 0,
    document_bytes: 0,
    pages: 0,
    files: 0,
    file_bytes: 0,
    contents: 0,
    content_bytes: 0,
  };
}

/** The collection a space keeps its stored scripts in (one document per script). */
export const SCRIPTS_COLLECTION = '__scripts__';

export const spaceSchema = z.strictObject({
  prefix: z.string().check(z.regex(SPACE_PREFIX)),
  /** A list of Collection. */
  collections: cid,
  /** A list of File. */
  files: cid,
});
export type ExportSpace = z.infer<typeof spaceSchema>;

export const vaultSchema = z.strictObject({
  /** Ordered by prefix, each prefix once. */
  spaces: z.array(spaceSchema).check(z.maxLength(100_000)),
  totals: totalsSchema,
});
export type ExportVault = z.infer<typeof vaultSchema>;

export const indexSchema = z.strictObject({
  name: text,
  /** [field path, 1 | -1] in order. */
  keys: z
    .array(z.tuple([text, z.union([z.literal(1), z.literal(-1)])]))
    .check(z.minLength(1), z.maxLength(32)),
  unique: z.boolean(),
});
export type ExportIndex = z.infer<typeof indexSchema>;

export const collectionSchema = z.strictObject({
  /** The name the space gives it (without the space prefix). */
  name: text,
  documents: uint,
  bytes: uint,
  /** Indexes created through the API (not `_id_`, not the engine's automatic ones). */
  indexes: z.array(indexSchema).check(z.maxLength(64)),
  /** A list of Page. */
  pages: cid,
});
export type ExportCollection = z.infer<typeof collectionSchema>;

export const pageSchema = z.strictObject({
  /** A raw block: the documents' BSON, concatenated. */
  cid,
  documents: uint,
  /** The block's length. */
  bytes: uint,
});
export type ExportPage = z.infer<typeof pageSchema>;

export const fileSchema = z.strictObject({
  path: text,
  /** The root of the file's UnixFS DAG: the CID an IPFS node serves the content by. */
  cid,
  size: uint,
  created: uint,
  modified: uint,
  /** The metadata's revision (optimistic concurrency), kept as it was. */
  rev: z.string().check(z.maxLength(256)),
  public: z.boolean(),
  /** How the client encrypted the content, null when it did not (the node holds the flag only). */
  encrypt_method: z.nullable(z.string().check(z.maxLength(256))),
});
export type ExportFile = z.infer<typeof fileSchema>;

/** A list node: a leaf's entries, or an interior node's parts (list nodes), in order. */
export const listNodeSchema = z.union([
  z.strictObject({ entries: z.array(z.unknown()) }),
  z.strictObject({ parts: z.array(cid).check(z.minLength(1)) }),
]);
export type ListNode = z.infer<typeof listNodeSchema>;

export interface ListEntry {
  collection: ExportCollection;
  page: ExportPage;
  file: ExportFile;
}
export type ListKind = keyof ListEntry;
export const entrySchemas: { [K in ListKind]: z.ZodMiniType<ListEntry[K]> } = {
  collection: collectionSchema,
  page: pageSchema,
  file: fileSchema,
};
