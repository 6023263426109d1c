/**
 * PATCH /api/v2/vault/db/collection/{collection}[?updateone=true] — updates with operators; an empty
 * update with the timestamp on only sets `modified` (the reference's reading).
 */
import { hiveEndpoints } from '@cella/openapi';
import { procedureFor } from '../../procedures.js';

export const hiveUpdateDocuments = procedureFor(hiveEndpoints.hiveUpdateDocuments).mutation(
  async ({ input: { params, query, body }, ctx }) =>
    ctx.app.database.update(await ctx.vault(), params.collection, body.filter, body.update, {
      one: query.updateone === true,
      timestampOnly: true,
      ...(body.options?.upsert !== undefined ? { upsert: body.options.upsert } : {}),
      ...(body.options?.timestamp !== undefined ? { timestamp: body.options.timestamp } : {}),
    }),
);
