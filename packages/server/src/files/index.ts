export { FilesService, type FileEntry, type FilesServiceDeps, type UploadOptions } from './files-service.js';
export { CidRefs, CID_REFS_COLLECTION, type CidRef } from './cid-refs.js';
export { FILES_COLLECTION, type FileRecord } from './file-records.js';
export { MAX_PATH_BYTES, normalisePath } from './paths.js';
export { filesSettingsFromConfig, type FilesSettings } from './settings.js';
export type { ReferenceSource, SweepReport } from './sweep.js';
