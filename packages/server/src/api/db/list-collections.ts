import { handle } from '../handler.js';
import { callerVault } from './vault-of.js';

export const listCollections = handle('listCollections', async (_input, ctx) => ({
  collections: await ctx.app.database.listCollections(await callerVault(ctx)),
}));
