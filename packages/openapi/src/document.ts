/** Builds the OpenAPI 3.1 document from the endpoint table. */
import { z } from 'zod';
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponseObject,
} from 'zod-openapi';
import {
  MAX_REQUEST_HEAD_BYTES,
  rateLimitsOf,
  type Endpoint,
  type Example,
  type HiveTag,
} from './endpoint.js';
import { hiveEndpointList } from './endpoints/hive/index.js';
import { endpointList } from './endpoints/index.js';
import { errorBodyFor, errorCatalogue, type ErrorCode } from './error-codes.js';
import { errorExampleMessages } from './error-examples.js';
import { errorBody } from './errors.js';
import { signInProtocolMarkdown } from './sign-in-protocol.js';

export const contractVersion = '2.0.0';

const hiveTags: [HiveTag, string][] = [
  ['Hive: Node', "The reference Hive Node's node routes (Hive dialect)."],
  ['Hive: Subscription', 'Pricing plans, application statistics and the backup service (Hive dialect).'],
  ['Hive: Database', "The reference's database routes: collections, documents, queries (Hive dialect)."],
  [
    'Hive: Files',
    "The reference's file routes: upload flags, copy, move, listing, SHA-256, public files (Hive dialect).",
  ],
  ['Hive: Scripts', "The reference's script routes: register, run, run by URL, list (Hive dialect)."],
  ['Hive: Payment', "The reference's payment routes: orders, settlement, receipts (Hive dialect)."],
  ['Hive: Backup', "The reference's backup routes: `/vault/content`, promotion (Hive dialect)."],
  ['Hive: Provider', "The node owner's view of every vault, backup and settled order (Hive dialect)."],
];

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
function sharedResponse(codes: ErrorCode[], response: ZodOpenApiResponseObject): ZodOpenApiResponseObject {
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

type Named = Record<string, Example>;

/** The schema under `.optional()`, `.nullable()`, `.default()` and the like. */
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (;;) {
    const def = current._zod.def as { type: string; innerType?: z.ZodType };
    if (!def.innerType || !['optional', 'nullable', 'default', 'prefault', 'readonly'].includes(def.type))
      return current;
    current = def.innerType;
  }
}

/** A schema's `.meta({ examples })`, also when declared on a schema it was derived from. */
function metaExamples(schema: z.ZodType): { id?: string; examples: unknown[] } | undefined {
  for (let s: z.core.$ZodType | undefined = schema; s; s = s._zod.parent) {
    const meta = z.globalRegistry.get(s);
    if (Array.isArray(meta?.examples) && meta.examples.length > 0)
      return { id: z.globalRegistry.get(schema)?.id ?? meta.id, examples: meta.examples };
  }
  return undefined;
}

/**
 * An example several operations show (a schema's, the catalogue's error message): one object per
 * id, which zod-openapi writes once under `components/examples` and refers to everywhere.
 */
const sharedExamples = new Map<string, Example & { id: string }>();
function shared(id: string, make: () => Example): Example {
  let example = sharedExamples.get(id);
  if (!example) sharedExamples.set(id, (example = { id, ...make() }));
  return example;
}

/** The named examples of a body schema: its own, or (a union) those of its members, by member id. */
export function schemaExamples(schema: z.ZodType): Named | undefined {
  const inner = unwrap(schema);
  const own = metaExamples(inner);
  const sources =
    own !== undefined
      ? [own]
      : inner._zod.def.type === 'union'
        ? (inner._zod.def as unknown as { options: z.ZodType[] }).options.flatMap(
            (o) => metaExamples(o) ?? [],
          )
        : [];
  const named: Named = {};
  for (const { id, examples } of sources)
    examples.forEach((value, i) => {
      const name = `${id ?? 'example'}${examples.length > 1 ? `-${i + 1}` : ''}`;
      named[name] = id ? shared(name, () => ({ value })) : { value };
    });
  return Object.keys(named).length > 0 ? named : undefined;
}

const withExamples = (examples: Named | undefined) => (examples ? { examples } : {});

function responsesOf(endpoint: Endpoint): ZodOpenApiOperationObject['responses'] {
  const responses: Record<string, ZodOpenApiResponseObject> = {};
  const { success } = endpoint;
  const content: Record<string, { schema: unknown; examples?: Named }> = {};
  if (success.binary)
    content[success.binary.contentType] = {
      schema: { type: 'string', contentMediaType: success.binary.contentType },
    };
  if (success.body)
    content['application/json'] = {
      schema: success.body,
      ...withExamples(endpoint.examples?.response ?? schemaExamples(success.body)),
    };
  // A Server-Sent Events stream: the schema is that of one event's `data:` (so clients generated
  // from the document type the events), the example a piece of the stream as sent.
  if (success.events)
    content['text/event-stream'] = {
      schema: success.events.data,
      examples: { stream: { summary: 'A piece of the stream, as sent', value: success.events.example } },
    };
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
    const examples: Named = {};
    for (const code of codes) {
      const entry: { internalCode?: number; description: string } = errorCatalogue[code];
      const own = endpoint.examples?.errors?.[code];
      const example = (message: string): Example => ({
        summary: `${code}${entry.internalCode !== undefined ? ` (internal_code ${entry.internalCode})` : ''}`,
        value: errorBodyFor(code, message),
      });
      examples[code] = own ? example(own) : shared(code, () => example(errorExampleMessages[code]));
    }
    const response: ZodOpenApiResponseObject = {
      description: lines.join('\n\n'),
      // An endpoint's own error body (readiness adds its checks) carries its own examples.
      content: { 'application/json': errorMedia(endpoint.errorBodies?.[status], examples, codes) },
    };
    // A refusal any request can get is one shared component, referenced by every operation.
    responses[String(status)] = codes.every((code) => EVERY_REQUEST.includes(code))
      ? sharedResponse(codes, response)
      : response;
  }
  return responses;
}

/** The error body of a status: the shared one with the codes' examples, or the endpoint's own with its examples. */
function errorMedia(own: z.ZodType | undefined, examples: Named, codes: ErrorCode[]) {
  if (!own) return { schema: errorBody, examples };
  // The own body's examples are named by the status's code, as the shared ones are.
  const values = (z.globalRegistry.get(own)?.examples ?? []) as unknown[];
  const name = (i: number) => `${codes[0]}${i === 0 ? '' : ` ${i + 1}`}`;
  return { schema: own, examples: Object.fromEntries(values.map((value, i) => [name(i), { value }])) };
}

function operationOf(endpoint: Endpoint): ZodOpenApiOperationObject {
  const operation: ZodOpenApiOperationObject = {
    operationId: endpoint.operationId,
    tags: [endpoint.tag],
    summary: endpoint.summary,
    description: endpoint.description,
    security:
      endpoint.auth === 'public'
        ? []
        : endpoint.auth === 'optional'
          ? [{}, { bearer: [] }]
          : [{ bearer: [] }],
    responses: responsesOf(endpoint),
  };
  if (endpoint.params || endpoint.query || endpoint.headers) {
    operation.requestParams = {
      ...(endpoint.params ? { path: endpoint.params } : {}),
      ...(endpoint.query ? { query: endpoint.query } : {}),
      ...(endpoint.headers ? { header: endpoint.headers } : {}),
    };
  }
  if (endpoint.body) {
    operation.requestBody = {
      required: !endpoint.body.safeParse(undefined).success,
      content: {
        'application/json': {
          schema: endpoint.body,
          ...withExamples(endpoint.examples?.body ?? schemaExamples(endpoint.body)),
        },
      },
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

/** Names the query parameters a route variant requires (`dest`, `comp=hash`), or all it takes. */
function queryWords(endpoint: Endpoint): string[] {
  const shape = (endpoint.query?.shape ?? {}) as Record<string, z.ZodType>;
  const words = (required: boolean) =>
    Object.entries(shape)
      .filter(([, schema]) => required !== schema.safeParse(undefined).success)
      .map(([name, schema]) => {
        const literal = (schema as { def?: { type?: string; values?: unknown[] } }).def;
        return literal?.type === 'literal' && literal.values?.length === 1
          ? `${name}=${String(literal.values[0])}`
          : name;
      });
  const required = words(true);
  return required.length > 0 ? required : words(false);
}

/**
 * Where an entry goes in `paths`: its template, unless an earlier entry (the primary table comes
 * first) has the same method there — OpenAPI has one operation per method and path, while the two
 * dialects share some. The variant is listed under its template plus the query that tells it apart
 * (`/api/v2/vault/files/{path}?dest`), or plus its id when only the body does.
 */
function pathKeyOf(endpoint: Endpoint, paths: ZodOpenApiPathsObject): string {
  const taken = (key: string) =>
    (paths[key] as Record<string, unknown> | undefined)?.[endpoint.method.toLowerCase()] !== undefined;
  if (!taken(endpoint.path)) return endpoint.path;
  const words = queryWords(endpoint);
  const key =
    words.length > 0 ? `${endpoint.path}?${words.join('&')}` : `${endpoint.path}#${endpoint.operationId}`;
  if (taken(key)) throw new Error(`${endpoint.operationId}: no distinct place in the document (${key})`);
  return key;
}

type Parameter = { description?: string; schema?: { description?: string } };

/** A parameter whose schema carries the description (a transforming query schema) shows it too. */
function describeParameters(document: ReturnType<typeof createDocument>): void {
  for (const item of Object.values(document.paths ?? {}))
    for (const operation of Object.values(item as Record<string, { parameters?: Parameter[] }>))
      for (const parameter of operation.parameters ?? [])
        if (!parameter.description && parameter.schema?.description)
          parameter.description = parameter.schema.description;
}

export function buildOpenApiDocument(): ReturnType<typeof createDocument> {
  const paths: ZodOpenApiPathsObject = {};
  for (const endpoint of [...endpointList, ...hiveEndpointList]) {
    const key = pathKeyOf(endpoint, paths);
    const operation = operationOf(endpoint);
    if (key !== endpoint.path)
      Object.assign(operation, { 'x-cella-shares-route': `${endpoint.method} ${endpoint.path}` });
    const item = (paths[key] ??= {});
    (item as Record<string, ZodOpenApiOperationObject>)[endpoint.method.toLowerCase()] = operation;
  }
  const document = createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'Cella vault node API',
        version: contractVersion,
        description:
          'The /api/v2 interface of a Cella personal-vault node: DID sign-in, a per-user document database, IPFS-backed files, stored scripts, plans and payment, backup.\n\n' +
          'Every error answers with `{"error": {"message", "internal_code"?}}`: the HTTP status and the `internal_code` name the error (each operation lists its own, with an example). Authenticate with `Authorization: Bearer <token>` from `/api/v2/did/auth` (the reference form `token <jwt>` is accepted too), as the sign-in protocol below describes.\n\n' +
          `Bounds: a request line and headers of at most ${MAX_REQUEST_HEAD_BYTES / 1024} KiB; every endpoint is rate limited (\`x-cella-rate-limit\`: per DID with a token, per IP without; 429 with \`Retry-After\`); lists are answered as they are read, at most 16 MiB per answer by default, and a list cut there says \`next_skip\`, the \`skip\` that continues it.\n\n` +
          "Two dialects: the spec's paths (the primary API), and the reference Hive Node's own routes, which `@elastosfoundation/hive-js-sdk` calls (tags \"Hive: …\"). Where both use one method and path with different meanings, the query or the body tells them apart, and a query parameter or body field a route does not know is refused (400), never ignored; such a Hive route is listed under its path plus the query that marks it (`?dest`, `?comp=hash`) and names the route it shares (`x-cella-shares-route`). A signed-in request works in the space of the application named in its access token (the reference's AppIdCredential flow), else in the user's default space.\n\n" +
          signInProtocolMarkdown,
        license: { name: 'MIT', identifier: 'MIT' },
      },
      servers: [{ url: 'http://127.0.0.1:5000', description: 'A local node with the default configuration' }],
      tags: [
        { name: 'Node' },
        {
          name: 'Authentication',
          description:
            'Sign-in: a challenge for a DID document, an access token for a presentation that answers it. The bytes, step by step with a test vector: "Sign-in protocol" above.',
        },
        { name: 'Subscription' },
        { name: 'Database' },
        { name: 'Files' },
        { name: 'Scripts' },
        {
          name: 'Events',
          description:
            "The vault's change feed: every committed change as a Server-Sent Event (`text/event-stream`), resumable from a cursor; and scripts' live views (docs/events.md).",
        },
        { name: 'Payment' },
        { name: 'Backup' },
        {
          name: 'Backup node (internal)',
          description: 'Node-to-node calls between a vault node and its backup node.',
        },
        ...hiveTags.map(([name, description]) => ({ name, description })),
      ],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      paths,
    },
    {
      // zod bounds every integer by ±(2^53 − 1); said of every count it is noise (and Redoc samples
      // the minimum): the document shows only the bounds a schema declares.
      override: ({ jsonSchema }) => {
        if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
        if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
      },
    },
  );
  describeParameters(document);
  return document;
}
