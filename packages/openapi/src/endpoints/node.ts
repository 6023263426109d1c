/** The node itself: version, identity, health, this document and its reference page. */
import { z } from 'zod';
import { defineEndpoints } from '../endpoint.js';
import * as node from '../schemas/node.js';

export const nodeEndpoints = defineEndpoints({
  nodeVersion: {
    operationId: 'nodeVersion',
    method: 'GET',
    path: '/api/v2/node/version',
    auth: 'public',
    tag: 'Node',
    summary: 'Version of the node software',
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
    success: { status: 200, description: 'The node is serving.', body: node.health },
    errors: [],
  },

  openApiDocument: {
    operationId: 'openApiDocument',
    method: 'GET',
    path: '/api/v2/openapi.json',
    auth: 'public',
    tag: 'Node',
    summary: 'This OpenAPI document',
    success: {
      status: 200,
      description: 'The OpenAPI 3.1 document.',
      body: z.record(z.string(), z.unknown()),
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
    success: {
      status: 200,
      description: 'An HTML page.',
      binary: { contentType: 'text/html', description: 'The page.' },
    },
    errors: [],
  },
});
