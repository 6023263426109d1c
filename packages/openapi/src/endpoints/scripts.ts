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
    query: z.object({
      name: scripts.scriptName.optional(),
      skip: querySkip.optional(),
      limit: queryInt(0, 1000).optional(),
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
    params: scripts.scriptNameParams,
    body: scripts.registerScriptRequest,
    success: { status: 201, description: 'Registered.', body: scripts.registerScriptResponse },
    errors: ['INVALID_PARAMETER', 'VAULT_FROZEN', 'INSUFFICIENT_STORAGE', 'VAULT_NOT_FOUND'],
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
      'Works without a token only for scripts registered with `allowAnonymousUser` and `allowAnonymousApp` (then `context.target_did` is required); a token that is sent must be valid (401). A script missing in the target vault and an unmet condition are 400 (as the reference).',
    params: scripts.scriptNameParams,
    body: scripts.runScriptRequest.optional(),
    // The budget is `CELLA_ANONYMOUS_RUNS_PER_MINUTE` (config `anonymousRunsPerMinute`).
    rateLimit: { bucket: 'anonymous-script-runs', key: 'anonymous-ip' },
    success: { status: 201, description: 'The results.', body: scripts.runScriptResponse },
    errors: [
      'INVALID_PARAMETER',
      'BAD_REQUEST',
      'UNAUTHORIZED',
      'VAULT_NOT_FOUND',
      'COLLECTION_NOT_FOUND',
      'FILE_NOT_FOUND',
      'VAULT_FROZEN',
      'INSUFFICIENT_STORAGE',
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
      "Single use; expires (default one hour). Only the caller who ran the script may use it, unless the script allows anonymous callers. The file goes to the path the script fixed in the owner's vault.",
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
      'Single use (a range request uses it too); expires (default one hour); bound to its caller unless the script allows anonymous callers.',
    params: scripts.transactionParams,
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
