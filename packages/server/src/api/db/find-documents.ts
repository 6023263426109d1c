import { endpoints } from '@cella/openapi';
import type { OutputOf } from '../endpoint-types.js';
import { procedureFor } from '../procedures.js';
import { findAnswer } from './find-answer.js';

// One meaning in both dialects: the items go out as the engine's cursor reads them, capped (a cut
// answer says `next_skip`), with the reference's encryption flags.
export const findDocuments = procedureFor(endpoints.findDocuments).query(
  async ({ input: { params, query }, ctx }) => {
    return findAnswer<OutputOf<'findDocuments'>>(ctx.app.database, await ctx.vault(), params.collection, {
      ...(query.filter ? { filter: query.filter } : {}),
      ...(query.skip !== undefined ? { skip: query.skip } : {}),
      ...(query.limit !== undefined ? { limit: query.limit } : {}),
      ...(query.sort ? { sort: query.sort } : {}),
      ...(query.projection ? { projection: query.projection } : {}),
      ...(query.maxTimeMS !== undefined ? { maxTimeMS: query.maxTimeMS } : {}),
    });
  },
);
