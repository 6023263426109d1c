import { handle } from '../handler.js';
import { callerVault } from './vault-of.js';

export const listIndexes = handle('listIndexes', async ({ params }, ctx) =>
  ctx.app.database.listIndexes(await callerVault(ctx), params.collection),
);
