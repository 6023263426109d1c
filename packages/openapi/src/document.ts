/** Builds the OpenAPI 3.1 document from the endpoint table. */
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponseObject,
} from 'zod-openapi';
import { MAX_REQUEST_HEAD_BYTES, rateLimitsOf, type Endpoint } from './endpoint.js';
import { endpointList } from './endpoints/index.js';
import { errorCatalogue, type ErrorCode } from './error-codes.js';
import { errorBody } from './errors.js';

export const contractVersion = '2.0.0';

/** Refusals the node can give on any request, before or around its endpoint's own checks. */
const EVERY_REQUEST: ErrorCode[] = [
  // A malformed URL, or a query parameter the endpoint does not know.
  'INVALID_PARAMETER',
  'REQUEST_TIMEOUT',
  'URI_TOO_LONG',
  'HEADERS_TOO_LARGE',
  // Every endpoint is counted under its auth mode's rate limits (MODE_RATE_LIMITS).
  'RATE_LIMITED',
  'INTERNAL',
  'OVERLOADED',
];

const sharedResponses = new Map<string, ZodOpenApiResponseObject>();

/** One response object per set of codes, registered as a component (`$ref` in operations). */
function shared(codes: ErrorCode[], response: ZodOpenApiResponseObject): ZodOpenApiResponseObject {
  const id = codes
    .map((code) =>
      code
        .toLowerCase()
        .split('_')
        .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
        .join(''),
    )
    .join('Or');
  let known = sharedResponses.get(id);
  if (!known) sharedResponses.set(id, (known = { ...response, id }));
  return known;
}

function errorsOf(endpoint: Endpoint): ErrorCode[] {
  const codes = new Set<ErrorCode>(endpoint.errors);
  if (endpoint.auth === 'user' || endpoint.auth === 'node') codes.add('UNAUTHORIZED');
  if (endpoint.body || endpoint.bodyLimit) codes.add('PAYLOAD_TOO_LARGE');
  for (const code of EVERY_REQUEST) codes.add(code);
  return [...codes];
}

function responsesOf(endpoint: Endpoint): ZodOpenApiOperationObject['responses'] {
  const responses: Record<string, ZodOpenApiResponseObject> = {};
  const { success } = endpoint;
  const content: Record<string, { schema: unknown }> = {};
  if (success.binary)
    content[success.binary.contentType] = {
      schema: { type: 'string', contentMediaType: success.binary.contentType },
    };
  if (success.body) content['application/json'] = { schema: success.body };
  responses[String(success.status)] = {
    description: success.description,
    ...(Object.keys(content).length > 0 ? { content: content as never } : {}),
    ...(success.binary && success.binary.contentType === 'application/octet-stream'
      ? { headers: { ETag: { description: 'The CID of the content.', schema: { type: 'string' } } } }
      : {}),
  };
  if (success.binary?.ranges) {
    responses['206'] = {
      description: 'Partial content for a `Range` request.',
      content: {
        [success.binary.contentType]: {
          schema: { type: 'string', contentMediaType: success.binary.contentType },
        },
      } as never,
    };
  }
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorsOf(endpoint)) {
    const status = errorCatalogue[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  for (const [status, codes] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    const lines = codes.map((code) => {
      const entry: { internalCode?: number; description: string } = errorCatalogue[code];
      return `\`${code}\`${entry.internalCode !== undefined ? ` (internal_code ${entry.internalCode})` : ''}: ${entry.description}`;
    });
    const response: ZodOpenApiResponseObject = {
      description: lines.join('\n\n'),
      content: { 'application/json': { schema: errorBody } },
    };
    // A refusal any request can get is one shared component, referenced by every operation.
    responses[String(status)] = codes.every((code) => EVERY_REQUEST.includes(code))
      ? shared(codes, response)
      : response;
  }
  return responses;
}

function operationOf(endpoint: Endpoint): ZodOpenApiOperationObject {
  const operation: ZodOpenApiOperationObject = {
    operationId: endpoint.operationId,
    tags: [endpoint.tag],
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    security:
      endpoint.auth === 'public'
        ? []
        : endpoint.auth === 'optional'
          ? [{}, { bearer: [] }]
          : [{ bearer: [] }],
    responses: responsesOf(endpoint),
  };
  if (endpoint.params || endpoint.query) {
    operation.requestParams = {
      ...(endpoint.params ? { path: endpoint.params } : {}),
      ...(endpoint.query ? { query: endpoint.query } : {}),
    };
  }
  if (endpoint.body) {
    operation.requestBody = {
      required: !endpoint.body.safeParse(undefined).success,
      content: { 'application/json': { schema: endpoint.body } },
    };
  } else if (endpoint.binaryBody) {
    // A streamed body is read as raw bytes whatever its Content-Type, so the generic binary type
    // is accepted beside the specific one.
    const types = [...new Set([endpoint.binaryBody.contentType, 'application/octet-stream'])];
    operation.requestBody = {
      required: true,
      description: endpoint.binaryBody.description,
      content: Object.fromEntries(
        types.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]),
      ) as never,
    };
  }
  const extensions: Record<string, unknown> = { 'x-cella-auth': endpoint.auth };
  if (endpoint.bodyLimit) extensions['x-cella-body-limit'] = endpoint.bodyLimit;
  extensions['x-cella-rate-limit'] = rateLimitsOf(endpoint);
  if (endpoint.internal) extensions['x-internal'] = true;
  return Object.assign(operation, extensions);
}

export function buildOpenApiDocument(): ReturnType<typeof createDocument> {
  const paths: ZodOpenApiPathsObject = {};
  for (const endpoint of endpointList) {
    const item = (paths[endpoint.path] ??= {});
    (item as Record<string, ZodOpenApiOperationObject>)[endpoint.method.toLowerCase()] =
      operationOf(endpoint);
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Cella vault node API',
      version: contractVersion,
      description:
        'The /api/v2 interface of a Cella personal-vault node: DID sign-in, a per-user document database, IPFS-backed files, stored scripts, plans and payment, backup.\n\n' +
        'Every error answers with `{"error": {"message", "internal_code"?}}`. Authenticate with `Authorization: Bearer <token>` from `/api/v2/did/auth` (the reference form `token <jwt>` is accepted too).\n\n' +
        `Bounds: a request line and headers of at most ${MAX_REQUEST_HEAD_BYTES / 1024} KiB; every endpoint is rate limited (\`x-cella-rate-limit\`: per DID with a token, per IP without; 429 with \`Retry-After\`); lists are answered as they are read, at most 16 MiB per answer by default, and a list cut there says \`next_skip\`, the \`skip\` that continues it.`,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: 'http://127.0.0.1:5000', description: 'A local node with the default configuration' }],
    tags: [
      { name: 'Node' },
      { name: 'Authentication' },
      { name: 'Subscription' },
      { name: 'Database' },
      { name: 'Files' },
      { name: 'Scripts' },
      { name: 'Payment' },
      { name: 'Backup' },
      {
        name: 'Backup node (internal)',
        description: 'Node-to-node calls between a vault node and its backup node.',
      },
    ],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
    paths,
  });
}
