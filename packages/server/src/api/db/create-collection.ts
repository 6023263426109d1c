import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';

export const createCollection = procedureFor(endpoints.createCollection).mutation(
  async ({ input: { body }, ctx }) =>
    ctx.app.database.createCollection(await ctx.vault(), body.name, undefined, {
      ifNotExists: body.if_not_exists ?? false,
    }),
);
