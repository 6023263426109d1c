/** POST /api/v2/vault/db/collection/{collection}?op=count — counts the matching documents. */
import { hiveEndpoints } from '@cella/openapi';
import { procedureFor } from '../../procedures.js';

export const hiveCountDocuments = procedureFor(hiveEndpoints.hiveCountDocuments).mutation(
  async ({ input: { params, body }, ctx }) =>
    ctx.app.database.count(await ctx.vault(), params.collection, body.filter, {
      ...(body.options?.skip !== undefined ? { skip: body.options.skip } : {}),
      ...(body.options?.limit !== undefined ? { limit: body.options.limit } : {}),
      ...(body.options?.maxTimeMS !== undefined ? { maxTimeMS: body.options.maxTimeMS } : {}),
    }),
);
