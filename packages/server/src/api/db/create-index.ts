import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';

export const createIndex = procedureFor(endpoints.createIndex).mutation(
  async ({ input: { params, body }, ctx }) =>
    ctx.app.database.createIndex(await ctx.vault(), params.collection, body.keys, {
      ...(body.options?.unique !== undefined ? { unique: body.options.unique } : {}),
      ...(body.options?.name !== undefined ? { name: body.options.name } : {}),
    }),
);
