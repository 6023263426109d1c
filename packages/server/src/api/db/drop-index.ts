import { handle } from '../handler.js';
import { callerVault } from './vault-of.js';

export const dropIndex = handle('dropIndex', async ({ params }, ctx) => {
  await ctx.app.database.dropIndex(await callerVault(ctx), params.collection, params.name);
});
