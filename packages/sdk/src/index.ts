export {
  CellaApiError,
  CellaCryptoError,
  type CryptoErrorCode,
  CellaStreamEndedError,
  CellaNetworkError,
  CellaPaymentError,
  CellaSdkError,
  type PaymentErrorCode,
} from './errors.js';
export {
  Http,
  type ApiClient,
  type HttpOptions,
  type RawInit,
  type RequestBody,
  type Send,
  type TokenSource,
} from './http.js';
export type { UploadTransport } from './upload-transport.js';
export { NodeApi, type Health, type NodeInfo, type NodeVersion } from './node-api.js';
export {
  Cella,
  connect,
  Connection,
  createClient,
  signIn,
  Vault,
  type CellaClient,
  type ClientOptions,
  type ConnectOptions,
} from './client.js';
export { Session, type SessionOptions } from './session.js';
export {
  CollectionApi,
  database,
  DatabaseApi,
  EncryptedCollection,
  SharedCollection,
  MAX_FIND_BATCH,
  type CountOptions,
  type CreateCollectionOptions,
  type DeleteOptions,
  type DeleteResult,
  type Document,
  type Filter,
  type FindOneOptions,
  type FindOptions,
  type IndexInfo,
  type IndexKeys,
  type IndexOptions,
  type InsertOptions,
  type InsertResult,
  type JsonObject,
  type OptionalId,
  type UpdateFilter,
  type UpdateOptions,
  type UpdateResult,
  type WithId,
} from './database-api.js';
export { Cursor, type CursorRange } from './cursor.js';
export type { ImportVaultOptions, VaultImportResult } from './portability-api.js';
export {
  CellaMoveError,
  type MoveErrorCode,
  type MoveOptions,
  type MoveResult,
  type MoveStep,
  type VaultImportState,
} from './vault-move.js';
export type { RetryOptions } from './retry.js';
export {
  FilesApi,
  encodeFilePath,
  rangeHeader,
  type ByteRange,
  type DownloadOptions,
  type FileInfo,
  type ProgressListener,
  type UploadData,
  type UploadOptions,
  type UploadResult,
} from './files-api.js';
export {
  AnonymousScriptsApi,
  ScriptsApi,
  type AnonymousRunOptions,
  type RegisterScriptResult,
  type RunOptions,
  type Script,
  type ScriptSubscribeOptions,
  type ScriptCondition,
  type ScriptDefinition,
  type ScriptExecutable,
  type TransactionUploadResult,
  type TransferOptions,
  type UploadContent,
} from './scripts-api.js';
export {
  EventsApi,
  type DocumentEvent,
  type EventFamily,
  type EventSubscription,
  type EventType,
  type ScriptStreamEvent,
  type StreamOptions,
  type SubscribeOptions,
  type VaultEvent,
} from './events-api.js';
export { PaymentApi, type Order, type PaymentConfig, type PricingPlan, type Receipt } from './payment-api.js';
export { SubscriptionApi, type VaultInfo } from './subscription-api.js';
export {
  BackupApi,
  BACKUP_CREDENTIAL_TYPE,
  discoverNodeDid,
  issueBackupCredential,
  type BackupCredentialOptions,
  type BackupProgress,
  type BackupState,
  type BackupTarget,
  type PromotedVault,
  type StartBackupOptions,
  type WatchOptions,
} from './backup-api.js';
export type {
  CreateEncryptedOptions,
  EncryptedFindOptions,
  EncryptionHost,
  EncryptionSettings,
  OpenSharedOptions,
  Recipient,
  ShareOptions,
} from './encryption.js';
export { browserTokenStore, memoryTokenStore, type TokenStore } from './token-store.js';
export { createDevIdentity, type DevIdentity } from './dev-identity.js';
export type { paths, components, operations } from './generated/openapi.js';
export type { ErrorCode } from '@cella/openapi/error-codes';
// Keys and signers: `createKeySigner(hexToBytes(savedHex))` rebuilds the signer of a saved key.
export {
  base58ToBytes,
  bytesToHex,
  getDefaultKey,
  publicKeyFromDidKey,
  createKeySigner,
  DidError,
  generateKeyPair,
  hexToBytes,
  type DIDDocument,
  type DidMethodName,
  type KeyPair,
  type KeySignerOptions,
  type Signer,
  type VerifiableCredential,
} from '@cella/did';
