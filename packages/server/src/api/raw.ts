/** Streaming endpoints (uploads, downloads), one file each. Missing ones answer 501. */
import type { RawHandlers } from '../http/raw-routes.js';
import { downloadFile, uploadFile } from './files/index.js';

export const rawHandlers: RawHandlers = { uploadFile, downloadFile };
