import { handle } from '../handler.js';
import { callerVault } from './vault-of.js';

export const updateDocuments = handle('updateDocuments', async ({ params, query, body }, ctx) =>
  ctx.app.database.update(await callerVault(ctx), params.collection, body.filter, body.update, {
    one: query.updateone ?? false,
    ...(body.options?.upsert !== undefined ? { upsert: body.options.upsert } : {}),
    ...(body.options?.timestamp !== undefined ? { timestamp: body.options.timestamp } : {}),
  }),
);
