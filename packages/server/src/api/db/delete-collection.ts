import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';

export const deleteCollection = procedureFor(endpoints.deleteCollection).mutation(
  async ({ input: { params }, ctx }) => {
    await ctx.app.database.deleteCollection(await ctx.vault(), params.name);
  },
);
