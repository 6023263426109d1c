import { endpoints } from '@cella/openapi';
import { invalid } from '../../errors.js';
import { procedureFor } from '../procedures.js';

export const deleteDocuments = procedureFor(endpoints.deleteDocuments).mutation(
  async ({ input: { params, query, body }, ctx }) => {
    const filter = body?.filter ?? query.filter;
    if (filter === undefined)
      throw invalid('the filter is required: send {"filter": {...}} (use {} to delete every document)');
    const deleted = await ctx.app.database.delete(await ctx.vault(), params.collection, filter, {
      one: query.deleteone ?? false,
    });
    return { acknowledged: true, deleted_count: deleted };
  },
);
