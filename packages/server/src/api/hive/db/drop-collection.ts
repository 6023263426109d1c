/**
 * DELETE /api/v2/vault/db/{collection} with the body `{}` — drops the collection. The router gives
 * this entry only requests whose body is exactly `{}` and that carry no query; with a filter the
 * same route is the primary table's delete-documents (http/routes.ts, by body).
 */
import { hiveEndpoints } from '@cella/openapi';
import { procedureFor } from '../../procedures.js';

export const hiveDropCollection = procedureFor(hiveEndpoints.hiveDropCollection).mutation(
  async ({ input: { params }, ctx }) => {
    await ctx.app.database.deleteCollection(await ctx.vault(), params.collection);
  },
);
