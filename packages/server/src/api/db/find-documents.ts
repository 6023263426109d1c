import { endpoints } from '@cella/openapi';
import { jsonText } from '../../json-text.js';
import type { OutputOf } from '../endpoint-types.js';
import { procedureFor } from '../procedures.js';

// The items come from the engine as JSON texts and go out without being parsed again.
export const findDocuments = procedureFor(endpoints.findDocuments).query(
  async ({ input: { params, query }, ctx }) => {
    const items = await ctx.app.database.findExtJson(await ctx.vault(), params.collection, {
      ...(query.filter ? { filter: query.filter } : {}),
      ...(query.skip !== undefined ? { skip: query.skip } : {}),
      ...(query.limit !== undefined ? { limit: query.limit } : {}),
      ...(query.sort ? { sort: query.sort } : {}),
      ...(query.projection ? { projection: query.projection } : {}),
    });
    return jsonText<OutputOf<'findDocuments'>>(`{"items":[${items.join(',')}]}`);
  },
);
