import type { AuthMode } from '@cella/openapi';
import type { FastifyRequest } from 'fastify';
import type { AppContext, RequestContext } from '../context.js';
import { unauthorized } from '../errors.js';

/**
 * Authenticates the request for an endpoint of the given auth mode. A bad token on an `optional`
 * endpoint is remembered rather than thrown, so the handler can decide (anonymous scripts).
 */
export async function requestContext(
  app: AppContext,
  request: FastifyRequest,
  auth: AuthMode,
): Promise<RequestContext> {
  const base = {
    app,
    requestId: request.id,
    ip: request.ip,
    log: request.log,
    caller: null,
    authError: null,
  };
  if (auth === 'public') return base;
  try {
    const caller = await app.authenticator.authenticate(request.headers.authorization);
    // A node-to-node BackupToken names a user but is only good for the internal backup API:
    // elsewhere (an anonymous-capable script run, say) it must not act as that user.
    if (caller?.kind === 'node' && auth !== 'node')
      throw unauthorized('a backup token is only valid on the internal backup API');
    return { ...base, caller };
  } catch (error) {
    if (auth === 'optional') return { ...base, authError: error as Error };
    throw error;
  }
}

/** For raw routes (the JSON ones get this from their tRPC middleware): refuse a missing identity. */
export function requireCaller(auth: AuthMode, ctx: RequestContext): void {
  if (auth === 'user' && ctx.caller?.kind !== 'user')
    throw ctx.authError ?? unauthorized('this endpoint needs an access token: sign in first');
  if (auth === 'node' && ctx.caller?.kind !== 'node')
    throw ctx.authError ?? unauthorized('this endpoint needs a node-to-node backup token');
}
