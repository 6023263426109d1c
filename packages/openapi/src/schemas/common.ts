import { z } from 'zod';
import { objectIds, time, userDid } from './example-values.js';

export const did = z
  .string()
  .min(8)
  .max(512)
  .regex(/^did:[a-z0-9]+:[A-Za-z0-9._:%-]+$/)
  .meta({
    id: 'Did',
    description: 'A decentralized identifier, e.g. `did:elastos:i…` or `did:key:zDn…`.',
    examples: [userDid],
  });

/** A JSON object as stored in the vault; ObjectId and Date travel as Extended JSON (`{"$oid"}`, `{"$date"}`). */
export const jsonDocument = z.record(z.string(), z.unknown()).meta({
  id: 'Document',
  description:
    'A JSON object. ObjectId and Date values use MongoDB Extended JSON: `{"$oid": "…"}`, `{"$date": "…"}`.',
  examples: [
    {
      _id: { $oid: objectIds[0] },
      title: 'Shopping list',
      body: 'oat milk, lemons, rye bread',
      tags: ['home'],
      due: { $date: '2026-03-03T18:00:00Z' },
      created: time.notesWritten,
      modified: time.notesWritten,
    },
  ],
});

export const filter = z.record(z.string(), z.unknown()).meta({
  id: 'Filter',
  description:
    'A MongoDB query filter. Operators that run code or reach other databases are refused; regular expressions use RE2 syntax.',
  examples: [{ tags: 'home', due: { $lt: { $date: '2026-03-07T00:00:00Z' } } }],
});

/** Seconds since the Unix epoch (up to the year 9999). */
export const epochSeconds = z
  .number()
  .int()
  .min(0)
  .max(253_402_300_799)
  .meta({ description: 'Seconds since the Unix epoch.', examples: [time.vaultCreated] });

/** A moment in epoch seconds, or -1 for one that has not happened (the reference's convention). */
export const epochSecondsOrNever = z
  .number()
  .int()
  .min(-1)
  .max(253_402_300_799)
  .meta({ description: 'Seconds since the Unix epoch; -1 = never.', examples: [time.notesWritten] });

/** A count or a size: a whole number, never negative. */
export const count = z.number().int().min(0);

/**
 * Query parameters arrive as text and are parsed by a transform; zod-openapi documents a
 * transforming schema by its input (a string) and drops its `examples`, so these helpers state the
 * documented form — what a client sends — in an `override`: the type, the bounds and an example.
 */
const documentedAs =
  (schema: Record<string, unknown>) =>
  ({ jsonSchema }: { jsonSchema: Record<string, unknown> }): void => {
    for (const key of Object.keys(jsonSchema)) if (key !== 'description') delete jsonSchema[key];
    Object.assign(jsonSchema, schema);
  };

/** Query-string booleans: `true`/`false` (also `1`/`0`), documented as a boolean. */
export const queryBoolean = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .meta({ override: documentedAs({ type: 'boolean', examples: [true] }) });

/** A whole number in a query string, documented as `type: integer` with its bounds. */
export const queryInt = (min: number, max: number, example: number) =>
  z
    .string()
    .regex(/^-?\d+$/, 'must be an integer')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .meta({ override: documentedAs({ type: 'integer', minimum: min, maximum: max, examples: [example] }) });

/**
 * A query's time bound (MongoDB's `maxTimeMS`): milliseconds; 0 or absent = the node's default
 * (`CELLA_QUERY_TIMEOUT`); more than the node allows (`CELLA_QUERY_TIMEOUT_MAX`) is taken as that.
 */
export const MAX_TIME_MS_DESCRIPTION =
  "The query's time limit in milliseconds (MongoDB's `maxTimeMS`); 0 or absent: the node's default (5 s unless configured); more than the node allows (60 s unless configured) counts as that. Past it the query is stopped: 400, internal_code 50 (MaxTimeMSExpired).";

export const maxTimeMS = z
  .number()
  .int()
  .min(0)
  .max(2_147_483_647)
  .meta({
    description: MAX_TIME_MS_DESCRIPTION,
    examples: [2000],
  });

/** Where a page starts: items to leave out at the start of a list (continue a cut answer). */
export const querySkip = queryInt(0, 1_000_000_000, 0).meta({
  description:
    "Items to leave out at the start. An answer cut at the node's answer size cap says where to continue: pass its `next_skip` here.",
});

/**
 * Present only when the answer was cut at the node's answer size cap (`CELLA_MAX_ANSWER_BYTES`,
 * 16 MiB by default): the rest follows with the same request and `skip` = this value.
 */
export const nextSkip = z.number().int().min(1).optional().meta({
  description:
    "Present only when the answer was cut at the node's answer size cap (16 MiB by default): repeat the request with `skip` set to this value for the rest. At least one item is always answered.",
});

/** Code points (what JSON Schema's maxLength counts), not UTF-16 units. */
function codePoints(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/**
 * A JSON object carried in a query string (URL-encoded), at most `maxLength` characters (code
 * points). The limits of a route's JSON parameters together fit the node's request head
 * (MAX_REQUEST_HEAD_BYTES) however they are encoded: a code point is at most 12 bytes as
 * percent-encoded UTF-8.
 */
export const queryJsonObject = (description: string, maxLength: number, example: Record<string, unknown>) =>
  z
    .string()
    .refine((text) => text.length <= maxLength || codePoints(text) <= maxLength, {
      message: `must be at most ${maxLength} characters`,
    })
    .transform((text, ctx) => {
      try {
        const value: unknown = JSON.parse(text);
        if (value !== null && typeof value === 'object' && !Array.isArray(value))
          return value as Record<string, unknown>;
      } catch {
        // fall through to the issue below
      }
      ctx.addIssue({ code: 'custom', message: 'must be a URL-encoded JSON object' });
      return z.NEVER;
    })
    .meta({
      description,
      override: documentedAs({
        type: 'string',
        contentMediaType: 'application/json',
        maxLength,
        examples: [JSON.stringify(example)],
      }),
    });
