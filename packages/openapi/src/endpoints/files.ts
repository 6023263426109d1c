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
      "Into the caller's own vault; folders are implicit (created by the files below them). The body is the raw content (not multipart), streamed: the file appears, or replaces the previous one, only once complete; an interrupted upload stores nothing. Send `Content-Length` so the quota is checked before the first byte; the stream is cut at the first byte past the room left (507). 455 when the path is a folder (a file and a folder cannot share a name); 403 (internal_code 1) on a frozen vault.",
    params: files.filePathParams,
    multiSegmentParam: 'path',
    binaryBody: binaryFile,
    success: { status: 200, description: 'Stored.', body: files.uploadResponse },
    errors: [
      'INVALID_PARAMETER',
      'ALREADY_EXISTS',
      'VAULT_FROZEN',
      'INSUFFICIENT_STORAGE',
      'STORAGE_FULL',
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
      "From the caller's own vault. Without a query: the bytes, with `ETag` = the CID, `Accept-Ranges: bytes` and `Last-Modified`; a single `Range` answers 206, one outside the file 416; `If-None-Match` answers 304. With `list=true` (or `comp=children`): a JSON listing of the folder (direct children including sub-folders; `recursive=true` for the whole tree); a file there is a 400. With `comp=metadata`: the properties of the file or folder; `comp=hash`: its CID. The root folder is the empty path `/api/v2/vault/files/`. 404 (internal_code 6) when nothing is at the path.",
    params: files.filePathParams,
    multiSegmentParam: 'path',
    query: files.downloadQuery,
    success: {
      status: 200,
      description: 'The content, or a listing / properties as JSON.',
      binary: { ...binaryFile, ranges: true },
      body: z.union([files.fileList, files.fileInfo, files.hashResponse]),
    },
    examples: {
      response: {
        FileList: { summary: 'A folder listing (`?list=true`)', value: files.fileListExample },
        FileInfo: { summary: 'Properties (`?comp=metadata`)', value: files.fileInfoExample },
        FileHash: { summary: 'The CID (`?comp=hash`)', value: files.fileHashExample },
      },
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
    description:
      "In the caller's own vault; the bytes are given back to the quota (content shared with other files stays stored). 404 (internal_code 6) when nothing is at the path; 403 (internal_code 1) on a frozen vault.",
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
    description:
      "In the caller's own vault; nothing is copied and the quota does not change. 455 when the destination exists; 404 (internal_code 6) when the source does not; 400 when moving onto itself or into itself; 403 (internal_code 1) on a frozen vault.",
    params: files.filePathParams,
    multiSegmentParam: 'path',
    body: files.moveRequest,
    success: { status: 201, description: 'Moved.', body: files.moveResponse },
    errors: [
      'INVALID_PARAMETER',
      'FILE_NOT_FOUND',
      'ALREADY_EXISTS',
      'VAULT_FROZEN',
      'VAULT_NOT_FOUND',
      'STORAGE_FULL',
    ],
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
    description:
      "In the caller's own vault, all or nothing. 455 when the destination exists; 404 (internal_code 6) when the source does not; 400 when copying into itself; 507 when the copy does not fit the quota; 403 (internal_code 1) on a frozen vault.",
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
      'STORAGE_FULL',
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
      "From the caller's own vault: the CID of the file's content (the same bytes give the same CID on every node). When `{path}` is a folder, `{path}/hash` is read as the path of a file named `hash` inside it, and the answer is that file's content (as a download). A file and a folder cannot share a name, so only one reading can exist. 404 (internal_code 6) when neither exists.",
    params: files.filePathParams,
    multiSegmentParam: 'path',
    success: { status: 200, description: 'The CID.', body: files.hashResponse },
    errors: ['INVALID_PARAMETER', 'FILE_NOT_FOUND', 'VAULT_NOT_FOUND'],
  },
});
