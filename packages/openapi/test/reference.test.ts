/**
 * The API reference stays complete as endpoints are added (every table, every dialect): each
 * operation has a description; each JSON request and response has an example that its schema
 * accepts; each parameter has a description and an example; numbers are typed as numbers with the
 * bounds they have. The convention is in docs/architecture.md, "Adding an endpoint".
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import {
  buildOpenApiDocument,
  documentedEntries,
  endpointList,
  errorBody,
  errorCodeFor,
  hiveEndpointList,
  signInProtocolMarkdown,
  type Dialect,
  type DocumentedEndpoint,
} from '../src/index.js';

const document = buildOpenApiDocument();

interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  description?: string;
  examples?: unknown[];
  minimum?: number;
  maximum?: number;
  pattern?: string;
  [keyword: string]: unknown;
}
interface MediaType {
  schema?: JsonSchema;
  examples?: Record<string, { value?: unknown; $ref?: string }>;
  example?: unknown;
}
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  description?: string;
  schema?: JsonSchema;
  example?: unknown;
  examples?: Record<string, { value?: unknown }>;
}
interface Operation {
  operationId: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, { content?: Record<string, MediaType> }>;
}

type Document = ReturnType<typeof buildOpenApiDocument>;
const documents: Record<Dialect, Document> = { cella: document, hive: buildOpenApiDocument('hive') };
const componentsOf = (d: Document) => (d.components?.schemas ?? {}) as Record<string, JsonSchema>;
const sharedExamplesOf = (d: Document) =>
  (d.components?.examples ?? {}) as Record<string, { value?: unknown }>;

interface Documented {
  dialect: Dialect;
  method: string;
  path: string;
  operation: Operation;
  entry: DocumentedEndpoint;
}
const operations: Documented[] = [];
for (const dialect of ['cella', 'hive'] as const) {
  const entries = documentedEntries(dialect);
  for (const [path, item] of Object.entries(documents[dialect].paths ?? {}))
    for (const [method, operation] of Object.entries(item as Record<string, Operation>)) {
      const entry = entries.find((e) => e.operationId === operation.operationId);
      if (!entry) throw new Error(`no entry for ${operation.operationId}`);
      operations.push({ dialect, method: method.toUpperCase(), path, operation, entry });
    }
}
const named = (o: Documented) => [`${o.dialect}: ${o.method} ${o.path}`, o] as const;

const resolveIn = (dialect: Dialect, schema: JsonSchema | undefined): JsonSchema | undefined =>
  schema?.$ref ? componentsOf(documents[dialect])[schema.$ref.replace('#/components/schemas/', '')] : schema;

/** An example, or the shared one (`components/examples`) it refers to. */
const exampleIn = (dialect: Dialect, example: { value?: unknown; $ref?: string }) =>
  example.$ref
    ? sharedExamplesOf(documents[dialect])[example.$ref.replace('#/components/examples/', '')]
    : example;

const exampleValues = (dialect: Dialect, media: MediaType): unknown[] => [
  ...Object.values(media.examples ?? {}).map((e) => exampleIn(dialect, e)?.value),
  ...(media.example !== undefined ? [media.example] : []),
];

/** What zod says about a value: '' when it accepts it, else the first issue. */
const refusal = (schema: z.ZodType, value: unknown): string => {
  const result = schema.safeParse(value);
  return result.success
    ? ''
    : `${result.error.issues[0]?.path.join('.')}: ${result.error.issues[0]?.message}`;
};

/** A parameter example as it travels in a URL (query values and path segments are text). */
const wire = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

describe('the API reference', () => {
  test('counts', () => {
    const described = operations.filter(({ operation }) => (operation.description ?? '').length > 0);
    console.log(
      `${operations.length} operations, ${described.length} with a description, ${
        operations.filter(({ operation }) =>
          [operation.requestBody, ...Object.values(operation.responses)].every(
            (part) =>
              !part?.content?.['application/json'] ||
              exampleValues('cella', part.content['application/json']).length > 0,
          ),
        ).length
      } with examples for every JSON request and response`,
    );
    // Every entry of both tables is in its dialect's document, alone or as a variant of its route.
    const listed = operations.flatMap(({ entry }) =>
      entry.variants ? entry.variants.map((v) => v.operationId) : [entry.operationId],
    );
    for (const entry of [...endpointList, ...hiveEndpointList]) expect(listed).toContain(entry.operationId);
  });

  test.each(operations.map(named))(
    '%s: described, who may call and what is refused',
    (_name, { operation }) => {
      expect(operation.description?.length ?? 0, 'a description of a few sentences').toBeGreaterThanOrEqual(
        60,
      );
    },
  );

  test.each(operations.map(named))(
    '%s: every JSON request and response has an example its schema accepts',
    (_name, { dialect, operation, entry }) => {
      const json = operation.requestBody?.content['application/json'];
      if (entry.body) {
        const values = json ? exampleValues(dialect, json) : [];
        expect(values.length, 'request body example').toBeGreaterThan(0);
        expect(values, 'request examples resolve').not.toContain(undefined);
        for (const value of values) expect(refusal(entry.body, value), 'request example').toBe('');
      }
      for (const [status, response] of Object.entries(operation.responses)) {
        const media = response.content?.['application/json'];
        if (!media) continue;
        const values = exampleValues(dialect, media);
        expect(values.length, `${status} example`).toBeGreaterThan(0);
        expect(values, `${status} examples resolve`).not.toContain(undefined);
        if (status.startsWith('2')) {
          const body = entry.success.body;
          if (!body) throw new Error(`${status} has JSON content but the entry no success body`);
          for (const value of values) expect(refusal(body, value), `${status} example`).toBe('');
        } else {
          for (const [code, example] of Object.entries(media.examples ?? {})) {
            const value = exampleIn(dialect, example)?.value;
            expect(refusal(errorBody, value), `${status} ${code}`).toBe('');
            const body = value as { error: { internal_code?: number } };
            expect(errorCodeFor(Number(status), body.error.internal_code), `${status} ${code}`).toBe(code);
          }
        }
      }
    },
  );

  test.each(operations.map(named))(
    '%s: every parameter is described, has an example the endpoint accepts, and numbers are typed as numbers',
    (_name, { dialect, operation, entry }) => {
      for (const parameter of operation.parameters ?? []) {
        const where = `${parameter.in} ${parameter.name}`;
        const schema = resolveIn(dialect, parameter.schema);
        expect(parameter.description ?? schema?.description, `${where}: description`).toBeTruthy();
        const examples = [
          ...(parameter.example !== undefined ? [parameter.example] : []),
          ...Object.values(parameter.examples ?? {}).map((e) => e.value),
          ...(schema?.examples ?? []),
        ];
        expect(examples.length, `${where}: example`).toBeGreaterThan(0);
        const zodSchema = (
          parameter.in === 'path' ? entry.params : parameter.in === 'header' ? entry.headers : entry.query
        )?.shape[parameter.name] as z.ZodType | undefined;
        if (!zodSchema) throw new Error(`${where} is not in the entry's ${parameter.in} schema`);
        for (const example of examples)
          expect(refusal(zodSchema, wire(example)), `${where}: example ${wire(example)}`).toBe('');
        // A parameter the endpoint parses into a number is documented as one, with its bounds.
        const parsed = zodSchema.safeParse('7');
        if (parsed.success && typeof parsed.data === 'number') {
          expect(schema?.type, `${where}: type`).toBe('integer');
          expect(schema?.minimum, `${where}: minimum`).toBeTypeOf('number');
          expect(schema?.maximum, `${where}: maximum`).toBeTypeOf('number');
        }
        expect(
          schema?.pattern === '^-?\\d+$' || schema?.pattern === '^\\d+$',
          `${where}: digits as a string`,
        ).toBe(false);
      }
    },
  );

  test.each(['cella', 'hive'] as const)(
    '%s: every integer in the document has a declared lower bound, never ±(2^53 − 1)',
    (dialect) => {
      const document = documents[dialect];
      const text = JSON.stringify(document);
      expect(text).not.toContain('9007199254740991');
      const unbounded: string[] = [];
      const walk = (node: unknown, at: string): void => {
        if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${at}/${i}`));
        if (node === null || typeof node !== 'object') return;
        const schema = node as JsonSchema;
        if (schema.type === 'integer' && schema.minimum === undefined) unbounded.push(at);
        for (const [key, value] of Object.entries(schema))
          if (key !== 'examples') walk(value, `${at}/${key}`);
      };
      walk(document, '#');
      expect(unbounded).toEqual([]);
    },
  );

  test.each(['cella', 'hive'] as const)('%s: every property of every schema is described', (dialect) => {
    const document = documents[dialect];
    const components = componentsOf(document);
    const resolve = (schema: JsonSchema | undefined) => resolveIn(dialect, schema);
    const missing: string[] = [];
    const walk = (node: unknown, at: string): void => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${at}/${i}`));
      if (node === null || typeof node !== 'object') return;
      const schema = node as JsonSchema;
      const properties = schema.properties as Record<string, JsonSchema> | undefined;
      for (const [name, property] of Object.entries(properties ?? {})) {
        const target = resolve(property);
        if (!property.description && !target?.description) missing.push(`${at}/${name}`);
      }
      for (const [key, value] of Object.entries(schema)) if (key !== 'examples') walk(value, `${at}/${key}`);
    };
    walk(components, '#/components/schemas');
    walk(document.paths, '#/paths');
    expect(missing).toEqual([]);
  });

  test('the sign-in protocol with its test vector is in the document and, word for word, in docs/did.md', () => {
    expect(document.info.description).toContain(signInProtocolMarkdown);
    const did = readFileSync(new URL('../../../docs/did.md', import.meta.url), 'utf8');
    expect(
      did.includes(signInProtocolMarkdown),
      'docs/did.md has another sign-in protocol text: run `npm run build -w @cella/openapi`',
    ).toBe(true);
  });
});
