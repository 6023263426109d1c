/**
 * A store's limits as its options give them, validated (zod). Apart from query-guard.ts so that what
 * a read needs — and a SQLite read worker loads — does not include zod.
 */
import { z } from 'zod';
import { DEFAULT_STORE_LIMITS } from './query-guard.js';
import type { StoreLimits } from './query-guard.js';

const LimitsSchema = z
  .object({
    maxDocumentBytes: z
      .number()
      .int()
      .min(1024)
      .max(16 * 1024 * 1024),
    maxDepth: z.number().int().min(2).max(100),
  })
  .partial()
  .strict();

export function resolveLimits(limits?: Partial<StoreLimits>): StoreLimits {
  const parsed = LimitsSchema.safeParse(limits ?? {});
  if (!parsed.success) throw new TypeError(`invalid DocumentStore limits: ${parsed.error.message}`);
  return { ...DEFAULT_STORE_LIMITS, ...stripUndefined(parsed.data) };
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
