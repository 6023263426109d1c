/**
 * `@cella/sdk/crypto`: end-to-end encryption, loaded by the main entry only when an app first
 * encrypts or decrypts (so apps that never do keep a small bundle). Apps use it through
 * `vault.db` and `vault.files` (`{ encrypt: true }`); docs/encryption.md has the formats.
 */
export { EncryptedCollectionImpl } from './encrypted-collection.js';
export { openDownload, sealUpload, type SealedUpload } from './encrypted-files.js';
export {
  openSharedFile,
  revokeCollection,
  revokeFile,
  shareCollection,
  SharedCollection,
  shareFile,
} from './sharing.js';
export { KEY_MATERIAL_MESSAGE } from './key-material.js';
export { x25519KeyAgreement } from './wrap.js';
export { CELLA_METHOD } from './cella-documents.js';
export { HIVE_METHOD } from './hive-documents.js';
