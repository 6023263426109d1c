/**
 * PATCH /api/v2/vault/scripting/{script_name} — runs a script in the space `context` names
 * (`target_did`, `target_app_did`), or without a context in the caller's own. Policy as the primary
 * table's run: anonymous callers only where the script allows, rate limited per IP.
 */
import { hiveEndpoints } from '@cella/openapi';
import { jsonText, stringifyWithJsonText } from '../../../json-text.js';
import { procedureFor } from '../../procedures.js';

export const hiveRunScript = procedureFor(hiveEndpoints.hiveRunScript).mutation(
  async ({ input: { params, body }, ctx }) => {
    const results = await ctx.app.scripts.run({
      scriptName: params.script_name,
      caller: ctx.caller,
      clientIp: ctx.ip,
      ...(body?.context
        ? { targetDid: body.context.target_did, targetApp: body.context.target_app_did }
        : {}),
      ...(body?.params ? { params: body.params } : {}),
    });
    return jsonText<typeof results>(stringifyWithJsonText(results));
  },
);
