/** The caller's files. `{path}` may contain `/` (`multiSegmentParam`): the router matches the
 * literal suffixes `/move`, `/copy`, `/hash` after it. */
import { z } from 'zod';
import { defineEndpoints } from '../endpoint.js';
import * as files from '../schemas/files.js';
import { KiB, binaryFile } from './common.js';

export const filesEndpoints = defineEndpoints({
  uploadFile: {
    operationId: 'uploadFile',
    method: 'PUT',
    path: '/api/v2/vault/files/{path}',
    auth: 'user',
    tag: 'Files',
    summary: 'Upload a file (overwrites)',
    description:
      'The body is streamed; the file appears only once complete. Send `Content-Length` so the quota can be checked before the first byte.',
    params: files.filePathParams,
    multiSegmentParam: 'path',
    binaryBody: binaryFile,
    success: { status: 200, description: 'Stored.', body: files.uploadResponse },
    errors: [
      'INVALID_PARAMETER',
      'ALREADY_EXISTS',
      'VAULT_FROZEN',
      'INSUFFICIENT_STORAGE',
      'VAULT_NOT_FOUND',
    ],
  },
  downloadFile: {
    operationId: 'downloadFile',
    method: 'GET',
    path: '/api/v2/vault/files/{path}',
    auth: 'user',
    tag: 'Files',
    summary: 'Download a file, list a folder (`?list=true`) or read properties (`?comp=metadata`)',
    description:
      'Downloads honour `Range` (206 partial content) and carry `ETag` = the CID. With `list=true` the answer is a JSON listing of the folder (direct children including sub-folders; `recursive=true` for the whole tree); the root folder is the empty path `/api/v2/vault/files/`.',
    params: files.filePathParams,
    multiSegmentParam: 'path',
    query: files.downloadQuery,
    success: {
      status: 200,
      description: 'The content, or a listing / properties as JSON.',
      binary: { ...binaryFile, ranges: true },
      body: z.union([files.fileList, files.fileInfo, files.hashResponse]),
    },
    errors: ['INVALID_PARAMETER', 'FILE_NOT_FOUND', 'RANGE_NOT_SATISFIABLE', 'VAULT_NOT_FOUND'],
  },
  deleteFile: {
    operationId: 'deleteFile',
    method: 'DELETE',
    path: '/api/v2/vault/files/{path}',
    auth: 'user',
    tag: 'Files',
    summary: 'Delete a file or a folder with everything in it',
    params: files.filePathParams,
    multiSegmentParam: 'path',
    success: { status: 204, description: 'Deleted.' },
    errors: ['INVALID_PARAMETER', 'FILE_NOT_FOUND', 'VAULT_FROZEN', 'VAULT_NOT_FOUND'],
  },
  moveFile: {
    operationId: 'moveFile',
    method: 'POST',
    path: '/api/v2/vault/files/{path}/move',
    auth: 'user',
    tag: 'Files',
    summary: 'Move or rename a file or folder',
    params: files.filePathParams,
    multiSegmentParam: 'path',
    body: files.moveRequest,
    success: { status: 201, description: 'Moved.', body: files.moveResponse },
    errors: ['INVALID_PARAMETER', 'FILE_NOT_FOUND', 'ALREADY_EXISTS', 'VAULT_FROZEN', 'VAULT_NOT_FOUND'],
    bodyLimit: 8 * KiB,
  },
  copyFile: {
    operationId: 'copyFile',
    method: 'POST',
    path: '/api/v2/vault/files/{path}/copy',
    auth: 'user',
    tag: 'Files',
    summary:
      'Copy a file or folder (the content is shared, not duplicated; it counts against the quota again)',
    params: files.filePathParams,
    multiSegmentParam: 'path',
    body: files.moveRequest,
    success: { status: 201, description: 'Copied.', body: files.moveResponse },
    errors: [
      'INVALID_PARAMETER',
      'FILE_NOT_FOUND',
      'ALREADY_EXISTS',
      'VAULT_FROZEN',
      'INSUFFICIENT_STORAGE',
      'VAULT_NOT_FOUND',
    ],
    bodyLimit: 8 * KiB,
  },
  fileHash: {
    operationId: 'fileHash',
    method: 'GET',
    path: '/api/v2/vault/files/{path}/hash',
    auth: 'user',
    tag: 'Files',
    summary: 'The CID of a file',
    description:
      "When `{path}` is a folder, `{path}/hash` is read as the path of a file named `hash` inside it, and the answer is that file's content (as a download). A file and a folder cannot share a name, so only one reading can exist.",
    params: files.filePathParams,
    multiSegmentParam: 'path',
    success: { status: 200, description: 'The CID.', body: files.hashResponse },
    errors: ['INVALID_PARAMETER', 'FILE_NOT_FOUND', 'VAULT_NOT_FOUND'],
  },
});
