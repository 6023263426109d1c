/**
 * DELETE /api/v2/vault/db/{collection} — delete documents: the filter in the body or the query.
 *
 * The same method and path is the Hive dialect's drop (`hiveDropCollection`). A body of exactly `{}`
 * goes there by the router's body rule; a request with no body at all and no query (the Java SDK
 * and the reference's own tests send no body, or `Content-Length: 0` with no content type) reaches
 * this entry, which has no filter to use: it is the drop too (docs/api-decisions.md, rule D), and is
 * counted under the drop's operation, and answers as the drop (204). `deleteone` without a filter
 * stays a 400. Deleting documents answers their count (200 `{acknowledged, deleted_count}`).
 */
import { endpoints } from '@cella/openapi';
import { invalid } from '../../errors.js';
import { answerWith } from '../answered.js';
import { procedureFor } from '../procedures.js';

export const deleteDocuments = procedureFor(endpoints.deleteDocuments).mutation(
  async ({ input: { params, query, body }, ctx }) => {
    const filter = body?.filter ?? query.filter;
    if (filter === undefined && body === undefined && query.deleteone === undefined) {
      ctx.http.request.operation = 'hiveDropCollection';
      await ctx.app.database.deleteCollection(await ctx.vault(), params.collection);
      // The drop answers as the drop does (204, no body), not with this entry's count.
      return answerWith(ctx.http.reply.code(204));
    }
    if (filter === undefined)
      throw invalid('the filter is required: send {"filter": {...}} (use {} to delete every document)');
    const deleted = await ctx.app.database.delete(await ctx.vault(), params.collection, filter, {
      one: query.deleteone ?? false,
    });
    return { acknowledged: true, deleted_count: deleted };
  },
);
