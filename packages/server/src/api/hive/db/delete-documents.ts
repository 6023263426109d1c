/** DELETE /api/v2/vault/db/collection/{collection}[?deleteone=true] `{filter}` — deletes documents. */
import { hiveEndpoints } from '@cella/openapi';
import { procedureFor } from '../../procedures.js';

export const hiveDeleteDocuments = procedureFor(hiveEndpoints.hiveDeleteDocuments).mutation(
  async ({ input: { params, query, body }, ctx }) => {
    await ctx.app.database.delete(await ctx.vault(), params.collection, body.filter, {
      one: query.deleteone === true,
    });
  },
);
