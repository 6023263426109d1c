import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';

export const insertDocuments = procedureFor(endpoints.insertDocuments).mutation(async ({ input, ctx }) =>
  ctx.app.database.insert(await ctx.vault(), input.params.collection, input.body.document, {
    ...(input.body.options?.timestamp !== undefined ? { timestamp: input.body.options.timestamp } : {}),
  }),
);
