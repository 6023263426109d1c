import { unauthorized } from '../../errors.js';
import { handle } from '../handler.js';

/** Registers or replaces one of the caller's scripts (their vault must not be frozen). */
export const registerScript = handle('registerScript', async ({ params, body }, ctx) => {
  if (!ctx.caller) throw unauthorized('sign in first');
  return ctx.app.scripts.register(ctx.caller.userDid, params.script_name, body);
});
