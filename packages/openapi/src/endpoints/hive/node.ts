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
    description:
      "Public: no token. The git commit the node was built from, as the build set it (`CELLA_COMMIT_ID`), else the node's version; the Hive SDK compares it to tell node builds apart. Never refused.",
    success: { status: 200, description: 'The commit id.', body: hive.commitId },
    errors: [],
  },
  hiveAboutVersion: {
    operationId: 'hiveAboutVersion',
    method: 'GET',
    path: '/api/v2/about/version',
    auth: 'public',
    tag: 'Hive: Node',
    summary: "The node's version (the reference's alias of `/node/version`)",
    description:
      "Public: no token. The reference's alias of `GET /api/v2/node/version`: the node software's version, whole and split into numbers. Never refused.",
    success: { status: 200, description: 'The version.', body: node.nodeVersion },
    errors: [],
  },
  hiveAboutCommitId: {
    operationId: 'hiveAboutCommitId',
    method: 'GET',
    path: '/api/v2/about/commit_id',
    auth: 'public',
    tag: 'Hive: Node',
    summary: "The commit the node was built from (the reference's alias of `/node/commit_id`)",
    description:
      "Public: no token. The reference's alias of `GET /api/v2/node/commit_id`: the build's git commit, else the node's version. Never refused.",
    success: { status: 200, description: 'The commit id.', body: hive.commitId },
    errors: [],
  },
});
