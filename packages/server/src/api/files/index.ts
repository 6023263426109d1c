/** The file endpoints. */
export { copyFile } from './copy-file.js';
export { deleteFile } from './delete-file.js';
export { downloadFile } from './download-file.js';
export { fileHash } from './file-hash.js';
export { moveFile } from './move-file.js';
export { uploadFile } from './upload-file.js';
