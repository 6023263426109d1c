import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';

export const dropIndex = procedureFor(endpoints.dropIndex).mutation(async ({ input: { params }, ctx }) => {
  await ctx.app.database.dropIndex(await ctx.vault(), params.collection, params.name);
});
