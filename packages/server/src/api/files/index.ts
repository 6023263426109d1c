/** The file endpoints: JSON ones for api/index.ts, streaming ones for api/raw.ts. */
export { copyFile } from './copy-file.js';
export { deleteFile } from './delete-file.js';
export { downloadFile } from './download-file.js';
export { fileHash } from './file-hash.js';
export { listOrProperties } from './list-or-properties.js';
export { moveFile } from './move-file.js';
export { uploadFile } from './upload-file.js';
