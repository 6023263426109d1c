/**
 * One operation for the entries that share a method and path in one OpenAPI document. OpenAPI has
 * one operation per method and path, while the Hive dialect tells some of its routes apart by the
 * query (`?comp=children`, `?op=count`, `?dest=…`) or by the body, as the reference node does. A
 * document lists such a route once, as the honest description of what it accepts: the union of
 * the variants' query parameters (a parameter whose values pick the variant becomes an enum of
 * them), their bodies and their answers; the description says which variant answers when, and
 * `x-cella-variants` names the table entries behind it.
 */
import { z } from 'zod';
import {
  DEFAULT_BODY_LIMIT,
  rateLimitsOf,
  type AuthMode,
  type Endpoint,
  type Example,
  type RateLimit,
} from './endpoint.js';

/** What the document lists: a table entry, or the variants of one route merged. */
export interface DocumentedEndpoint extends Endpoint {
  /** The table entries merged into this operation, each with the query that selects it. */
  variants?: { operationId: string; when: string }[];
  /** The request body is required (merged routes: every variant requires one). */
  bodyRequired?: boolean;
  /** Every rate limit of every variant (merged routes). */
  rateLimits?: RateLimit[];
}

type Shape = Record<string, z.ZodType>;

/** The schema under `.optional()` and the like. */
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (;;) {
    const def = current._zod.def as { type: string; innerType?: z.ZodType };
    if (!def.innerType || !['optional', 'nullable', 'default', 'prefault', 'readonly'].includes(def.type))
      return current;
    current = def.innerType;
  }
}

/** The fixed values of a literal or enum schema (a parameter that picks a variant), else undefined. */
function fixedValues(schema: z.ZodType): string[] | undefined {
  const def = unwrap(schema)._zod.def as {
    type: string;
    values?: unknown[];
    entries?: Record<string, unknown>;
  };
  if (def.type === 'literal') return (def.values ?? []).map(String);
  if (def.type === 'enum') return Object.values(def.entries ?? {}).map(String);
  return undefined;
}

const descriptionOf = (schema: z.ZodType): string | undefined => {
  for (let s: z.core.$ZodType | undefined = schema; s; s = s._zod.parent) {
    const description = z.globalRegistry.get(s)?.description;
    if (description) return description;
  }
  const inner = unwrap(schema);
  return inner === schema ? undefined : descriptionOf(inner);
};

/** The query parameters a variant requires, as `name=value` or `name` (what selects it). */
export function requiredQueryWords(endpoint: Endpoint): string[] {
  return Object.entries(endpoint.query?.shape ?? {})
    .filter(([, schema]) => !schema.safeParse(undefined).success)
    .map(([name, schema]) => {
      const values = fixedValues(schema);
      return values?.length === 1 ? `${name}=${values[0]}` : name;
    });
}

/** The variants' query parameters, each optional; one that picks a variant is an enum of the values. */
function mergeQuery(variants: readonly Endpoint[]): z.ZodObject | undefined {
  const byName = new Map<string, { schema: z.ZodType; operationId: string }[]>();
  for (const variant of variants)
    for (const [name, schema] of Object.entries(variant.query?.shape ?? {}))
      byName.set(name, [...(byName.get(name) ?? []), { schema, operationId: variant.operationId }]);
  if (byName.size === 0) return undefined;
  const shape: Shape = {};
  for (const [name, uses] of byName) {
    const distinct = [...new Set(uses.map((use) => use.schema))];
    const fixed = distinct.map(fixedValues);
    if (distinct.length > 1 && fixed.every((values) => values !== undefined)) {
      const values = [...new Set(fixed.flatMap((v) => v ?? []))];
      const description = uses
        .map(({ schema, operationId }) => {
          const these = fixedValues(schema)!;
          return `\`${these.join('`, `')}\` (\`${operationId}\`): ${descriptionOf(schema) ?? ''}`.trim();
        })
        .join(' ');
      shape[name] = z
        .enum(values as [string, ...string[]])
        .optional()
        .meta({ description: `Picks the operation. ${description}`, examples: [values[0]] });
    } else {
      const schema = distinct[0]!;
      shape[name] = schema.safeParse(undefined).success ? schema : schema.optional();
    }
  }
  return z.object(shape);
}

/** One schema for several (the same one once; distinct ones as a union). */
function union(schemas: (z.ZodType | undefined)[]): z.ZodType | undefined {
  const distinct = [...new Set(schemas.filter((s): s is z.ZodType => s !== undefined))];
  if (distinct.length <= 1) return distinct[0];
  return z.union(distinct as [z.ZodType, z.ZodType, ...z.ZodType[]]);
}

/** Named examples of several variants, each under its own name. */
function mergeExamples(
  variants: readonly Endpoint[],
  pick: (variant: Endpoint) => Record<string, Example> | undefined,
): Record<string, Example> | undefined {
  const merged: Record<string, Example> = {};
  for (const variant of variants)
    for (const [name, example] of Object.entries(pick(variant) ?? {})) merged[name] = example;
  return Object.keys(merged).length > 0 ? merged : undefined;
}

function mergedAuth(variants: readonly Endpoint[]): AuthMode {
  const modes = new Set(variants.map((v) => v.auth));
  if (modes.size === 1) return variants[0]!.auth;
  if (modes.has('node')) throw new Error(`${variants[0]!.path}: node-to-node and user variants on one route`);
  return 'optional';
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** `hiveInsertDocuments` + `hiveCountDocuments` → `hiveInsertDocumentsOrCountDocuments`. */
function mergedOperationId(variants: readonly Endpoint[]): string {
  const [first, ...rest] = variants.map((v) => v.operationId);
  return [first!, ...rest.map((id) => capitalise(id.replace(/^hive(?=[A-Z])/, '')))].join('Or');
}

/**
 * Merges the entries of one method and path (in table order) into one documented operation.
 * `examplesOf` gives a body schema's named examples (the document's own rule), so the merged
 * operation shows every variant's.
 */
export function mergeVariants(
  variants: readonly Endpoint[],
  examplesOf: (schema: z.ZodType) => Record<string, Example> | undefined,
): DocumentedEndpoint {
  const [first] = variants;
  if (!first) throw new Error('no variants');
  if (variants.length === 1) return first;
  const statuses = new Set(variants.map((v) => v.success.status));
  if (statuses.size > 1) throw new Error(`${first.method} ${first.path}: variants answer different statuses`);
  const when = variants.map((variant) => {
    const words = requiredQueryWords(variant);
    return words.length > 0 ? words.map((w) => `\`${w}\``).join(' and ') : 'otherwise';
  });
  const description =
    `One route for ${variants.length} operations, told apart by the query (a body a variant does not take is refused, never read as another's):\n\n` +
    variants
      .map((v, i) => `- **${when[i]}** — ${v.summary} (\`${v.operationId}\`). ${v.description}`)
      .join('\n');
  const jsonBodies = variants.map((v) => v.body);
  const body = union(jsonBodies);
  const binaryBody = variants.find((v) => v.binaryBody)?.binaryBody;
  const successBody = union(variants.map((v) => v.success.body));
  const binary = variants.find((v) => v.success.binary)?.success.binary;
  const query = mergeQuery(variants);
  const limits = variants.map((v) => v.bodyLimit ?? (v.body ? DEFAULT_BODY_LIMIT : 0));
  const rateLimits = [
    ...new Map(
      variants.flatMap(rateLimitsOf).map((limit) => [`${limit.bucket}/${limit.key}`, limit]),
    ).values(),
  ];
  const merged: DocumentedEndpoint = {
    operationId: mergedOperationId(variants),
    method: first.method,
    path: first.path,
    auth: mergedAuth(variants),
    tag: first.tag,
    summary: variants.map((v) => v.summary).join('; or '),
    description,
    ...(first.params ? { params: first.params } : {}),
    ...(query ? { query } : {}),
    ...(body ? { body } : {}),
    ...(binaryBody ? { binaryBody } : {}),
    success: {
      status: first.success.status,
      description: variants.map((v, i) => `${when[i]}: ${v.success.description}`).join(' '),
      ...(successBody ? { body: successBody } : {}),
      ...(binary ? { binary } : {}),
    },
    errors: [...new Set(variants.flatMap((v) => v.errors))],
    ...(variants.some((v) => v.errorBodies)
      ? {
          errorBodies: Object.assign(
            {},
            ...variants.map((v) => v.errorBodies ?? {}),
          ) as Endpoint['errorBodies'],
        }
      : {}),
    ...(Math.max(...limits) > 0 ? { bodyLimit: Math.max(...limits) } : {}),
    ...(first.multiSegmentParam ? { multiSegmentParam: first.multiSegmentParam } : {}),
    variants: variants.map((v, i) => ({ operationId: v.operationId, when: when[i]!.replace(/`/g, '') })),
    bodyRequired: variants.every(
      (v) => v.binaryBody !== undefined || (v.body !== undefined && !v.body.safeParse(undefined).success),
    ),
    rateLimits,
    examples: {
      ...(body
        ? {
            body: mergeExamples(
              variants,
              (v) => v.examples?.body ?? (v.body ? examplesOf(v.body) : undefined),
            ),
          }
        : {}),
      ...(successBody
        ? {
            response: mergeExamples(
              variants,
              (v) => v.examples?.response ?? (v.success.body ? examplesOf(v.success.body) : undefined),
            ),
          }
        : {}),
      errors: Object.assign({}, ...variants.map((v) => v.examples?.errors ?? {})) as Record<string, string>,
    },
  };
  return merged;
}
