/** Stored scripts: register, list, run (anonymous callers where the script allows), and the
 * streams of their file transactions. */
import { z } from 'zod';
import { defineEndpoints } from '../endpoint.js';
import * as files from '../schemas/files.js';
import * as scripts from '../schemas/scripts.js';
import { queryInt, querySkip } from '../schemas/common.js';
import { KiB, MiB, binaryFile } from './common.js';

export const scriptsEndpoints = defineEndpoints({
  listScripts: {
    operationId: 'listScripts',
    method: 'GET',
    path: '/api/v2/vault/scripting',
    auth: 'user',
    tag: 'Scripts',
    summary: "List the caller's scripts",
    description:
      "The caller's own scripts as registered, sorted by name; `[]` when there are none. Allowed on a frozen vault. `name` picks one script.",
    query: z.object({
      name: scripts.scriptName.optional().meta({ description: 'Only the script of this name.' }),
      skip: querySkip.optional(),
      limit: queryInt(0, 1000, 50)
        .optional()
        .meta({ description: 'At most this many (up to 1,000); 0 or absent = all.' }),
    }),
    success: { status: 200, description: 'The scripts.', body: scripts.scriptList },
    errors: ['INVALID_PARAMETER', 'VAULT_NOT_FOUND'],
  },
  registerScript: {
    operationId: 'registerScript',
    method: 'POST',
    path: '/api/v2/vault/scripting/{script_name}',
    auth: 'user',
    tag: 'Scripts',
    summary: 'Register (or replace) a script',
    description:
      "In the caller's own vault; registering a name again replaces the script (and voids its outstanding file transactions). Both the flat form and the reference's `body` form are accepted. Checked now, nothing stored on failure (400): known types and their fields, user collections only, no operator that runs code, conditions at most 5 levels deep, RE2-valid regular expressions, at most 128 KiB. Names starting with `__` are reserved (400); 403 (internal_code 1) on a frozen vault; 507 over the quota (a script counts as database usage).",
    params: scripts.scriptNameParams,
    body: scripts.registerScriptRequest,
    success: { status: 201, description: 'Registered.', body: scripts.registerScriptResponse },
    errors: ['INVALID_PARAMETER', 'VAULT_FROZEN', 'INSUFFICIENT_STORAGE', 'STORAGE_FULL', 'VAULT_NOT_FOUND'],
    bodyLimit: 256 * KiB,
  },
  runScript: {
    operationId: 'runScript',
    method: 'POST',
    path: '/api/v2/vault/scripting/{script_name}/run',
    auth: 'optional',
    tag: 'Scripts',
    summary: "Run a script of the target vault (default: the caller's own)",
    description:
      "Runs the script named in the vault of `context.target_did` (default: the caller's own), in the space of `context.target_app_did` (absent: that vault's default space; no context: the caller's own space, the application of their token); the script is looked up there only. Works without a token only for scripts registered with `allowAnonymousUser` and `allowAnonymousApp` (then `context.target_did` is required, and anonymous runs are limited per IP: 429 with `Retry-After`); a token that is sent must be valid (401). A script missing in the target vault and an unmet condition are 400 (as the reference); 404 (internal_code 1) when the target has no vault; 403 (internal_code 1) when the target vault is frozen and the script writes; 507 when a write passes the owner's quota. Parameters are data: keys starting with `$` in them are refused (400). The condition and every `find` and `count` are time-bounded queries (the node's default bound; past it 400 with internal_code 50) taking turns with the caller's other queries (the caller's DID, or the address of an anonymous caller: past the waiting line 429 with `Retry-After`).",
    params: scripts.scriptNameParams,
    body: scripts.runScriptRequest.optional(),
    // The budget is `CELLA_ANONYMOUS_RUNS_PER_MINUTE` (config `anonymousRunsPerMinute`).
    rateLimit: { bucket: 'anonymous-script-runs', key: 'anonymous-ip' },
    success: { status: 201, description: 'The results.', body: scripts.runScriptResponse },
    examples: {
      response: {
        find: {
          summary: 'A find executable named get_messages',
          value: scripts.runScriptExample,
        },
        fileUpload: {
          summary: 'A fileUpload: PUT the bytes to /api/v2/vault/scripting/stream/{transaction_id}',
          value: scripts.fileExecutableResults.fileUpload,
        },
        fileProperties: {
          summary: 'A fileProperties executable',
          value: scripts.fileExecutableResults.fileProperties,
        },
        fileHash: { summary: 'A fileHash executable', value: scripts.fileExecutableResults.fileHash },
      },
      errors: { BAD_REQUEST: "the caller can't match the condition of this script" },
    },
    errors: [
      'INVALID_PARAMETER',
      'BAD_REQUEST',
      'QUERY_TIMEOUT',
      'UNAUTHORIZED',
      'VAULT_NOT_FOUND',
      'COLLECTION_NOT_FOUND',
      'FILE_NOT_FOUND',
      'VAULT_FROZEN',
      'INSUFFICIENT_STORAGE',
      'STORAGE_FULL',
      'RATE_LIMITED',
    ],
    bodyLimit: 1 * MiB,
  },
  unregisterScript: {
    operationId: 'unregisterScript',
    method: 'DELETE',
    path: '/api/v2/vault/scripting/{script_name}',
    auth: 'user',
    tag: 'Scripts',
    summary: 'Remove a script',
    description:
      "From the caller's own vault; its outstanding file transactions are voided. 404 (internal_code 3) when there is no such script; 403 (internal_code 1) on a frozen vault.",
    params: scripts.scriptNameParams,
    success: { status: 204, description: 'Removed.' },
    errors: ['INVALID_PARAMETER', 'SCRIPT_NOT_FOUND', 'VAULT_FROZEN', 'VAULT_NOT_FOUND'],
  },
  uploadByTransaction: {
    operationId: 'uploadByTransaction',
    method: 'PUT',
    path: '/api/v2/vault/scripting/stream/{transaction_id}',
    auth: 'optional',
    tag: 'Scripts',
    summary: 'Upload the content of a fileUpload transaction',
    description:
      "The raw bytes of the file a `fileUpload` executable named. Single use; expires (default one hour): an unknown, used or expired id is a 400 (internal_code 1). Only the caller who ran the script may use it (another user: 403; no token: 401), unless the script allows anonymous callers. The file goes to the path the script fixed in the owner's vault, charged to the owner's quota (507); 403 (internal_code 1) when that vault is frozen.",
    params: scripts.transactionParams,
    binaryBody: binaryFile,
    success: { status: 200, description: 'Stored.', body: files.uploadResponse },
    errors: [
      'INVALID_PARAMETER',
      'BAD_REQUEST',
      'UNAUTHORIZED',
      'FORBIDDEN',
      'VAULT_NOT_FOUND',
      'ALREADY_EXISTS',
      'VAULT_FROZEN',
      'INSUFFICIENT_STORAGE',
      'STORAGE_FULL',
    ],
  },
  downloadByTransaction: {
    operationId: 'downloadByTransaction',
    method: 'GET',
    path: '/api/v2/vault/scripting/stream/{transaction_id}',
    auth: 'optional',
    tag: 'Scripts',
    summary: 'Download the content of a fileDownload transaction',
    description:
      "The bytes of the file a `fileDownload` executable named, as a file download answers them (`Range`, 206, `ETag`). Single use (a range request uses it too); expires (default one hour): an unknown, used or expired id is a 400 (internal_code 1). Bound to its caller (another user: 403; no token: 401) unless the script allows anonymous callers. 404 (internal_code 6) when the file was deleted since the run. A request body is ignored (never read): the reference node's own tests send the file bytes with this GET.",
    params: scripts.transactionParams,
    ignoresBody: true,
    success: { status: 200, description: 'The content.', binary: { ...binaryFile, ranges: true } },
    errors: [
      'INVALID_PARAMETER',
      'BAD_REQUEST',
      'UNAUTHORIZED',
      'FORBIDDEN',
      'VAULT_NOT_FOUND',
      'FILE_NOT_FOUND',
      'RANGE_NOT_SATISFIABLE',
    ],
  },
});
