import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';

export const countDocuments = procedureFor(endpoints.countDocuments).mutation(
  async ({ input: { params, body }, ctx }) =>
    ctx.app.database.count(await ctx.vault(), params.collection, body.filter, {
      ...(body.options?.skip !== undefined ? { skip: body.options.skip } : {}),
      ...(body.options?.limit !== undefined ? { limit: body.options.limit } : {}),
      ...(body.options?.maxTimeMS !== undefined ? { maxTimeMS: body.options.maxTimeMS } : {}),
    }),
);
