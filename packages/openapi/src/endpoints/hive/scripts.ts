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
  'UNAUTHORIZED',
  'VAULT_NOT_FOUND',
  'COLLECTION_NOT_FOUND',
  'FILE_NOT_FOUND',
  'VAULT_FROZEN',
  'INSUFFICIENT_STORAGE',
  'RATE_LIMITED',
] as const;
const OWNER = 'did:elastos:iXyZ8qUMM3kXyDPmEJmpSBE5q2rtHc8rzN';
const APP = 'did:elastos:ic8pRXyAT3JqEXo4PzHQHv5rsoYyEyDwpB';

export const hiveScriptsEndpoints = defineEndpoints({
  hiveListScripts: {
    operationId: 'hiveListScripts',
    method: 'GET',
    path: '/api/v2/vault/scripting/scripts',
    auth: 'user',
    tag: 'Hive: Scripts',
    summary: "The caller's scripts (Hive SDK `getScripts`)",
    description: "In the caller's space, by name. None is 404 (internal_code 3), as the reference.",
    success: { status: 200, description: 'The scripts.', body: scripts.scriptList },
    errors: ['SCRIPT_NOT_FOUND'],
    example: {
      request: 'GET /api/v2/vault/scripting/scripts',
      response: {
        scripts: [
          {
            name: 'get_messages',
            executable: {
              name: 'get_messages',
              type: 'find',
              body: { collection: 'messages', filter: { author: '$params.author' } },
            },
            allowAnonymousUser: false,
            allowAnonymousApp: false,
          },
        ],
      },
    },
  },
  hiveRegisterScript: {
    operationId: 'hiveRegisterScript',
    method: 'PUT',
    path: '/api/v2/vault/scripting/{script_name}',
    auth: 'user',
    tag: 'Hive: Scripts',
    summary: 'Register (or replace) a script (Hive SDK `registerScript`)',
    description:
      "In the caller's space. The reference's `{name, type, body, output}` executables and conditions.",
    params: scripts.scriptNameParams,
    body: hive.registerRequest,
    success: { status: 200, description: 'Registered.', body: scripts.registerScriptResponse },
    errors: ['INVALID_PARAMETER', 'VAULT_FROZEN', 'INSUFFICIENT_STORAGE'],
    bodyLimit: 256 * KiB,
    example: {
      request: 'PUT /api/v2/vault/scripting/get_messages',
      body: {
        executable: {
          name: 'get_messages',
          type: 'find',
          body: {
            collection: 'messages',
            filter: { author: '$params.author' },
            options: { sort: [['n', -1]] },
          },
          output: true,
        },
        condition: {
          name: 'has_messages',
          type: 'queryHasResults',
          body: { collection: 'messages', filter: { author: '$params.author' } },
        },
        allowAnonymousUser: false,
        allowAnonymousApp: false,
      },
      response: { acknowledged: true, matched_count: 0, modified_count: 0, upserted_id: 'get_messages' },
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
      "In the target's space of `context` (`target_did`, `target_app_did`); without a context, the caller's own. Anonymous callers only for scripts registered with both anonymous flags. `__anonymous_files__` is the node's own: a download transaction of a file uploaded as public (`params.path`).",
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
    example: {
      request: 'PATCH /api/v2/vault/scripting/get_messages',
      body: { context: { target_did: OWNER, target_app_did: APP }, params: { author: 'alice' } },
      response: {
        get_messages: {
          total: 1,
          items: [{ _id: { $oid: '65a1b2c3d4e5f60718293a4b' }, author: 'alice', n: 3 }],
        },
      },
    },
  },
  hiveRunScriptUrl: {
    operationId: 'hiveRunScriptUrl',
    method: 'GET',
    path: '/api/v2/vault/scripting/{script_name}/{target}/{params}',
    auth: 'optional',
    tag: 'Hive: Scripts',
    summary: 'Run a script from its URL alone (Hive SDK `callScriptUrl`, `hive://` URLs)',
    description:
      '`{target}` is `<target DID>@<application DID>`; everything after it is the URL-encoded JSON of the parameters (a `/` inside them is kept).',
    params: hive.runUrlParams,
    multiSegmentParam: 'params',
    rateLimit: anonymousRuns,
    success: {
      status: 200,
      description: 'The results, by executable name.',
      body: scripts.runScriptResponse,
    },
    errors: [...runErrors],
    example: {
      request: `GET /api/v2/vault/scripting/get_messages/${OWNER}@${APP}/%7B%22author%22:%22alice%22%7D`,
      response: { get_messages: { total: 1, items: [{ author: 'alice', n: 3 }] } },
    },
  },
});
