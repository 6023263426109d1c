/** POST /api/v2/vault/db/collection/{collection} — inserts (all or nothing), the reference's answer. */
import { hiveEndpoints } from '@cella/openapi';
import { procedureFor } from '../../procedures.js';

export const hiveInsertDocuments = procedureFor(hiveEndpoints.hiveInsertDocuments).mutation(
  async ({ input: { params, body }, ctx }) => {
    const result = await ctx.app.database.insert(await ctx.vault(), params.collection, body.document, {
      ...(body.options?.timestamp !== undefined ? { timestamp: body.options.timestamp } : {}),
    });
    // SDK 2.9.14 reads `acknowledge`; the reference sends `acknowledged`.
    return { ...result, acknowledge: result.acknowledged };
  },
);
