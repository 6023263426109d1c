import { endpoints } from '@cella/openapi';
import { jsonParts } from '../../json-text.js';
import { procedureFor } from '../procedures.js';

/**
 * Runs a script of the target vault (`context.target_did`, default the caller's own), in the space
 * of `context.target_app_did` (a context without it: the target's default space; no context: the
 * caller's own space, i.e. the application of the caller's token). Auth mode
 * `optional`: without any token the caller is anonymous, which only scripts registered with both
 * anonymous flags accept; a token that is present but invalid is refused with 401 (so clients
 * re-sign-in instead of silently running as nobody). Anonymous runs are rate limited per IP (the
 * entry's `rateLimit`).
 */
export const runScript = procedureFor(endpoints.runScript).mutation(
  async ({ input: { params, body }, ctx }) => {
    const results = await ctx.app.scripts.run({
      scriptName: params.script_name,
      caller: ctx.caller,
      clientIp: ctx.ip,
      ...(body?.context
        ? { targetDid: body.context.target_did, targetApp: body.context.target_app_did ?? null }
        : {}),
      ...(body?.params ? { params: body.params } : {}),
    });
    // Found documents are JsonText parts (see the find executable): written out as they are,
    // part by part.
    return jsonParts(results);
  },
);
