import { unauthorized } from '../../errors.js';
import { handle } from '../handler.js';

/** Removes one of the caller's scripts; 404 (internal code 3) when there is none of that name. */
export const unregisterScript = handle('unregisterScript', async ({ params }, ctx) => {
  if (!ctx.caller) throw unauthorized('sign in first');
  await ctx.app.scripts.remove(ctx.caller.userDid, params.script_name);
});
