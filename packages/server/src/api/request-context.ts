/**
 * The context a procedure runs in. The router builds `RequestContext` for every request; the auth
 * middleware of the endpoint's mode narrows it (api/procedures.ts), so a handler's `ctx.caller` is
 * exactly what its mode admits, by type.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { NodeCaller, UserCaller } from '../auth/caller.js';
import type { AppContext } from '../context.js';
import type { RequestLog } from '../logger.js';
import type { VaultSpace } from '../vault/spaces.js';

export interface RequestContext {
  app: AppContext;
  requestId: string;
  ip: string;
  log: RequestLog;
  /** The Authorization header, read by the auth middleware of the endpoint's mode. */
  authorization: string | undefined;
  /**
   * The HTTP exchange. Streaming endpoints read `request.raw` and answer through `reply`
   * (then returning `ANSWERED`, see answered.ts); JSON endpoints return their answer and leave both alone.
   */
  http: { request: FastifyRequest; reply: FastifyReply };
}

/** Auth mode `user`: a user access token. */
export interface UserContext extends RequestContext {
  caller: UserCaller;
  /**
   * The caller's vault, created with the free plan on first use (404 when unsubscribed), in the
   * caller's space: the application named in the access token, else the default space.
   */
  vault(): Promise<VaultSpace>;
}

/** Auth mode `optional`: a user access token, or none at all (anonymous; a bad token is 401). */
export interface OptionalUserContext extends RequestContext {
  caller: UserCaller | null;
}

/** Auth mode `node`: a node-to-node BackupToken (internal backup API). */
export interface NodeContext extends RequestContext {
  caller: NodeCaller;
}
