import { handle } from '../handler.js';
import { callerVault } from './vault-of.js';

export const createIndex = handle('createIndex', async ({ params, body }, ctx) =>
  ctx.app.database.createIndex(await callerVault(ctx), params.collection, body.keys, {
    ...(body.options?.unique !== undefined ? { unique: body.options.unique } : {}),
    ...(body.options?.name !== undefined ? { name: body.options.name } : {}),
  }),
);
