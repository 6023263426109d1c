import { endpoints } from '@cella/openapi';
import { inBatches, jsonBatches, streamedList } from '../../streamed-list.js';
import type { OutputOf } from '../endpoint-types.js';
import { procedureFor } from '../procedures.js';

/** The caller's collections by name; a list answer like every other (capped, `next_skip`). */
export const listCollections = procedureFor(endpoints.listCollections).query(
  async ({ input: { query }, ctx }) => {
    const skip = query.skip ?? 0;
    const collections = await ctx.app.database.listCollections(await ctx.vault());
    return streamedList<OutputOf<'listCollections'>>(
      'collections',
      jsonBatches(inBatches(collections.slice(skip))),
      skip,
    );
  },
);
