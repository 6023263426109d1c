import { handle } from '../handler.js';
import { callerVault } from './vault-of.js';

export const findDocuments = handle('findDocuments', async ({ params, query }, ctx) =>
  ctx.app.database.find(await callerVault(ctx), params.collection, {
    ...(query.filter ? { filter: query.filter } : {}),
    ...(query.skip !== undefined ? { skip: query.skip } : {}),
    ...(query.limit !== undefined ? { limit: query.limit } : {}),
    ...(query.sort ? { sort: query.sort } : {}),
    ...(query.projection ? { projection: query.projection } : {}),
  }),
);
