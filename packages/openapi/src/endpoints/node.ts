/** The node itself: version, identity, health, this document and its reference page. */
import { defineEndpoints } from '../endpoint.js';
import * as node from '../schemas/node.js';

export const nodeEndpoints = defineEndpoints({
  nodeVersion: {
    operationId: 'nodeVersion',
    method: 'GET',
    path: '/api/v2/node/version',
    auth: 'public',
    tag: 'Node',
    summary: 'The Hive Node API level served, and the node software version',
    description:
      "Public: no token. `major`, `minor`, `patch` and `version` are the release of the reference Hive Node whose v2 API this node serves (2.9.2): a dApp built for that release or an earlier one works unchanged, and one that checks the node's version (as the Hive SDKs' own tests do) reads a real release. `node_version` is the Cella software's own version. Never refused.",
    success: { status: 200, description: 'The version.', body: node.nodeVersion },
    errors: [],
  },
  nodeInfo: {
    operationId: 'nodeInfo',
    method: 'GET',
    path: '/api/v2/node/info',
    auth: 'user',
    tag: 'Node',
    summary: 'Identity, role and engines of the node',
    description:
      "Any signed-in user (as the reference). The node's DID (the `iss` of its challenges and tokens, the realm of a sign-in), its display name, its role and the storage engines behind it; and the reference's fields: the owner with the node's presentation of its ownership credential, the operator's contact, the counts of users, vaults and backups, the latest access, memory and storage figures. 401 without a valid token.",
    success: { status: 200, description: 'Node information.', body: node.nodeInfo },
    errors: [],
  },
  health: {
    operationId: 'health',
    method: 'GET',
    path: '/api/v2/health',
    auth: 'public',
    tag: 'Node',
    summary: 'Liveness probe',
    description:
      'Public: no token. Answers 200 while the process serves requests; load balancers and orchestrators poll it. It does not check the engines: a failing database shows as 503s on the calls that use it.',
    success: { status: 200, description: 'The node is serving.', body: node.health },
    errors: [],
  },
  readiness: {
    operationId: 'readiness',
    method: 'GET',
    path: '/api/v2/health/ready',
    auth: 'public',
    tag: 'Node',
    summary: 'Readiness probe',
    description:
      'Checks, in parallel and each within 2 seconds, every part the node needs: the document store, ' +
      "the block store, the node's own disk (`storage`: failed with `storage full` below " +
      '`CELLA_MIN_FREE_BYTES` of free space), and the identity chain and payment chain when they are ' +
      'configured. 200 when all answer; 503 naming the parts that did not, with the status of each. ' +
      'Concurrent probes share ' +
      'one check, and an answer is reused for one second. `/api/v2/health` stays the cheap liveness probe.',
    success: { status: 200, description: 'Every part answered.', body: node.readiness },
    errors: ['UNAVAILABLE'],
    errorBodies: { 503: node.notReady },
  },

  nodeDidDocument: {
    operationId: 'nodeDidDocument',
    method: 'GET',
    path: '/.well-known/did.json',
    auth: 'public',
    tag: 'Node',
    summary: "The node's DID document",
    description:
      "Public: no token. The node's own DID document: its DID (the `iss` of every challenge and token it signs, the realm of a sign-in) and the key they are signed with. A client can verify a challenge before answering it without resolving the node's DID on the identity chain: check that the document is genuine (its id derives from its key and its proof verifies, see the sign-in protocol), that its `id` is the challenge's `iss`, and the challenge's ES256 signature with the key its `kid` names. Never refused.",
    success: { status: 200, description: "The node's DID document.", body: node.nodeDidDocument },
    errors: [],
  },
  openApiDocument: {
    operationId: 'openApiDocument',
    method: 'GET',
    path: '/api/v2/openapi.json',
    auth: 'public',
    tag: 'Node',
    summary: 'This OpenAPI document',
    description:
      "Public: no token. The contract of this node's `/api/v2` (the primary dialect) as an OpenAPI 3.1 document (the file `openapi.json` of `@cella/openapi`), from which clients and their types can be generated. `servers` names this node: its public URL (`CELLA_PUBLIC_URL`) when configured, else the origin the request was sent to.",
    success: {
      status: 200,
      description: 'The OpenAPI 3.1 document.',
      body: node.openApiDocument,
    },
    errors: [],
  },
  openApiHiveDocument: {
    operationId: 'openApiHiveDocument',
    method: 'GET',
    path: '/api/v2/openapi-hive.json',
    auth: 'public',
    tag: 'Node',
    summary: "The Hive dialect's OpenAPI document",
    description:
      "Public: no token. The reference Hive Node's routes as this node serves them (the file `openapi-hive.json` of `@cella/openapi`): a document of its own, because the reference tells some operations apart by the query alone, which OpenAPI lists as one operation per method and path. `servers` names this node, as in `/api/v2/openapi.json`.",
    success: {
      status: 200,
      description: 'The OpenAPI 3.1 document of the Hive dialect.',
      body: node.openApiDocument,
    },
    errors: [],
  },
  apiReference: {
    operationId: 'apiReference',
    method: 'GET',
    path: '/api/v2/docs',
    auth: 'public',
    tag: 'Node',
    summary: 'The API reference page (self-contained HTML)',
    description:
      'Public: no token. This reference as one HTML page (Redoc with the document inlined): it loads nothing from other hosts, so it works offline and under a strict Content-Security-Policy.',
    success: {
      status: 200,
      description: 'An HTML page.',
      binary: { contentType: 'text/html', description: 'The page.' },
    },
    errors: [],
  },
  apiReferenceHive: {
    operationId: 'apiReferenceHive',
    method: 'GET',
    path: '/api/v2/docs/hive',
    auth: 'public',
    tag: 'Node',
    summary: "The Hive dialect's reference page (self-contained HTML)",
    description:
      'Public: no token. The reference of the Hive dialect (`/api/v2/openapi-hive.json`) as one HTML page, self-contained like `/api/v2/docs`.',
    success: {
      status: 200,
      description: 'An HTML page.',
      binary: { contentType: 'text/html', description: 'The page.' },
    },
    errors: [],
  },
});
