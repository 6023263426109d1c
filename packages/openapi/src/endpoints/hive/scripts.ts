/**
 * The Hive dialect's script routes (the Hive SDK's ScriptingService, ScriptRunner and
 * AnonymousScriptRunner). Unregistering and the transaction streams are shared with the primary table.
 */
import { defineEndpoints } from '../../endpoint.js';
import * as scripts from '../../schemas/scripts.js';
import * as hive from '../../schemas/hive/scripts.js';
import { KiB, MiB } from '../common.js';

const anonymousRuns = { bucket: 'anonymous-script-runs', key: 'anonymous-ip' } as const;
const runErrors = [
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
] as const;

export const hiveScriptsEndpoints = defineEndpoints({
  hiveListScripts: {
    operationId: 'hiveListScripts',
    method: 'GET',
    path: '/api/v2/vault/scripting/scripts',
    auth: 'user',
    tag: 'Hive: Scripts',
    summary: "The caller's scripts (Hive SDK `getScripts`)",
    description:
      'The caller, in their own space: their scripts sorted by name, with conditions and executables as registered; `name` picks one, `skip` and `limit` page (0 = no limit: the Java SDK sends `skip=0&limit=0`). None is 404 (internal_code 3), as the reference.',
    query: hive.listQuery,
    success: { status: 200, description: 'The scripts.', body: scripts.scriptList },
    errors: ['INVALID_PARAMETER', 'SCRIPT_NOT_FOUND'],
  },
  hiveRegisterScript: {
    operationId: 'hiveRegisterScript',
    method: 'PUT',
    path: '/api/v2/vault/scripting/{script_name}',
    auth: 'user',
    tag: 'Hive: Scripts',
    summary: 'Register (or replace) a script (Hive SDK `registerScript`)',
    description:
      "The caller, in their own space: registers the script, or replaces one of that name. Executables and conditions in Cella's form or the reference's `{name, type, body, output}`. Names starting with `__` are 400; 403 (internal_code 1) on a frozen vault; 507 over quota.",
    params: scripts.scriptNameParams,
    body: scripts.registerScriptRequest,
    success: { status: 200, description: 'Registered.', body: scripts.registerScriptResponse },
    errors: ['INVALID_PARAMETER', 'VAULT_FROZEN', 'INSUFFICIENT_STORAGE', 'STORAGE_FULL'],
    bodyLimit: 256 * KiB,
    examples: {
      body: {
        reference: {
          summary: "The reference's form, as the Hive SDK sends it",
          value: {
            executable: {
              name: 'get_messages',
              type: 'find',
              body: {
                collection: 'messages',
                filter: { to: '$caller_did' },
                options: { limit: '$params.limit', sort: { created: -1 } },
              },
              output: true,
            },
            condition: {
              name: 'is_friend',
              type: 'queryHasResults',
              body: { collection: 'friends', filter: { did: '$caller_did' } },
            },
            allowAnonymousUser: false,
            allowAnonymousApp: false,
          },
        },
      },
    },
  },
  hiveRunScript: {
    operationId: 'hiveRunScript',
    method: 'PATCH',
    path: '/api/v2/vault/scripting/{script_name}',
    auth: 'optional',
    tag: 'Hive: Scripts',
    summary: 'Run a script (Hive SDK `callScript`)',
    description:
      "In the target's space of `context` (`target_did`, `target_app_did`); without a context, the caller's own. Anonymous callers only for scripts registered with both anonymous flags, rate limited per IP (429). `__anonymous_files__` is the node's own: a download transaction of a file uploaded as public (`params.path`). A missing script and an unmet condition are 400 (as the reference); 404 (internal_code 1) when the target has no vault.",
    params: scripts.scriptNameParams,
    body: hive.runRequest.optional(),
    rateLimit: anonymousRuns,
    success: {
      status: 200,
      description: 'The results, by executable name.',
      body: scripts.runScriptResponse,
    },
    errors: [...runErrors],
    bodyLimit: 1 * MiB,
    examples: { errors: { BAD_REQUEST: "the caller can't match the condition of this script" } },
  },
  hiveRunScriptUrl: {
    operationId: 'hiveRunScriptUrl',
    method: 'GET',
    path: '/api/v2/vault/scripting/{script_name}/{target}/{params}',
    auth: 'optional',
    tag: 'Hive: Scripts',
    summary: 'Run a script from its URL alone (Hive SDK `callScriptUrl`, `hive://` URLs)',
    description:
      'As the PATCH run, from the URL alone (`hive://` URLs): `{target}` is `<target DID>@<application DID>`; everything after it is the URL-encoded JSON of the parameters (a `/` inside them is kept). Anonymous callers only for scripts that allow them.',
    params: hive.runUrlParams,
    multiSegmentParam: 'params',
    rateLimit: anonymousRuns,
    success: {
      status: 200,
      description: 'The results, by executable name.',
      body: scripts.runScriptResponse,
    },
    errors: [...runErrors],
  },
});
