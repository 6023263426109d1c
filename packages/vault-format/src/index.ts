/**
 * @cella/vault-format — the portable vault: one CARv1 file holding a vault's documents (pages of
 * BSON), its files (their UnixFS DAGs, as IPFS serves them) and a DAG-CBOR manifest signed by the
 * node that exported it (docs/portability.md describes it byte by byte).
 *
 * The node writes it (list-tree, car-writing, file-dag, signature) and reads it on import
 * (`readVaultExport`); the SDK verifies it offline (`verifyExport`). Browser-safe: no Node
 * built-ins; SHA-256 is the caller's or WebCrypto's.
 */
export { CID } from 'multiformats/cid';
export { ExportFormatError, isExportFormatError, type ExportErrorCode } from './errors.js';
export {
  CODECS,
  cidOf,
  decodeNode,
  defaultSha256,
  encodeNode,
  verifyBlock,
  type EncodedBlock,
  type Sha256,
} from './blocks.js';
export {
  emptyTotals,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  SCRIPTS_COLLECTION,
  SPACE_PREFIX,
  type ExportCollection,
  type ExportFile,
  type ExportIndex,
  type ExportPage,
  type ExportRoot,
  type ExportSpace,
  type ExportTotals,
  type ExportVault,
  type UnsignedRoot,
} from './schema.js';
export { ListBuilder, LIST_CUTTING, type ListCutting } from './list-tree.js';
export { listEntries, walkManifest, type GetNode } from './manifest-walk.js';
export { signRoot, signedBytes, verifyRootSignature } from './signature.js';
export { carHeader, sectionHead, sectionSize } from './car-writing.js';
export { fileDagBlocks, fileDagsBlocks, fileDagSizes, type GetBlock } from './file-dag.js';
export { countBsonDocuments } from './bson-frames.js';
export type { BytesReader } from './car-sections.js';
export { measureLayout, totalSize, writeLayout, type LayoutSize, type LayoutSource } from './layout.js';
export {
  readVaultExport,
  type ExportEvent,
  type ExportSummary,
  type ManifestCollection,
  type ManifestEvent,
  type ReadExportOptions,
} from './read-export.js';
export { verifyExport, type ExportSource, type VerifyExportOptions } from './verify-export.js';
