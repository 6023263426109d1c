import { endpoints } from '@cella/openapi';
import { resumeCursor } from '../../events/event-service.js';
import { procedureFor } from '../procedures.js';
import { sendEvents } from './send-events.js';

/** The changes of the caller's space of their vault, as Server-Sent Events (docs/events.md). */
export const vaultEvents = procedureFor(endpoints.vaultEvents).query(async ({ input: { query }, ctx }) => {
  const since = resumeCursor(query.since, ctx.http.request.headers['last-event-id']);
  const stream = await ctx.app.events.openOwner(await ctx.vault(), query, {
    since,
    callerKey: ctx.caller.userDid,
  });
  return sendEvents(ctx.http, stream);
});
