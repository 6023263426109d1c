/**
 * The Hive dialect's file routes (the Hive SDK's FilesService and IpfsRunner). Download,
 * properties (`?comp=metadata`) and delete are shared with the primary table; on
 * `PUT/GET /vault/files/{path}` the query tells the dialects apart (docs/api-decisions.md, rules A–C).
 */
import { defineEndpoints } from '../../endpoint.js';
import * as files from '../../schemas/files.js';
import * as hive from '../../schemas/hive/files.js';
import { binaryFile } from '../common.js';

export const hiveFilesEndpoints = defineEndpoints({
  hiveUploadFile: {
    operationId: 'hiveUploadFile',
    method: 'PUT',
    path: '/api/v2/vault/files/{path}',
    auth: 'user',
    tag: 'Hive: Files',
    summary: "Upload a file with the reference's flags (Hive SDK `upload`)",
    description:
      "In the caller's space. Raw body, streamed (any Content-Type, the SDK sends `application/x-www-form-urlencoded`). With `public=true` anyone may download it (`__anonymous_files__`, `GET /ipfs/{cid}`); uploading the path again without it makes it private. Without any of the three parameters this is the primary table's upload; with `dest` a copy. 455 when a folder is at the path; 507 over quota.",
    params: files.filePathParams,
    multiSegmentParam: 'path',
    query: hive.uploadQuery,
    binaryBody: binaryFile,
    success: { status: 200, description: 'Stored.', body: files.uploadResponse },
    errors: ['INVALID_PARAMETER', 'ALREADY_EXISTS', 'VAULT_FROZEN', 'INSUFFICIENT_STORAGE', 'STORAGE_FULL'],
  },
  hiveCopyFile: {
    operationId: 'hiveCopyFile',
    method: 'PUT',
    path: '/api/v2/vault/files/{path}',
    auth: 'user',
    tag: 'Hive: Files',
    summary: 'Copy a file or folder (Hive SDK `copy`)',
    description:
      "In the caller's space. Told apart from an upload by `dest`; the body is empty or exactly `{}` (never stored). The content is shared, its size counts against the quota again (507 over it); the destination must not exist (455); 404 (internal_code 6) without the source.",
    params: files.filePathParams,
    multiSegmentParam: 'path',
    query: hive.copyQuery,
    body: hive.noBody,
    success: { status: 200, description: 'Copied.', body: hive.pathResult },
    errors: [
      'INVALID_PARAMETER',
      'FILE_NOT_FOUND',
      'ALREADY_EXISTS',
      'VAULT_FROZEN',
      'INSUFFICIENT_STORAGE',
      'STORAGE_FULL',
    ],
  },
  hiveMoveFile: {
    operationId: 'hiveMoveFile',
    method: 'PATCH',
    path: '/api/v2/vault/files/{path}',
    auth: 'user',
    tag: 'Hive: Files',
    summary: 'Move or rename a file or folder (Hive SDK `move`)',
    description:
      "In the caller's space; nothing is copied and the quota does not change. 455 when the destination `to` exists; 404 (internal_code 6) when the source does not; 400 when moving onto itself or into itself; 403 (internal_code 1) on a frozen vault.",
    params: files.filePathParams,
    multiSegmentParam: 'path',
    query: hive.moveQuery,
    body: hive.noBody,
    success: { status: 200, description: 'Moved.', body: hive.pathResult },
    errors: ['INVALID_PARAMETER', 'FILE_NOT_FOUND', 'ALREADY_EXISTS', 'VAULT_FROZEN', 'STORAGE_FULL'],
  },
  hiveListFiles: {
    operationId: 'hiveListFiles',
    method: 'GET',
    path: '/api/v2/vault/files/{path}',
    auth: 'user',
    tag: 'Hive: Files',
    summary: 'Every file below a folder (Hive SDK `list`)',
    description:
      "In the caller's space. The reference's listing: every file below the folder, sub-folders included, no folder entries, with the encryption flags; the root is the empty path. A folder with no file below it is 404 (internal_code 6). (`?list=true` is the primary table's directory view.)",
    params: files.filePathParams,
    multiSegmentParam: 'path',
    query: hive.listQuery,
    success: { status: 200, description: 'The files.', body: hive.fileList },
    errors: ['INVALID_PARAMETER', 'FILE_NOT_FOUND'],
  },
  hiveFileHash: {
    operationId: 'hiveFileHash',
    method: 'GET',
    path: '/api/v2/vault/files/{path}',
    auth: 'user',
    tag: 'Hive: Files',
    summary: "The SHA-256 of a file's content (Hive SDK `hash`)",
    description:
      "In the caller's space. The reference's hash: the SHA-256 of the file's content, computed once per content and remembered (the primary table's `{path}/hash` answers the CID). 404 (internal_code 6) for a folder or nothing at the path.",
    params: files.filePathParams,
    multiSegmentParam: 'path',
    query: hive.hashQuery,
    success: { status: 200, description: 'The digest.', body: hive.fileHash },
    errors: ['INVALID_PARAMETER', 'FILE_NOT_FOUND'],
  },
  hiveIpfsContent: {
    operationId: 'hiveIpfsContent',
    method: 'GET',
    path: '/ipfs/{cid}',
    auth: 'public',
    tag: 'Hive: Files',
    summary: 'The content of a public file by its CID (Hive SDK `IpfsRunner`)',
    description:
      'Public: no token. Serves only CIDs of files some vault uploaded with `public=true` and still holds so; any other CID is 404, so the node never serves content nobody published. `Range` requests are answered with 206.',
    params: hive.ipfsParams,
    success: { status: 200, description: 'The content.', binary: { ...binaryFile, ranges: true } },
    errors: ['INVALID_PARAMETER', 'NOT_FOUND', 'RANGE_NOT_SATISFIABLE'],
  },
});
