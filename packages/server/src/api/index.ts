/**
 * Every endpoint of the contract, one file each, as the tRPC router the HTTP layer serves. An
 * endpoint missing here answers 501 NOT_IMPLEMENTED; `test/not-implemented.test.ts` lists exactly
 * which ones those are. `conforming` checks, at compile time, that each key is an operation of the
 * contract and that its handler answers what the entry's success schema describes (or streams).
 */
import { endpointList, type EndpointId, type Endpoints } from '@cella/openapi';
import type { Answered, EndpointOutput } from './endpoint-types.js';
import { notServed, router } from './procedures.js';
import type { RouteTable } from './route-table.js';
import { auth } from './auth/auth.js';
import { signin } from './auth/signin.js';
import { nodeDidDocument } from './node/did-document.js';
import { health } from './node/health.js';
import { nodeInfo } from './node/info.js';
import { readiness } from './node/readiness.js';
import { nodeVersion } from './node/version.js';
import { countDocuments } from './db/count-documents.js';
import { createCollection } from './db/create-collection.js';
import { createIndex } from './db/create-index.js';
import { deleteCollection } from './db/delete-collection.js';
import { deleteDocuments } from './db/delete-documents.js';
import { dropIndex } from './db/drop-index.js';
import { findDocuments } from './db/find-documents.js';
import { insertDocuments } from './db/insert-documents.js';
import { listCollections } from './db/list-collections.js';
import { listIndexes } from './db/list-indexes.js';
import { updateDocuments } from './db/update-documents.js';
import { copyFile, deleteFile, downloadFile, fileHash, moveFile, uploadFile } from './files/index.js';
import { listOrders } from './payment/list-orders.js';
import { listReceipts } from './payment/list-receipts.js';
import { paymentConfig } from './payment/payment-config.js';
import { placeOrder } from './payment/place-order.js';
import { settleOrder } from './payment/settle-order.js';
import { setVaultState } from './subscription/set-vault-state.js';
import { unsubscribeVault } from './subscription/unsubscribe-vault.js';
import { subscribeVault } from './subscription/subscribe-vault.js';
import { vaultInfo } from './subscription/vault-info.js';
import { downloadByTransaction } from './scripts/download-by-transaction.js';
import { listScripts } from './scripts/list-scripts.js';
import { registerScript } from './scripts/register-script.js';
import { runScript } from './scripts/run-script.js';
import { scriptEvents } from './events/script-events.js';
import { vaultEvents } from './events/vault-events.js';
import { unregisterScript } from './scripts/unregister-script.js';
import { uploadByTransaction } from './scripts/upload-by-transaction.js';
import * as backup from './backup/index.js';
import * as portability from './portability/index.js';

type Conforming<T> = {
  [K in keyof T]: K extends EndpointId
    ? { _def: { $types: { output: EndpointOutput<Endpoints[K]> | Answered } } }
    : never;
};

function conforming<T extends Conforming<T>>(procedures: T): T {
  return procedures;
}

export const procedures = conforming({
  nodeVersion,
  nodeDidDocument,
  health,
  readiness,
  nodeInfo,
  signin,
  auth,
  listCollections,
  createCollection,
  deleteCollection,
  insertDocuments,
  updateDocuments,
  deleteDocuments,
  findDocuments,
  countDocuments,
  listIndexes,
  createIndex,
  dropIndex,
  uploadFile,
  downloadFile,
  deleteFile,
  moveFile,
  copyFile,
  fileHash,
  subscribeVault,
  vaultInfo,
  setVaultState,
  unsubscribeVault,
  paymentConfig,
  placeOrder,
  listOrders,
  settleOrder,
  listReceipts,
  listScripts,
  registerScript,
  runScript,
  vaultEvents,
  scriptEvents,
  unregisterScript,
  uploadByTransaction,
  downloadByTransaction,
  ...backup,
  ...portability,
});

/** The contract's endpoints as one tRPC router (operation id → procedure; 501 for the rest). */
export const cellaRouter = router({
  ...Object.fromEntries(
    endpointList.filter((e) => !(e.operationId in procedures)).map((e) => [e.operationId, notServed(e)]),
  ),
  ...procedures,
});

/** The primary dialect: the contract's paths. */
export const cellaRoutes: RouteTable = { endpoints: endpointList, router: cellaRouter };
