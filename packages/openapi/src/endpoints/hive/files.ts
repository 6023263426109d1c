/**
 * The Hive dialect's file routes (the Hive SDK's FilesService and IpfsRunner). Download,
 * properties (`?comp=metadata`) and delete are shared with the primary table; on
 * `PUT/GET /vault/files/{path}` the query tells the dialects apart (docs/api-decisions.md, rules A–C).
 */
import { defineEndpoints } from '../../endpoint.js';
import * as files from '../../schemas/files.js';
import * as hive from '../../schemas/hive/files.js';
import { binaryFile } from '../common.js';

const SAMPLE_CID = 'bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku';

export const hiveFilesEndpoints = defineEndpoints({
  hiveUploadFile: {
    operationId: 'hiveUploadFile',
    method: 'PUT',
    path: '/api/v2/vault/files/{path}',
    auth: 'user',
    tag: 'Hive: Files',
    summary: "Upload a file with the reference's flags (Hive SDK `upload`)",
    description:
      "Raw body, streamed (any Content-Type, the SDK sends `application/x-www-form-urlencoded`). With `public=true` anyone may download it (`__anonymous_files__`, `GET /ipfs/{cid}`); uploading the path again without it makes it private. Without any of the three parameters this is the primary table's upload; with `dest` a copy.",
    params: files.filePathParams,
    multiSegmentParam: 'path',
    query: hive.uploadQuery,
    binaryBody: binaryFile,
    success: { status: 200, description: 'Stored.', body: files.uploadResponse },
    errors: ['INVALID_PARAMETER', 'ALREADY_EXISTS', 'VAULT_FROZEN', 'INSUFFICIENT_STORAGE'],
    example: {
      request: 'PUT /api/v2/vault/files/public/logo.png?public=true&is_encrypt=false',
      response: { name: 'public/logo.png', cid: SAMPLE_CID, size: 1834 },
    },
  },
  hiveCopyFile: {
    operationId: 'hiveCopyFile',
    method: 'PUT',
    path: '/api/v2/vault/files/{path}',
    auth: 'user',
    tag: 'Hive: Files',
    summary: 'Copy a file or folder (Hive SDK `copy`)',
    description:
      'Told apart from an upload by `dest`; the body is empty or exactly `{}` (never stored). The content is shared, its size counts against the quota again; the destination must not exist (455).',
    params: files.filePathParams,
    multiSegmentParam: 'path',
    query: hive.copyQuery,
    body: hive.noBody,
    success: { status: 200, description: 'Copied.', body: hive.pathResult },
    errors: ['INVALID_PARAMETER', 'FILE_NOT_FOUND', 'ALREADY_EXISTS', 'VAULT_FROZEN', 'INSUFFICIENT_STORAGE'],
    example: {
      request: 'PUT /api/v2/vault/files/docs/report.pdf?dest=archive/report.pdf',
      body: {},
      response: { name: 'archive/report.pdf' },
    },
  },
  hiveMoveFile: {
    operationId: 'hiveMoveFile',
    method: 'PATCH',
    path: '/api/v2/vault/files/{path}',
    auth: 'user',
    tag: 'Hive: Files',
    summary: 'Move or rename a file or folder (Hive SDK `move`)',
    params: files.filePathParams,
    multiSegmentParam: 'path',
    query: hive.moveQuery,
    body: hive.noBody,
    success: { status: 200, description: 'Moved.', body: hive.pathResult },
    errors: ['INVALID_PARAMETER', 'FILE_NOT_FOUND', 'ALREADY_EXISTS', 'VAULT_FROZEN'],
    example: {
      request: 'PATCH /api/v2/vault/files/docs/draft.txt?to=docs/final.txt',
      body: {},
      response: { name: 'docs/final.txt' },
    },
  },
  hiveListFiles: {
    operationId: 'hiveListFiles',
    method: 'GET',
    path: '/api/v2/vault/files/{path}',
    auth: 'user',
    tag: 'Hive: Files',
    summary: 'Every file below a folder (Hive SDK `list`)',
    description:
      "The reference's listing: every file below the folder, sub-folders included, no folder entries; the root is the empty path. A folder with no file below it is 404 (internal_code 6). (`?list=true` is the primary table's directory view.)",
    params: files.filePathParams,
    multiSegmentParam: 'path',
    query: hive.listQuery,
    success: { status: 200, description: 'The files.', body: hive.fileList },
    errors: ['INVALID_PARAMETER', 'FILE_NOT_FOUND'],
    example: {
      request: 'GET /api/v2/vault/files/album?comp=children',
      response: {
        value: [
          {
            name: 'album/2026/c.jpg',
            is_file: true,
            size: 48211,
            cid: SAMPLE_CID,
            created: 1767225600,
            updated: 1767225600,
            is_encrypt: false,
            encrypt_method: '',
          },
        ],
      },
    },
  },
  hiveFileHash: {
    operationId: 'hiveFileHash',
    method: 'GET',
    path: '/api/v2/vault/files/{path}',
    auth: 'user',
    tag: 'Hive: Files',
    summary: "The SHA-256 of a file's content (Hive SDK `hash`)",
    description: "The reference's hash; the primary table's `{path}/hash` answers the CID.",
    params: files.filePathParams,
    multiSegmentParam: 'path',
    query: hive.hashQuery,
    success: { status: 200, description: 'The digest.', body: hive.fileHash },
    errors: ['INVALID_PARAMETER', 'FILE_NOT_FOUND'],
    example: {
      request: 'GET /api/v2/vault/files/docs/report.pdf?comp=hash',
      response: {
        name: 'docs/report.pdf',
        algorithm: 'SHA256',
        hash: '2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae',
        cid: SAMPLE_CID,
      },
    },
  },
  hiveIpfsContent: {
    operationId: 'hiveIpfsContent',
    method: 'GET',
    path: '/ipfs/{cid}',
    auth: 'public',
    tag: 'Hive: Files',
    summary: 'The content of a public file by its CID (Hive SDK `IpfsRunner`)',
    description:
      'Serves only CIDs of files some vault uploaded with `public=true` and still holds so; any other CID is 404. No token.',
    params: hive.ipfsParams,
    success: { status: 200, description: 'The content.', binary: { ...binaryFile, ranges: true } },
    errors: ['INVALID_PARAMETER', 'NOT_FOUND', 'RANGE_NOT_SATISFIABLE'],
    example: { request: `GET /ipfs/${SAMPLE_CID}` },
  },
});
