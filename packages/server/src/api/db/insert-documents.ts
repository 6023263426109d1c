import { handle } from '../handler.js';
import { callerVault } from './vault-of.js';

export const insertDocuments = handle('insertDocuments', async ({ params, body }, ctx) =>
  ctx.app.database.insert(await callerVault(ctx), params.collection, body.document, {
    ...(body.options?.timestamp !== undefined ? { timestamp: body.options.timestamp } : {}),
  }),
);
