import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';

export const updateDocuments = procedureFor(endpoints.updateDocuments).mutation(
  async ({ input: { params, query, body }, ctx }) =>
    ctx.app.database.update(await ctx.vault(), params.collection, body.filter, body.update, {
      one: query.updateone ?? false,
      ...(body.options?.upsert !== undefined ? { upsert: body.options.upsert } : {}),
      ...(body.options?.timestamp !== undefined ? { timestamp: body.options.timestamp } : {}),
    }),
);
