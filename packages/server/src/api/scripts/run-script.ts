import { endpoints } from '@cella/openapi';
import { jsonParts } from '../../json-text.js';
import { procedureFor } from '../procedures.js';

/**
 * Runs a script of the target vault (`context.target_did`, default the caller's own). Auth mode
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
      ...(body?.context?.target_did ? { targetDid: body.context.target_did } : {}),
      ...(body?.params ? { params: body.params } : {}),
    });
    // Found documents are JsonText parts (see the find executable): written out as they are,
    // part by part.
    return jsonParts(results);
  },
);
