import { z } from 'zod';

export const did = z
  .string()
  .min(8)
  .max(512)
  .regex(/^did:[a-z0-9]+:[A-Za-z0-9._:%-]+$/)
  .meta({
    id: 'Did',
    description: 'A decentralized identifier, e.g. `did:elastos:i…` or `did:key:zDn…`.',
    example: 'did:elastos:iXyZ…',
  });

/** A JSON object as stored in the vault; ObjectId and Date travel as Extended JSON (`{"$oid"}`, `{"$date"}`). */
export const jsonDocument = z.record(z.string(), z.unknown()).meta({
  id: 'Document',
  description:
    'A JSON object. ObjectId and Date values use MongoDB Extended JSON: `{"$oid": "…"}`, `{"$date": "…"}`.',
});

export const filter = z.record(z.string(), z.unknown()).meta({
  id: 'Filter',
  description: 'A MongoDB query filter. Operators that run code or reach other databases are refused.',
});

export const epochSeconds = z.number().int().meta({ description: 'Seconds since the Unix epoch.' });

/** Query-string booleans: `true`/`false` (also `1`/`0`). */
export const queryBoolean = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .meta({ type: 'boolean' });

export const queryInt = (min: number, max: number) =>
  z
    .string()
    .regex(/^-?\d+$/, 'must be an integer')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

/** A JSON value carried in a query string (URL-encoded). */
export const queryJsonObject = (description: string) =>
  z
    .string()
    .max(65_536)
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
    .meta({ description, type: 'string' });
