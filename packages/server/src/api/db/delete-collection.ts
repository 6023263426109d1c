import { handle } from '../handler.js';
import { callerVault } from './vault-of.js';

export const deleteCollection = handle('deleteCollection', async ({ params }, ctx) => {
  await ctx.app.database.deleteCollection(await callerVault(ctx), params.name);
});
