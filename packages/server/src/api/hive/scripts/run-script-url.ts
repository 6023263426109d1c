/**
 * GET /api/v2/vault/scripting/{script_name}/{target_did}@{target_app_did}/{params} — a run from the
 * URL alone (the Hive SDK's `callScriptUrl` and `hive://` URLs): the parameters are the URL-encoded
 * JSON after the target (a `/` inside them is kept).
 */
import { hiveEndpoints } from '@cella/openapi';
import { invalid } from '../../../errors.js';
import { jsonText, stringifyWithJsonText } from '../../../json-text.js';
import { procedureFor } from '../../procedures.js';

function parseParams(text: string): Record<string, unknown> | undefined {
  if (text.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid('the parameters after the target must be a URL-encoded JSON object');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw invalid('the parameters after the target must be a JSON object');
  return value as Record<string, unknown>;
}

export const hiveRunScriptUrl = procedureFor(hiveEndpoints.hiveRunScriptUrl).query(
  async ({ input: { params }, ctx }) => {
    const at = params.target.indexOf('@');
    const targetDid = params.target.slice(0, at);
    const targetApp = params.target.slice(at + 1);
    const runParams = parseParams(params.params);
    const results = await ctx.app.scripts.run({
      scriptName: params.script_name,
      caller: ctx.caller,
      clientIp: ctx.ip,
      targetDid,
      targetApp,
      ...(runParams ? { params: runParams } : {}),
    });
    return jsonText<typeof results>(stringifyWithJsonText(results));
  },
);
