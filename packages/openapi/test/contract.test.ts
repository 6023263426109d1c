import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import {
  buildOpenApiDocument,
  documentFiles,
  endpointList,
  hiveEndpointList,
  errorCatalogue,
  errorCodeFor,
  serialiseDocument,
} from '../src/index.js';

/** Every path and method of spec/vault-service.md §4 (the spec's paths are the primary API). */
export const specEndpoints = [
  ['POST', '/api/v2/did/signin'],
  ['POST', '/api/v2/did/auth'],
  ['POST', '/api/v2/vault/db/collections'],
  ['DELETE', '/api/v2/vault/db/collections/{name}'],
  ['POST', '/api/v2/vault/db/{collection}'],
  ['PUT', '/api/v2/vault/db/{collection}'],
  ['DELETE', '/api/v2/vault/db/{collection}'],
  ['GET', '/api/v2/vault/db/{collection}'],
  ['POST', '/api/v2/vault/db/{collection}/count'],
  ['PUT', '/api/v2/vault/files/{path}'],
  ['GET', '/api/v2/vault/files/{path}'],
  ['DELETE', '/api/v2/vault/files/{path}'],
  ['POST', '/api/v2/vault/files/{path}/move'],
  ['GET', '/api/v2/vault/files/{path}/hash'],
  ['POST', '/api/v2/vault/scripting/{script_name}'],
  ['POST', '/api/v2/vault/scripting/{script_name}/run'],
  ['DELETE', '/api/v2/vault/scripting/{script_name}'],
  ['POST', '/api/v2/payment/order'],
  ['POST', '/api/v2/payment/settle'],
  ['GET', '/api/v2/payment/receipts'],
  ['POST', '/api/v2/vault/backup'],
  ['GET', '/api/v2/vault/backup/state'],
  ['POST', '/api/v2/vault/backup/restore'],
  ['POST', '/api/v2/vault/backup/promote'],
] as const;

const document = buildOpenApiDocument();
const hiveDocument = buildOpenApiDocument('hive');

describe('the contract', () => {
  test.each([
    ['cella', document],
    ['hive', hiveDocument],
  ] as const)(
    'the committed %s document is up to date (run `npm run build -w @cella/openapi` if this fails)',
    (dialect, built) => {
      const file = documentFiles[dialect];
      const committed = readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');
      expect(
        committed === serialiseDocument(built),
        `packages/openapi/${file} is stale: run \`npm run build -w @cella/openapi\``,
      ).toBe(true);
    },
  );

  test('a document names the URL it is served at, when told it', () => {
    const served = buildOpenApiDocument('hive', {
      server: { url: 'https://vault.example.org', description: 'This node' },
    });
    expect(served.servers).toEqual([{ url: 'https://vault.example.org', description: 'This node' }]);
  });

  test('raw bytes are `format: binary` in every request and answer (generators read them as files)', () => {
    for (const built of [document, hiveDocument]) {
      const text = JSON.stringify(built.paths);
      const binaries = [
        ...text.matchAll(
          /"(?:application\/octet-stream|application\/vnd\.ipld\.car)":\{"schema":(\{[^}]*\})/g,
        ),
      ];
      expect(binaries.length).toBeGreaterThan(0);
      for (const [, schema] of binaries)
        expect(JSON.parse(schema!)).toMatchObject({ type: 'string', format: 'binary' });
    }
  });

  test('the main operations carry code samples: the SDK call and curl', () => {
    const operation = (
      document.paths?.['/api/v2/vault/db/{collection}'] as Record<string, Record<string, unknown>>
    ).post!;
    expect(operation['x-codeSamples']).toEqual([
      expect.objectContaining({
        lang: 'TypeScript',
        label: 'SDK',
        source: expect.stringContaining('.insert('),
      }),
      expect.objectContaining({
        lang: 'Shell',
        label: 'curl',
        source: expect.stringContaining('curl -X POST'),
      }),
    ]);
  });

  test('is OpenAPI 3.1 and covers every endpoint of the spec, plus payment_config', () => {
    expect(document.openapi).toBe('3.1.0');
    for (const [method, path] of specEndpoints) {
      const item = document.paths?.[path] as Record<string, unknown> | undefined;
      expect(item?.[method.toLowerCase()], `${method} ${path}`).toBeDefined();
    }
    expect(Object.keys(document.paths ?? {}).some((p) => p.includes('payment_config'))).toBe(true);
    expect(document.paths?.['/api/v2/vault/files/{path}']?.get?.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'list', in: 'query' })]),
    );
  });

  test('every operation has a unique id, a summary, a success response and documented errors', () => {
    const ids = endpointList.map((e) => e.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const [method, operation] of Object.entries(
        item as Record<string, { responses: Record<string, unknown>; summary: string }>,
      )) {
        expect(operation.summary, `${method} ${path}`).toBeTruthy();
        const statuses = Object.keys(operation.responses);
        expect(
          statuses.some((s) => s.startsWith('2')),
          `${method} ${path}`,
        ).toBe(true);
        expect(statuses).toContain('500');
      }
    }
  });

  test('only sign-in (user and node-to-node), version, liveness, readiness, the node DID document and the docs are public', () => {
    const publicOps = endpointList
      .filter((e) => e.auth === 'public')
      .map((e) => e.operationId)
      .sort();
    expect(publicOps).toEqual([
      'apiReference',
      'apiReferenceHive',
      'auth',
      'backupAuth',
      'health',
      'nodeDidDocument',
      'nodeVersion',
      'openApiDocument',
      'openApiHiveDocument',
      'readiness',
      'signin',
    ]);
  });

  test('error codes map to the reference (status, internal_code) pairs both ways', () => {
    expect(errorCatalogue.VAULT_FROZEN).toMatchObject({ status: 403, internalCode: 1 });
    expect(errorCatalogue.COLLECTION_NOT_FOUND).toMatchObject({ status: 404, internalCode: 4 });
    expect(errorCodeFor(404, 6)).toBe('FILE_NOT_FOUND');
    expect(errorCodeFor(404)).toBe('NOT_FOUND');
    expect(errorCodeFor(404, 3000)).toBe('ROUTE_NOT_FOUND');
    expect(errorCodeFor(400, 1)).toBe('INVALID_PARAMETER');
    expect(errorCodeFor(400)).toBe('BAD_REQUEST');
    expect(errorCodeFor(507)).toBe('INSUFFICIENT_STORAGE');
  });
});

describe('the Hive dialect', () => {
  const allEntries = [...endpointList, ...hiveEndpointList];

  test('every Hive entry is tagged "Hive: …" (its description and examples: reference.test.ts)', () => {
    for (const entry of hiveEndpointList) expect(entry.tag, entry.operationId).toMatch(/^Hive: /);
  });

  test('operation ids are unique across both tables, and every Hive operation is in the Hive document', () => {
    const ids = allEntries.map((e) => e.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const documented = Object.values(hiveDocument.paths ?? {}).flatMap((item) =>
      Object.values(
        item as Record<string, { operationId: string; 'x-cella-variants'?: { operationId: string }[] }>,
      ).flatMap((op) => [op.operationId, ...(op['x-cella-variants'] ?? []).map((v) => v.operationId)]),
    );
    for (const entry of hiveEndpointList) expect(documented, entry.operationId).toContain(entry.operationId);
    // The primary routes Hive clients call are in the Hive document too, and only the primary's in its own.
    expect(documented).toEqual(expect.arrayContaining(['signin', 'auth', 'findDocuments', 'downloadFile']));
    expect(JSON.stringify(document.paths)).not.toContain('"operationId":"hive');
  });

  test('routes the reference tells apart by the query are one operation, its variants named and described', () => {
    const paths = hiveDocument.paths as Record<string, Record<string, Record<string, unknown>>>;
    const files = paths['/api/v2/vault/files/{path}']!;
    expect(files.put?.operationId).toBe('hiveUploadFileOrCopyFile');
    expect(files.put?.['x-cella-variants']).toEqual([
      { operationId: 'hiveUploadFile', when: 'otherwise' },
      { operationId: 'hiveCopyFile', when: 'dest' },
    ]);
    // Raw bytes for the upload (first: generators type the body by it), `{}` for the copy.
    expect(Object.keys((files.put?.requestBody as { content: object }).content)).toEqual([
      'application/octet-stream',
      'application/json',
    ]);
    expect(files.get?.['x-cella-variants']).toEqual([
      { operationId: 'downloadFile', when: 'otherwise' },
      { operationId: 'hiveListFiles', when: 'comp=children' },
      { operationId: 'hiveFileHash', when: 'comp=hash' },
    ]);
    const comp = (files.get?.parameters as { name: string; schema: { enum?: string[] } }[]).find(
      (p) => p.name === 'comp',
    );
    expect(comp?.schema.enum).toEqual(['metadata', 'children', 'hash']);
    expect(paths['/api/v2/vault/db/collection/{collection}']?.post?.operationId).toBe(
      'hiveInsertDocumentsOrCountDocuments',
    );
    // No path carries a query or a fragment (one operation per method and path, as OpenAPI has it).
    for (const built of [document, hiveDocument])
      for (const path of Object.keys(built.paths ?? {})) expect(path).not.toMatch(/[?#]/);
  });

  test("an operation names the other dialect's operations on its method and path", () => {
    const paths = document.paths as Record<string, Record<string, Record<string, unknown>>>;
    expect(paths['/api/v2/vault/files/{path}']?.put?.['x-cella-shares-route']).toEqual([
      'hiveUploadFile',
      'hiveCopyFile',
    ]);
    const hivePaths = hiveDocument.paths as Record<string, Record<string, Record<string, unknown>>>;
    expect(hivePaths['/api/v2/vault/db/{collection}']?.delete?.['x-cella-shares-route']).toEqual([
      'deleteDocuments',
    ]);
  });

  test("only the node's version and commit and public files are public in the Hive table", () => {
    expect(
      hiveEndpointList
        .filter((e) => e.auth === 'public')
        .map((e) => e.operationId)
        .sort(),
    ).toEqual(['hiveAboutCommitId', 'hiveAboutVersion', 'hiveCommitId', 'hiveIpfsContent']);
  });

  test('a mutating request is refused any body field its route does not know (bodies are strict objects)', () => {
    for (const entry of allEntries) {
      if (!entry.body || entry.method === 'GET') continue;
      const def = (entry.body as unknown as { def: { type: string; innerType?: { def: unknown } } }).def;
      const object = (def.type === 'optional' ? def.innerType!.def : def) as {
        type: string;
        catchall?: { def: { type: string } };
      };
      expect(object.type, entry.operationId).toBe('object');
      expect(object.catchall?.def.type, `${entry.operationId} is not strict`).toBe('never');
    }
  });
});
