import { handle } from '../handler.js';
import { callerVault } from './vault-of.js';

export const countDocuments = handle('countDocuments', async ({ params, body }, ctx) =>
  ctx.app.database.count(await callerVault(ctx), params.collection, body.filter, {
    ...(body.options?.skip !== undefined ? { skip: body.options.skip } : {}),
    ...(body.options?.limit !== undefined ? { limit: body.options.limit } : {}),
  }),
);
