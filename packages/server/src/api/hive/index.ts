/**
 * The Hive dialect: one procedure per entry of the contract's Hive table (`hiveEndpoints`), one
 * file each, checked at compile time like the primary table's (api/index.ts). Served after the
 * primary table on the same router (http/routes.ts decides between entries that share a route).
 */
import { hiveEndpointList, type HiveEndpointId, type HiveEndpoints } from '@cella/openapi';
import type { Answered, EndpointOutput } from '../endpoint-types.js';
import { router } from '../procedures.js';
import type { RouteTable } from '../route-table.js';
import { hiveAboutVersion } from './node/about-version.js';
import { hiveAboutCommitId, hiveCommitId } from './node/commit-id.js';
import { hiveAppStats } from './subscription/app-stats.js';
import { hiveBackupInfo } from './subscription/backup-info.js';
import { hivePricingPlans } from './subscription/pricing-plans.js';
import { hiveSubscribeBackup } from './subscription/subscribe-backup.js';
import { hiveUnsubscribeBackup } from './subscription/unsubscribe-backup.js';
import { hiveCountDocuments } from './db/count-documents.js';
import { hiveCreateCollection } from './db/create-collection.js';
import { hiveDeleteDocuments } from './db/delete-documents.js';
import { hiveDropCollection } from './db/drop-collection.js';
import { hiveInsertDocuments } from './db/insert-documents.js';
import { hiveQueryDocuments } from './db/query-documents.js';
import { hiveUpdateDocuments } from './db/update-documents.js';
import { hiveCopyFile } from './files/copy-file.js';
import { hiveFileHash } from './files/file-hash.js';
import { hiveIpfsContent } from './files/ipfs-content.js';
import { hiveListFiles } from './files/list-files.js';
import { hiveMoveFile } from './files/move-file.js';
import { hiveUploadFile } from './files/upload-file.js';
import { hiveListScripts } from './scripts/list-scripts.js';
import { hiveRegisterScript } from './scripts/register-script.js';
import { hiveRunScript } from './scripts/run-script.js';
import { hiveRunScriptUrl } from './scripts/run-script-url.js';
import { hiveListOrders } from './payment/list-orders.js';
import { hiveListReceipts } from './payment/list-receipts.js';
import { hivePaymentVersion } from './payment/payment-version.js';
import { hivePlaceOrder } from './payment/place-order.js';
import { hiveSettleOrder } from './payment/settle-order.js';
import { hiveBackupState } from './backup/backup-state.js';
import { hivePromote } from './backup/promote.js';
import { hiveStartBackup } from './backup/start-backup.js';
import { hiveStartRestore } from './backup/start-restore.js';
import { hiveProviderBackups } from './provider/backups.js';
import { hiveProviderFilledOrders } from './provider/filled-orders.js';
import { hiveProviderVaults } from './provider/vaults.js';

type Conforming<T> = {
  [K in keyof T]: K extends HiveEndpointId
    ? { _def: { $types: { output: EndpointOutput<HiveEndpoints[K]> | Answered } } }
    : never;
};

/** Every entry of the Hive table has its procedure (a missing one fails to compile). */
function complete<T extends Conforming<T> & Record<HiveEndpointId, unknown>>(procedures: T): T {
  return procedures;
}

export const hiveProcedures = complete({
  hiveCommitId,
  hiveAboutVersion,
  hiveAboutCommitId,
  hivePricingPlans,
  hiveAppStats,
  hiveSubscribeBackup,
  hiveBackupInfo,
  hiveUnsubscribeBackup,
  hiveCreateCollection,
  hiveDropCollection,
  hiveInsertDocuments,
  hiveCountDocuments,
  hiveUpdateDocuments,
  hiveDeleteDocuments,
  hiveQueryDocuments,
  hiveUploadFile,
  hiveCopyFile,
  hiveMoveFile,
  hiveListFiles,
  hiveFileHash,
  hiveIpfsContent,
  hiveListScripts,
  hiveRegisterScript,
  hiveRunScript,
  hiveRunScriptUrl,
  hivePaymentVersion,
  hivePlaceOrder,
  hiveSettleOrder,
  hiveListOrders,
  hiveListReceipts,
  hiveBackupState,
  hiveStartBackup,
  hiveStartRestore,
  hivePromote,
  hiveProviderVaults,
  hiveProviderBackups,
  hiveProviderFilledOrders,
});

/** The Hive dialect's route table. */
export const hiveRoutes: RouteTable = { endpoints: hiveEndpointList, router: router(hiveProcedures) };
