/**
 * POST /api/v2/vault/db/query — a find with the reference's options: `sort` as `[field, ±1]`
 * pairs (the SDK's sort items) or an object, skip, limit, projection; the documents go out as the
 * engine's Extended JSON texts, with the collection's encryption flags.
 */
import { hiveEndpoints } from '@cella/openapi';
import type { HiveOutputOf } from '../../endpoint-types.js';
import { procedureFor } from '../../procedures.js';
import { findAnswer } from '../../db/find-answer.js';

export const hiveQueryDocuments = procedureFor(hiveEndpoints.hiveQueryDocuments).mutation(
  async ({ input: { body }, ctx }) => {
    const options = body.options ?? {};
    const sort = Array.isArray(options.sort) ? Object.fromEntries(options.sort) : options.sort;
    return findAnswer<HiveOutputOf<'hiveQueryDocuments'>>(
      ctx.app.database,
      await ctx.vault(),
      body.collection,
      {
        ...(body.filter ? { filter: body.filter } : {}),
        ...(options.skip !== undefined ? { skip: options.skip } : {}),
        ...(options.limit !== undefined ? { limit: options.limit } : {}),
        ...(sort ? { sort } : {}),
        ...(options.projection ? { projection: options.projection } : {}),
        ...(options.maxTimeMS !== undefined ? { maxTimeMS: options.maxTimeMS } : {}),
      },
    );
  },
);
