/** Streaming endpoints (uploads, downloads), one file each. Missing ones answer 501. */
import type { RawHandlers } from '../http/raw-routes.js';
import { backupNodeExportBlocks, backupNodePutBlocks } from './backup/index.js';
import { downloadFile, uploadFile } from './files/index.js';
import { downloadByTransaction } from './scripts/download-by-transaction.js';
import { uploadByTransaction } from './scripts/upload-by-transaction.js';

export const rawHandlers: RawHandlers = {
  uploadFile,
  downloadFile,
  uploadByTransaction,
  downloadByTransaction,
  backupNodePutBlocks,
  backupNodeExportBlocks,
};
