import { unauthorized } from '../../errors.js';
import { handle } from '../handler.js';

/** The caller's own scripts, by name; an empty list when there are none (the reference answers 404). */
export const listScripts = handle('listScripts', async ({ query }, ctx) => {
  if (!ctx.caller) throw unauthorized('sign in first');
  return ctx.app.scripts.list(ctx.caller.userDid, {
    ...(query.name !== undefined ? { name: query.name } : {}),
    ...(query.skip !== undefined ? { skip: query.skip } : {}),
    ...(query.limit !== undefined ? { limit: query.limit } : {}),
  });
});
