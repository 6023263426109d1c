/**
 * Every implemented JSON endpoint, one file each. An endpoint of the contract missing here answers
 * 501 NOT_IMPLEMENTED; `test/not-implemented.test.ts` lists exactly which ones those are.
 */
import type { EndpointId } from '@cella/openapi';
import type { JsonHandler } from './handler.js';
import { auth } from './auth/auth.js';
import { signin } from './auth/signin.js';
import { health } from './node/health.js';
import { nodeInfo } from './node/info.js';
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
import { copyFile, deleteFile, fileHash, listOrProperties, moveFile } from './files/index.js';
import { listOrders } from './payment/list-orders.js';
import { listReceipts } from './payment/list-receipts.js';
import { paymentConfig } from './payment/payment-config.js';
import { placeOrder } from './payment/place-order.js';
import { settleOrder } from './payment/settle-order.js';
import { setVaultState } from './subscription/set-vault-state.js';
import { unsubscribeVault } from './subscription/unsubscribe-vault.js';
import { subscribeVault } from './subscription/subscribe-vault.js';
import { vaultInfo } from './subscription/vault-info.js';
import { listScripts } from './scripts/list-scripts.js';
import { registerScript } from './scripts/register-script.js';
import { runScript } from './scripts/run-script.js';
import { unregisterScript } from './scripts/unregister-script.js';
import { backupHandlers } from './backup/index.js';

const all = [
  nodeVersion,
  health,
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
  listOrProperties,
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
  unregisterScript,
  ...backupHandlers,
];

export const jsonHandlers: Partial<Record<EndpointId, JsonHandler>> = Object.fromEntries(
  all.map((h) => [h.id, h.handler]),
);
