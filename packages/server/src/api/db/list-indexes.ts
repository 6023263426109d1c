import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';

export const listIndexes = procedureFor(endpoints.listIndexes).query(async ({ input: { params }, ctx }) =>
  ctx.app.database.listIndexes(await ctx.vault(), params.collection),
);
