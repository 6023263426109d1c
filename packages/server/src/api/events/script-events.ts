import { endpoints } from '@cella/openapi';
import { resumeCursor } from '../../events/event-service.js';
import { ipKey } from '../../rate-limits/client-key.js';
import { procedureFor } from '../procedures.js';
import { sendEvents } from './send-events.js';

/**
 * A script's live view (docs/events.md, "Scripts"): the caller, target and params are a run's
 * (`target_did` and `target_app_did` are its `context`: without `target_did`, the caller's own
 * space; with it, the space `target_app_did` names, else the target's default space).
 */
export const scriptEvents = procedureFor(endpoints.scriptEvents).query(
  async ({ input: { params, query }, ctx }) => {
    const since = resumeCursor(query.since, ctx.http.request.headers['last-event-id']);
    const stream = await ctx.app.events.openScript(
      {
        scriptName: params.script_name,
        caller: ctx.caller,
        ...(query.target_did !== undefined
          ? { targetDid: query.target_did, targetApp: query.target_app_did ?? null }
          : {}),
        ...(query.parameters ? { params: query.parameters } : {}),
      },
      { since, callerKey: ctx.caller?.userDid ?? `ip:${ipKey(ctx.ip)}` },
    );
    return sendEvents(ctx.http, stream);
  },
);
