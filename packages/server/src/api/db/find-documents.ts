import { endpoints } from '@cella/openapi';
import { streamedList } from '../../streamed-list.js';
import type { OutputOf } from '../endpoint-types.js';
import { procedureFor } from '../procedures.js';

// The items come from the engine's cursor as JSON texts and go out as they are read, without
// being parsed again; the answer is capped (a cut answer says `next_skip`).
export const findDocuments = procedureFor(endpoints.findDocuments).query(
  async ({ input: { params, query }, ctx }) => {
    const items = ctx.app.database.findCursor(await ctx.vault(), params.collection, {
      ...(query.filter ? { filter: query.filter } : {}),
      ...(query.skip !== undefined ? { skip: query.skip } : {}),
      ...(query.limit !== undefined ? { limit: query.limit } : {}),
      ...(query.sort ? { sort: query.sort } : {}),
      ...(query.projection ? { projection: query.projection } : {}),
    });
    return streamedList<OutputOf<'findDocuments'>>('items', items, query.skip ?? 0);
  },
);
