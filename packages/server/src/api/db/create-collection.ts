import { handle } from '../handler.js';
import { callerVault } from './vault-of.js';

export const createCollection = handle('createCollection', async ({ body }, ctx) =>
  ctx.app.database.createCollection(await callerVault(ctx), body.name),
);
