/** The Hive dialect's node routes: the commit id and the reference's `/about` aliases. */
import { defineEndpoints } from '../../endpoint.js';
import * as node from '../../schemas/node.js';
import * as hive from '../../schemas/hive/node.js';

export const hiveNodeEndpoints = defineEndpoints({
  hiveCommitId: {
    operationId: 'hiveCommitId',
    method: 'GET',
    path: '/api/v2/node/commit_id',
    auth: 'public',
    tag: 'Hive: Node',
    summary: 'The commit the node was built from (Hive SDK `getLatestCommitId`)',
    description: "`CELLA_COMMIT_ID` when the build set it, else the node's version.",
    success: { status: 200, description: 'The commit id.', body: hive.commitId },
    errors: [],
    example: { request: 'GET /api/v2/node/commit_id', response: { commit_id: '81fa6f0' } },
  },
  hiveAboutVersion: {
    operationId: 'hiveAboutVersion',
    method: 'GET',
    path: '/api/v2/about/version',
    auth: 'public',
    tag: 'Hive: Node',
    summary: "The node's version (the reference's alias of `/node/version`)",
    success: { status: 200, description: 'The version.', body: node.nodeVersion },
    errors: [],
    example: {
      request: 'GET /api/v2/about/version',
      response: { major: 0, minor: 1, patch: 0, version: '0.1.0' },
    },
  },
  hiveAboutCommitId: {
    operationId: 'hiveAboutCommitId',
    method: 'GET',
    path: '/api/v2/about/commit_id',
    auth: 'public',
    tag: 'Hive: Node',
    summary: "The commit the node was built from (the reference's alias of `/node/commit_id`)",
    success: { status: 200, description: 'The commit id.', body: hive.commitId },
    errors: [],
    example: { request: 'GET /api/v2/about/commit_id', response: { commit_id: '81fa6f0' } },
  },
});
