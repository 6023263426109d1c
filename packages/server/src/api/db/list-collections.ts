import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';

export const listCollections = procedureFor(endpoints.listCollections).query(async ({ ctx }) => ({
  collections: await ctx.app.database.listCollections(await ctx.vault()),
}));
