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
  type Tag,
} from './endpoint.js';
import { hiveEndpointList } from './endpoints/hive/index.js';
import { hiveSharedOperations } from './endpoints/hive/shared.js';
import { endpointList, endpoints } from './endpoints/index.js';
import { errorBodyFor, errorCatalogue, type ErrorCode } from './error-codes.js';
import { errorExampleMessages } from './error-examples.js';
import { errorBody } from './errors.js';
import { codeSamplesOf } from './code-samples.js';
import { mergeVariants, type DocumentedEndpoint } from './route-variants.js';
import { signInProtocolMarkdown } from './sign-in-protocol.js';

export const contractVersion = '2.0.0';

/** The two OpenAPI documents: the primary `/api/v2` and the reference Hive Node's routes. */
export type Dialect = 'cella' | 'hive';

const primaryTags: [Tag, string][] = [
  [
    'Node',
    'The node itself: its version and identity, liveness and readiness, this document and its reference page.',
  ],
  [
    'Authentication',
    'Sign-in: a challenge for a DID document, an access token for a presentation that answers it. The bytes, step by step with a test vector: "Sign-in protocol" above.',
  ],
  ['Subscription', "The caller's vault: subscribe, its plan and usage, freeze or unfreeze, unsubscribe."],
  [
    'Database',
    "The vault's document database: collections, documents with MongoDB query semantics, indexes.",
  ],
  ['Files', "The vault's files: streamed upload and download, listing, move, copy, hash (content in IPFS)."],
  [
    'Scripts',
    'Stored scripts that let others reach parts of the vault under conditions, and their file transactions.',
  ],
  [
    'Events',
    "The vault's change feed: every committed change as a Server-Sent Event (`text/event-stream`), resumable from a cursor; and scripts' live views (docs/events.md).",
  ],
  ['Payment', 'Paid storage plans: orders, settlement on the EVM chain, receipts.'],
  ['Backup', "The caller's backup to a backup node, its state, restore and promotion."],
  [
    'Portability',
    "The caller's whole vault as one signed CAR file the user keeps, verifies offline and can take elsewhere (docs/portability.md).",
  ],
  ['Backup node (internal)', 'Node-to-node calls between a vault node and its backup node.'],
];

const hiveTags: [HiveTag, string][] = [
  ['Hive: Node', "The reference Hive Node's node routes (Hive dialect)."],
  [
    'Hive: Authentication',
    "Sign-in as the Hive SDKs do it: the app instance's DID document, then a JWT holding a presentation of the user's `AppIdCredential` (Hive dialect).",
  ],
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

/**
 * Raw bytes: `format: binary` (what generators read as a file or blob; OpenAPI 3.0's word, still
 * understood) with 3.1's `contentMediaType`. A text (the reference page) is a string.
 */
const binarySchema = (contentType: string) =>
  contentType.startsWith('text/')
    ? { type: 'string', contentMediaType: contentType }
    : { type: 'string', format: 'binary', contentMediaType: contentType };

function responsesOf(endpoint: Endpoint): ZodOpenApiOperationObject['responses'] {
  const responses: Record<string, ZodOpenApiResponseObject> = {};
  const { success } = endpoint;
  const content: Record<string, { schema: unknown; examples?: Named }> = {};
  if (success.binary)
    content[success.binary.contentType] = { schema: binarySchema(success.binary.contentType) };
  if (success.body)
    content['application/json'] = {
      schema: success.body,
      ...withExamples(endpoint.examples?.response ?? schemaExamples(success.body)),
    };
  // A Server-Sent Events stream is text; the schema of one event's `data:` is a component of its
  // own (registered below, so clients generated from the document type the events).
  if (success.events)
    content['text/event-stream'] = {
      schema: {
        type: 'string',
        contentMediaType: 'text/event-stream',
        description: `Server-Sent Events; each \`data:\` line is one JSON object, \`${eventDataId(success.events.data)}\` (its schema is \`contentSchema\`).`,
        contentSchema: { $ref: `#/components/schemas/${eventDataId(success.events.data)}` },
      },
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
        [success.binary.contentType]: { schema: binarySchema(success.binary.contentType) },
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

function operationOf(endpoint: DocumentedEndpoint, sharesRouteWith: string[]): ZodOpenApiOperationObject {
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
  const content: Record<string, unknown> = {};
  // Raw bytes first where a route takes both (a Hive upload and its copy by `?dest`): generators
  // type the body by the first media type, and the upload is the one that carries content.
  if (endpoint.binaryBody)
    // A streamed body is read as raw bytes whatever its Content-Type, so the generic binary type
    // is accepted beside the specific one.
    for (const type of new Set([endpoint.binaryBody.contentType, 'application/octet-stream']))
      content[type] = { schema: binarySchema(type) };
  if (endpoint.body)
    content['application/json'] = {
      schema: endpoint.body,
      ...withExamples(endpoint.examples?.body ?? schemaExamples(endpoint.body)),
    };
  if (Object.keys(content).length > 0)
    operation.requestBody = {
      required:
        endpoint.bodyRequired ??
        (endpoint.binaryBody !== undefined || !endpoint.body!.safeParse(undefined).success),
      ...(endpoint.binaryBody && !endpoint.body ? { description: endpoint.binaryBody.description } : {}),
      content: content as never,
    };
  const extensions: Record<string, unknown> = { 'x-cella-auth': endpoint.auth };
  if (endpoint.bodyLimit) extensions['x-cella-body-limit'] = endpoint.bodyLimit;
  extensions['x-cella-rate-limit'] = endpoint.rateLimits ?? rateLimitsOf(endpoint);
  if (endpoint.internal) extensions['x-internal'] = true;
  if (endpoint.variants) extensions['x-cella-variants'] = endpoint.variants;
  if (sharesRouteWith.length > 0) extensions['x-cella-shares-route'] = sharesRouteWith;
  const samples = codeSamplesOf(endpoint.operationId);
  if (samples) extensions['x-codeSamples'] = samples;
  return Object.assign(operation, extensions);
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

/** A primary entry as the Hive document lists it: under the Hive tag of its area. */
const hiveTagOf: Partial<Record<Tag, HiveTag>> = {
  Node: 'Hive: Node',
  Authentication: 'Hive: Authentication',
  Subscription: 'Hive: Subscription',
  Database: 'Hive: Database',
  Files: 'Hive: Files',
  Scripts: 'Hive: Scripts',
};

function sharedWithHive(): Endpoint[] {
  const table = endpoints as Record<string, Endpoint>;
  return hiveSharedOperations.map((id) => {
    const entry = table[id];
    if (!entry) throw new Error(`hiveSharedOperations: ${id} is not in the primary table`);
    return { ...entry, tag: hiveTagOf[entry.tag] ?? entry.tag };
  });
}

const routeKey = (e: Endpoint) => `${e.method} ${e.path}`;

/**
 * The operations of a dialect's document, in document order: each table entry, and the entries
 * of one method and path merged into one operation (route-variants.ts). The primary document
 * has the primary table; the Hive document the Hive table with the primary routes Hive clients
 * call (endpoints/hive/shared.ts).
 */
export function documentedEntries(dialect: Dialect): DocumentedEndpoint[] {
  const entries = dialect === 'cella' ? [...endpointList] : [...sharedWithHive(), ...hiveEndpointList];
  const routes = new Map<string, Endpoint[]>();
  for (const entry of entries) routes.set(routeKey(entry), [...(routes.get(routeKey(entry)) ?? []), entry]);
  return [...routes.values()].map((variants) => mergeVariants(variants, schemaExamples));
}

/** Where the document is served, and how it says so. */
export interface DocumentOptions {
  /** `servers[0]`; default: a local node with the default configuration. */
  server?: { url: string; description: string };
}

export const DEFAULT_SERVER = {
  url: 'http://127.0.0.1:5000',
  description: 'A local node with the default configuration (a node serves its document with its own URL)',
};

/** The committed file of each document (in this package). */
export const documentFiles: Record<Dialect, string> = { cella: 'openapi.json', hive: 'openapi-hive.json' };

/** The path each document and its reference page are served at. */
export const documentPaths: Record<Dialect, { document: string; page: string }> = {
  cella: { document: '/api/v2/openapi.json', page: '/api/v2/docs' },
  hive: { document: '/api/v2/openapi-hive.json', page: '/api/v2/docs/hive' },
};

const commonDescription =
  'Every error answers with `{"error": {"message", "internal_code"?}}`: the HTTP status and the `internal_code` name the error (each operation lists its own, with an example).\n\n' +
  `Bounds: a request line and headers of at most ${MAX_REQUEST_HEAD_BYTES / 1024} KiB; every endpoint is rate limited (\`x-cella-rate-limit\`: per DID with a token, per IP without — a request refused for its token (401) counts per IP too, before its body is read; 429 with \`Retry-After\`); lists are answered as they are read, at most 16 MiB per answer by default, and a list cut there says \`next_skip\`, the \`skip\` that continues it.\n\n`;

const infos: Record<Dialect, { title: string; description: string }> = {
  cella: {
    title: 'Cella vault node API',
    description:
      'The /api/v2 interface of a Cella personal-vault node: DID sign-in, a per-user document database, IPFS-backed files, stored scripts, plans and payment, backup. Authenticate with `Authorization: Bearer <token>` from `/api/v2/did/auth` (the reference form `token <jwt>` is accepted too), as the sign-in protocol below describes.\n\n' +
      commonDescription +
      `Two dialects, one node: this document is the spec's paths (the primary API). The reference Hive Node's own routes, which \`@elastosfoundation/hive-js-sdk\` calls, are described in a document of their own: [\`${documentPaths.hive.document}\`](${documentPaths.hive.document}) (reference page [\`${documentPaths.hive.page}\`](${documentPaths.hive.page})). Where both dialects use one method and path with different meanings, the query or the body tells them apart, and a query parameter or body field a route does not know is refused (400), never ignored; such an operation names the other dialect's operations on its route (\`x-cella-shares-route\`).\n\n` +
      signInProtocolMarkdown,
  },
  hive: {
    title: 'Cella vault node API: the Hive dialect',
    description:
      "The reference Hive Node's v2 routes as a Cella node serves them, so dApps built on the official Elastos Hive SDKs (`@elastosfoundation/hive-js-sdk`, Java, Swift) work unchanged: the Hive table's own routes and the primary routes those SDKs call with the same meaning (sign-in, finds, downloads, …). Authenticate with `Authorization: token <jwt>` (or `Bearer`) from `/api/v2/did/auth`.\n\n" +
      commonDescription +
      `Where the reference tells operations apart by the query alone (\`?comp=children\`, \`?op=count\`, \`?dest=…\`), this document lists the route once, with every variant's parameters, bodies and answers; its description says which answers when, and \`x-cella-variants\` names them. The spec's paths (the primary API) are described in [\`${documentPaths.cella.document}\`](${documentPaths.cella.document}) (reference page [\`${documentPaths.cella.page}\`](${documentPaths.cella.page})), with the sign-in protocol and its test vector. A signed-in request works in the space of the application named in its access token (the reference's AppIdCredential flow), else in the user's default space.`,
  },
};

/** The operations of the other dialect's table on each method and path. */
function otherDialect(dialect: Dialect): Map<string, string[]> {
  const other = new Map<string, string[]>();
  for (const entry of dialect === 'cella' ? hiveEndpointList : endpointList)
    other.set(routeKey(entry), [...(other.get(routeKey(entry)) ?? []), entry.operationId]);
  return other;
}

/** The component id of an event stream's `data:` schema (its `.meta({ id })`). */
function eventDataId(schema: z.ZodType): string {
  const id = z.globalRegistry.get(schema)?.id;
  if (!id) throw new Error('the data schema of an event stream needs an id');
  return id;
}

/** The OpenAPI 3.1 document of one dialect (default: the primary `/api/v2`). */
export function buildOpenApiDocument(
  dialect: Dialect = 'cella',
  options: DocumentOptions = {},
): ReturnType<typeof createDocument> {
  const paths: ZodOpenApiPathsObject = {};
  const other = otherDialect(dialect);
  const own = new Set(
    documentedEntries(dialect).flatMap((e) => [
      e.operationId,
      ...(e.variants ?? []).map((v) => v.operationId),
    ]),
  );
  for (const endpoint of documentedEntries(dialect)) {
    const shares = (other.get(routeKey(endpoint)) ?? []).filter((id) => !own.has(id));
    const item = (paths[endpoint.path] ??= {});
    (item as Record<string, ZodOpenApiOperationObject>)[endpoint.method.toLowerCase()] = operationOf(
      endpoint,
      shares,
    );
  }
  const tags = dialect === 'cella' ? primaryTags : hiveTags;
  const used = new Set(documentedEntries(dialect).map((e) => e.tag));
  const document = createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: infos[dialect].title,
        version: contractVersion,
        description: infos[dialect].description,
        license: { name: 'MIT', identifier: 'MIT' },
      },
      servers: [options.server ?? DEFAULT_SERVER],
      tags: tags.filter(([name]) => used.has(name)).map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        schemas: Object.fromEntries(
          documentedEntries(dialect).flatMap((e) =>
            e.success.events ? [[eventDataId(e.success.events.data), e.success.events.data]] : [],
          ),
        ),
      },
      paths,
    },
    {
      // zod bounds every integer by ±(2^53 − 1); said of every count it is noise (and Redoc samples
      // the minimum): the document shows only the bounds a schema declares.
      override: ({ jsonSchema }) => {
        if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
        if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
        // A tuple is `prefixItems` with `items: false`; a boolean schema is valid JSON Schema but
        // generators refuse it (openapi-python-client rejects the whole document), so the same
        // bound is said with `maxItems`.
        if (jsonSchema.items === false && Array.isArray(jsonSchema.prefixItems)) {
          delete jsonSchema.items;
          jsonSchema.maxItems = jsonSchema.prefixItems.length;
        }
      },
    },
  );
  describeParameters(document);
  return document;
}
