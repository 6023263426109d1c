/**
 * The procedure builders, one per auth mode, and `procedureFor(entry)`, which gives an endpoint
 * the builder of the mode its contract entry declares, with the entry's input parser attached.
 *
 * Each builder's middleware runs the endpoint's policy in the order the design fixes — auth (the
 * Authorization header → a caller), then the entry's rate limit — and *narrows* the context with
 * `next({ ctx: { caller } })`: a `user` handler's `ctx.caller` is a `UserCaller` by its type and
 * is never checked again. A request refused for its token (401) is first counted in the anonymous
 * budget of its address (`ANONYMOUS_RATE_LIMIT`: 429 past it). Input is parsed after the
 * middleware — and the router reads the body only when the parser asks for it (http/routes.ts),
 * so nothing of a refused request's body is read — by a parser that throws the one error class
 * (`CellaError` INVALID_PARAMETER naming the fields).
 *
 * tRPC reports any failure as a `TRPCError` whose `cause` is exactly what was thrown
 * (`getTRPCErrorFromUnknown`); nothing here wraps anything, and the router rethrows that cause
 * (http/routes.ts). tRPC's own HTTP adapter, error formatter and client are not used: the REST
 * paths of the contract are served by the router from the same table.
 */
import { ANONYMOUS_RATE_LIMIT, rateLimitsOf, type Endpoint, type RateLimit } from '@cella/openapi';
import { getTRPCErrorFromUnknown, initTRPC, type AnyTRPCProcedure } from '@trpc/server';
import { z } from 'zod';
import type { Caller } from '../auth/caller.js';
import { ipKey } from '../rate-limits/client-key.js';
import { spaceOf } from '../vault/spaces.js';
import { meterAccess } from './access-meter.js';
import { CellaError, invalidInput, notImplemented, unauthorized } from '../errors.js';
import type { EndpointInput } from './endpoint-types.js';
import type { RequestContext } from './request-context.js';

const t = initTRPC.context<RequestContext>().meta<{ endpoint: Endpoint }>().create({ isServer: true });

export const router = t.router;

/** Whose requests a rate limit counts together; null: this request is not counted. */
function rateLimitKey(limit: RateLimit, ctx: RequestContext, caller: Caller | null): string | null {
  switch (limit.key) {
    case 'ip':
      return ipKey(ctx.ip);
    case 'anonymous-ip':
      return caller ? null : ipKey(ctx.ip);
    case 'did':
      return caller ? (caller.kind === 'node' ? caller.nodeDid : caller.userDid) : null;
  }
}

const limitsByEntry = new WeakMap<Endpoint, readonly RateLimit[]>();
/** `rateLimitsOf(endpoint)`, worked out once per entry. */
function limitsOf(endpoint: Endpoint): readonly RateLimit[] {
  let limits = limitsByEntry.get(endpoint);
  if (!limits) limitsByEntry.set(endpoint, (limits = rateLimitsOf(endpoint)));
  return limits;
}

/** Counts one request of `key` in `limit`'s bucket (429 past its budget). */
async function take(ctx: RequestContext, limit: RateLimit, key: string) {
  const limiter = ctx.app.rateLimits[limit.bucket];
  if (!limiter) throw new Error(`no rate limiter for bucket "${limit.bucket}"`);
  const pending = limiter.take(key);
  if (pending) await pending;
}

/**
 * The entry's rate limits (its auth mode's and its own, `rateLimitsOf`), after auth so the key
 * can be the caller. In-memory limiters answer without a promise: nothing to wait for.
 */
async function takeRateLimits(ctx: RequestContext, endpoint: Endpoint | undefined, caller: Caller | null) {
  if (!endpoint) return;
  for (const limit of limitsOf(endpoint)) {
    const key = rateLimitKey(limit, ctx, caller);
    if (key !== null) await take(ctx, limit, key);
  }
}

/**
 * Refuses a request for its token (401), after counting it as a request without one: whoever
 * has no valid token spends the anonymous budget of their address, whatever route they call.
 */
async function refuse(ctx: RequestContext, error: CellaError): Promise<never> {
  await take(ctx, ANONYMOUS_RATE_LIMIT, ipKey(ctx.ip));
  throw error;
}

/** The caller the Authorization header names; null without one; a bad one refused (`refuse`). */
async function authenticate(ctx: RequestContext): Promise<Caller | null> {
  try {
    return await ctx.app.authenticator.authenticate(ctx.authorization);
  } catch (error) {
    if (error instanceof CellaError && error.code === 'UNAUTHORIZED') return refuse(ctx, error);
    throw error;
  }
}

const backupTokenElsewhere = () => unauthorized('a backup token is only valid on the internal backup API');
const userTokenNeeded = () => unauthorized('this endpoint needs an access token: sign in first');
const nodeTokenNeeded = () => unauthorized('this endpoint needs a node-to-node backup token');

/**
 * The caller of an entry that needs a token, for the router to know before it reads a body that
 * picks between entries (http/routes.ts): the same refusals as the entry's middleware, which then
 * finds the token verified already (the authenticator caches it).
 */
export async function admit(ctx: RequestContext, endpoint: Endpoint): Promise<void> {
  if (endpoint.auth === 'public') return;
  const caller = await authenticate(ctx);
  if (endpoint.auth === 'node') {
    if (caller?.kind !== 'node') await refuse(ctx, nodeTokenNeeded());
  } else if (caller?.kind === 'node') await refuse(ctx, backupTokenElsewhere());
  else if (!caller && endpoint.auth === 'user') await refuse(ctx, userTokenNeeded());
}

/** `public`: no token is read at all. */
export const publicProcedure = t.procedure.use(async ({ ctx, meta, next }) => {
  await takeRateLimits(ctx, meta?.endpoint, null);
  return next();
});

/** `user`: a user access token; the context gains the caller and the caller's vault. */
export const userProcedure = t.procedure.use(async ({ ctx, meta, next }) => {
  const caller = await authenticate(ctx);
  if (caller?.kind === 'node') return refuse(ctx, backupTokenElsewhere());
  if (!caller) return refuse(ctx, userTokenNeeded());
  await takeRateLimits(ctx, meta?.endpoint, caller);
  meterAccess(ctx, caller);
  // The caller's space follows the token: the application it names, else the default space.
  const vault = async () => spaceOf(await ctx.app.vaults.open(caller.userDid), caller.appDid);
  return next({ ctx: { caller, vault } });
});

/** `optional`: a user access token or none (anonymous); a token that is sent must be valid. */
export const optionalUserProcedure = t.procedure.use(async ({ ctx, meta, next }) => {
  const caller = await authenticate(ctx);
  if (caller?.kind === 'node') return refuse(ctx, backupTokenElsewhere());
  await takeRateLimits(ctx, meta?.endpoint, caller);
  if (caller) meterAccess(ctx, caller);
  return next({ ctx: { caller } });
});

/** `node`: a node-to-node BackupToken (the internal backup API). */
export const nodeProcedure = t.procedure.use(async ({ ctx, meta, next }) => {
  const caller = await authenticate(ctx);
  if (caller?.kind !== 'node') return refuse(ctx, nodeTokenNeeded());
  await takeRateLimits(ctx, meta?.endpoint, caller);
  return next({ ctx: { caller } });
});

const noParams = z.object({});
const noQuery = z.object({});
const anyBody = z.unknown();

/**
 * The entry's input parser: decoded path params, the query (strict: a parameter the endpoint does
 * not know is refused, never ignored) and the JSON body.
 */
function parserFor(endpoint: Endpoint): (raw: unknown) => unknown {
  const schema = z.object({
    params: endpoint.params ?? noParams,
    query: (endpoint.query ?? noQuery).strict(),
    body: endpoint.body ?? anyBody,
  });
  return (raw) => {
    const parsed = schema.safeParse(raw);
    if (!parsed.success) throw invalidInput(parsed.error);
    return parsed.data;
  };
}

type Parser<E> = (raw: unknown) => EndpointInput<E>;

/**
 * The builder for an endpoint: its auth mode's builder, the entry as meta (the rate limit reads
 * it) and its input parser. A handler file finishes it with `.query(...)` (GET) or `.mutation(...)`.
 * The overloads state, per mode, what the switch below does: TypeScript cannot narrow a generic
 * entry by a runtime switch, so each mode's signature carries the entry's literal types through.
 */
export function procedureFor<E extends Endpoint & { auth: 'public' }>(
  endpoint: E,
): ReturnType<typeof publicProcedure.input<Parser<E>>>;
export function procedureFor<E extends Endpoint & { auth: 'user' }>(
  endpoint: E,
): ReturnType<typeof userProcedure.input<Parser<E>>>;
export function procedureFor<E extends Endpoint & { auth: 'optional' }>(
  endpoint: E,
): ReturnType<typeof optionalUserProcedure.input<Parser<E>>>;
export function procedureFor<E extends Endpoint & { auth: 'node' }>(
  endpoint: E,
): ReturnType<typeof nodeProcedure.input<Parser<E>>>;
export function procedureFor(endpoint: Endpoint): unknown {
  const meta = { endpoint };
  const parse = parserFor(endpoint);
  switch (endpoint.auth) {
    case 'public':
      return publicProcedure.meta(meta).input(parse);
    case 'user':
      return userProcedure.meta(meta).input(parse);
    case 'optional':
      return optionalUserProcedure.meta(meta).input(parse);
    case 'node':
      return nodeProcedure.meta(meta).input(parse);
  }
}

/** For an entry no handler serves yet: its auth mode still applies, then 501. */
export function notServed(endpoint: Endpoint) {
  const fail = (): never => {
    throw notImplemented(endpoint.operationId);
  };
  const builder = (() => {
    switch (endpoint.auth) {
      case 'public':
        return publicProcedure;
      case 'user':
        return userProcedure;
      case 'optional':
        return optionalUserProcedure;
      case 'node':
        return nodeProcedure;
    }
  })().meta({ endpoint });
  return endpoint.method === 'GET' ? builder.query(fail) : builder.mutation(fail);
}

/** What one step of a procedure answers (tRPC's middleware result). */
type StepResult = { ok: true; data: unknown; ctx?: unknown } | { ok: false; error: Error };
export type ProcedureStep = (opts: Record<string, unknown>) => Promise<StepResult>;
/** What a step's `next()` may change for the steps after it. */
type NextOptions = { ctx?: object; input?: unknown; getRawInput?: () => Promise<unknown> } | undefined;

/**
 * The steps of a procedure as the builder above put them: its auth mode's middleware, the input
 * parser, the handler (`_def.middlewares`, what tRPC's own caller runs). Checked once per route at
 * start, so a tRPC upgrade that changes this shape stops the node's start rather than a request.
 */
export function procedureSteps(procedure: AnyTRPCProcedure): readonly ProcedureStep[] {
  const steps = (procedure._def as { middlewares?: unknown }).middlewares;
  if (!Array.isArray(steps) || steps.length < 2 || !steps.every((step) => typeof step === 'function'))
    throw new Error('tRPC procedure without the expected middleware steps (@trpc/server changed?)');
  return steps as ProcedureStep[];
}

/**
 * Runs a procedure's steps (`procedureSteps`) as tRPC's caller does — each step gets the options
 * with the procedure's meta and a `next()` that runs the following step, with the context that
 * `next({ ctx })` extends and the input that `next({ input })` sets; a step that throws answers
 * `{ ok: false }` with tRPC's error for what it threw — but without copying every option at each
 * step (tRPC's caller spreads them through a Babel helper twice per step: ~8% of a sorted page's
 * CPU on the node's thread, docs/document-store.md). Resolves with the handler's answer; rejects
 * with the TRPCError whose `cause` is what was thrown (http/routes.ts unwraps it).
 */
export async function runProcedure(
  procedure: AnyTRPCProcedure,
  steps: readonly ProcedureStep[],
  options: { path: string; ctx: object; getRawInput: () => Promise<unknown> },
): Promise<unknown> {
  const meta = procedure._def.meta;
  const type = procedure._def.type;
  const { path } = options;
  const run = async (
    index: number,
    ctx: object,
    input: unknown,
    getRawInput: () => Promise<unknown>,
  ): Promise<StepResult> => {
    try {
      return await (steps[index] as ProcedureStep)({
        ctx,
        type,
        path,
        getRawInput,
        input,
        meta,
        signal: undefined,
        batchIndex: 0,
        next: (next: NextOptions) =>
          run(
            index + 1,
            next?.ctx ? { ...ctx, ...next.ctx } : ctx,
            next && 'input' in next ? next.input : input,
            next?.getRawInput ?? getRawInput,
          ),
      });
    } catch (cause) {
      return { ok: false, error: getTRPCErrorFromUnknown(cause) };
    }
  };
  const result = await run(0, options.ctx, undefined, options.getRawInput);
  if (!result.ok) throw result.error;
  return result.data;
}
