import { jsonText } from '../../json-text.js';
import { handle } from '../handler.js';
import { callerVault } from './vault-of.js';

// The items come from the engine as JSON texts and go out without being parsed again.
export const findDocuments = handle('findDocuments', async ({ params, query }, ctx) => {
  const items = await ctx.app.database.findExtJson(await callerVault(ctx), params.collection, {
    ...(query.filter ? { filter: query.filter } : {}),
    ...(query.skip !== undefined ? { skip: query.skip } : {}),
    ...(query.limit !== undefined ? { limit: query.limit } : {}),
    ...(query.sort ? { sort: query.sort } : {}),
    ...(query.projection ? { projection: query.projection } : {}),
  });
  return jsonText(`{"items":[${items.join(',')}]}`);
});
