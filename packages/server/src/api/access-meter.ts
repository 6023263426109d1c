/**
 * Feeds the access statistics (vault/access-stats.ts) from a signed-in request: one request of the
 * caller's (user, application) as it starts, and once the answer has gone out its bytes — the declared
 * request length plus the declared answer length (streamed answers declare theirs too; a chunked
 * request without a length counts its answer only). Nothing is written on the request path.
 */
import type { UserCaller } from '../auth/caller.js';
import type { RequestContext } from './request-context.js';

const length = (value: unknown): number => {
  const n = Number(Array.isArray(value) ? value[0] : value);
  return Number.isFinite(n) && n > 0 ? n : 0;
};

export function meterAccess(ctx: RequestContext, caller: UserCaller): void {
  const { request, reply } = ctx.http;
  const app = caller.appDid ?? null;
  ctx.app.access.record(caller.userDid, app);
  reply.raw.once('finish', () => {
    const bytes = length(request.headers['content-length']) + length(reply.raw.getHeader('content-length'));
    ctx.app.access.addBytes(caller.userDid, app, bytes);
  });
}
