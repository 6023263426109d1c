import { invalid } from '../../errors.js';
import { handle } from '../handler.js';
import { callerVault } from './vault-of.js';

export const deleteDocuments = handle('deleteDocuments', async ({ params, query, body }, ctx) => {
  const filter = body?.filter ?? query.filter;
  if (filter === undefined)
    throw invalid('the filter is required: send {"filter": {...}} (use {} to delete every document)');
  await ctx.app.database.delete(await callerVault(ctx), params.collection, filter, {
    one: query.deleteone ?? false,
  });
});
