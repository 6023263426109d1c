/**
 * The one router. Every entry of the route tables becomes a fastify route from its path template,
 * JSON or streaming alike; per request the router
 *
 * 1. picks the entry (below),
 * 2. calls the entry's tRPC procedure, whose middleware authenticates and rate-limits and whose
 *    parser validates `{params, query, body}`,
 * 3. carries the body as the entry says, only when that parser asks for its input — after the
 *    middleware, so a caller refused for its token or its rate has no byte of its body read: a
 *    streaming entry (`binaryBody`) gets `request.raw` untouched, an entry that `ignoresBody`
 *    reads none, any other entry's JSON body is read within its `bodyLimit` (413 past it),
 * 4. answers: a handler that answered itself (a stream) returns `ANSWERED`; any other result is
 *    written as JSON with the entry's success status (send-answer.ts: JsonText as it is, lists
 *    as their items are read, capped).
 *
 * Picking the entry. Templates become fastify paths (`{name}` → `:name`); a `multiSegmentParam`
 * (file paths, which contain `/`) becomes a wildcard, followed only by the literal rest of its
 * template (`{path}/move` → `…/files/*` ending in `/move`). Entries that land on the same method
 * and fastify path share one route, and the first candidate, in this order, whose literal rest
 * matches and whose (strict) query schema accepts the query wins:
 * - longer literal rest first (`{path}/hash` before `{path}`),
 * - then table order (the first table is the primary dialect), then the entry order in a table.
 * When no candidate's query schema accepts the query, the first whose rest matches answers (its
 * parser says which parameter it does not know: 400). When no rest matches, 405 names the methods
 * the path has. A URL that leaves a named path parameter empty matches no route (404). A second route table (another dialect's paths onto the same services) adds its
 * entries to the same routes under this rule.
 *
 * When the query leaves more than one JSON entry (the two dialects' `DELETE /vault/db/{name}`:
 * delete documents, or drop the collection), the body decides: once the caller is admitted (the
 * first entry's auth, `admit`: those entries share their auth mode), it is read once, within the
 * largest of their limits, and the first entry whose body schema accepts it answers (else the
 * first, whose parser says why not); the chosen entry's own limit then applies to the declared
 * length. Body schemas of mutating entries are strict, so one body is valid for one entry only.
 */
import { DEFAULT_BODY_LIMIT, rateLimitsOf, type Endpoint, type HttpMethod } from '@cella/openapi';
import { TRPCError, type AnyTRPCProcedure } from '@trpc/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ANSWERED } from '../api/answered.js';
import { admit, procedureSteps, runProcedure, type ProcedureStep } from '../api/procedures.js';
import type { RequestContext } from '../api/request-context.js';
import type { RouteTable } from '../api/route-table.js';
import type { AppContext } from '../context.js';
import { CellaError, invalid } from '../errors.js';
import { readJsonBody, type JsonParser } from './read-body.js';
import { sendAnswer } from './send-answer.js';

/** Streaming request bodies are piped from `request.raw`, never buffered or parsed. */
const isStreaming = (endpoint: Endpoint): boolean => endpoint.binaryBody !== undefined;

interface Candidate {
  endpoint: Endpoint;
  table: RouteTable;
  procedure: AnyTRPCProcedure;
  /** The procedure's middleware, parser and handler, run by `runProcedure`. */
  steps: readonly ProcedureStep[];
  /** After the wildcard: the template's literal rest ('' when the wildcard ends it). */
  rest: string;
  /** The name of the wildcard parameter, if the template has one. */
  wildcard: string | undefined;
  /** Accepts the query exactly when the entry's parser would. */
  query: z.ZodType;
  /** Accepts the body exactly when the entry's parser would. */
  body: z.ZodType;
}

interface CompiledPath {
  url: string;
  /** Segments before the wildcard (to cut the raw wildcard value out of the URL). */
  prefixSegments: number;
  rest: string;
  wildcard: string | undefined;
  /** Matches concrete paths of this template (for 405's Allow header). */
  pattern: RegExp;
}

const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

function compile(endpoint: Endpoint): CompiledPath {
  const { path, multiSegmentParam: wildcard } = endpoint;
  const marker = wildcard ? `{${wildcard}}` : undefined;
  const at = marker ? path.indexOf(marker) : -1;
  const before = at >= 0 ? path.slice(0, at) : path;
  const rest = at >= 0 && marker ? path.slice(at + marker.length) : '';
  if (at >= 0 && (rest.includes('{') || !before.endsWith('/')))
    throw new Error(
      `${endpoint.operationId}: a multi-segment parameter must follow a "/" and end the parameters`,
    );
  const params = (text: string) => text.replace(/\{([^}]+)\}/g, ':$1');
  const patternOf = (text: string) => escape(text).replace(/\\?\{[^}]+\\?\}/g, '[^/]+');
  return {
    url: at >= 0 ? `${params(before)}*` : params(path),
    prefixSegments: before.split('/').length - 1,
    rest,
    wildcard: at >= 0 ? wildcard : undefined,
    pattern: new RegExp(`^${patternOf(before)}${at >= 0 ? `.*${escape(rest)}` : ''}/?$`),
  };
}

function decodeSegment(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw invalid('the file path is not valid URL-encoded UTF-8');
  }
}

export interface RegisterOptions {
  tables: readonly RouteTable[];
  /** Entries with routes of their own (the OpenAPI document, the docs page). */
  skip: ReadonlySet<string>;
  parseJson: JsonParser;
}

/**
 * Registers the routes of every table; returns the methods each path has (for 404 vs 405). The
 * app's content-type parsers must leave bodies alone (app.ts).
 */
export function registerRoutes(
  scope: FastifyInstance,
  app: AppContext,
  { tables, skip, parseJson }: RegisterOptions,
): (path: string) => HttpMethod[] {
  const groups = new Map<string, { method: HttpMethod; compiled: CompiledPath; candidates: Candidate[] }>();
  const known: { method: HttpMethod; pattern: RegExp }[] = [];
  for (const table of tables) {
    for (const endpoint of table.endpoints) {
      if (skip.has(endpoint.operationId)) continue;
      const compiled = compile(endpoint);
      known.push({ method: endpoint.method, pattern: compiled.pattern });
      const procedure: AnyTRPCProcedure | undefined = table.router._def.procedures[endpoint.operationId];
      if (!procedure) throw new Error(`no procedure for ${endpoint.operationId}`);
      const expected = endpoint.method === 'GET' ? 'query' : 'mutation';
      if (procedure._def.type !== expected)
        throw new Error(`${endpoint.operationId}: a ${endpoint.method} endpoint is a tRPC ${expected}`);
      for (const { bucket } of rateLimitsOf(endpoint))
        if (!app.rateLimits[bucket]) throw new Error(`${endpoint.operationId}: no rate limiter "${bucket}"`);
      const key = `${endpoint.method} ${compiled.url}`;
      const group = groups.get(key) ?? { method: endpoint.method, compiled, candidates: [] };
      groups.set(key, group);
      group.candidates.push({
        endpoint,
        table,
        procedure,
        steps: procedureSteps(procedure),
        rest: compiled.rest,
        wildcard: compiled.wildcard,
        query: (endpoint.query ?? z.object({})).strict(),
        body: endpoint.body ?? z.unknown(),
      });
    }
  }

  const methodsAt = (path: string): HttpMethod[] => [
    ...new Set(known.filter((k) => k.pattern.test(path)).map((k) => k.method)),
  ];

  for (const { method, compiled, candidates } of groups.values()) {
    // Stable: equal rests keep table order.
    candidates.sort((a, b) => b.rest.length - a.rest.length);
    type Pick = { candidate: Candidate; params: Record<string, unknown> };
    /** The candidates the suffix and the query admit, best first (or the fallback alone). */
    const pick = (request: FastifyRequest): Pick[] => {
      const fixed = request.params as Record<string, unknown>;
      // The wildcard as sent (still percent-encoded), so an encoded `/` never forms a suffix: the
      // path after as many segments as the template has before the wildcard.
      const raw = compiled.wildcard
        ? (request.raw.url ?? '').split('?')[0]!.split('/').slice(compiled.prefixSegments).join('/')
        : undefined;
      let fallback: Pick | undefined;
      const accepted: Pick[] = [];
      for (const candidate of candidates) {
        let params = fixed;
        if (raw !== undefined && candidate.wildcard) {
          if (!raw.endsWith(candidate.rest)) continue;
          const { '*': _wildcard, ...named } = fixed;
          const value = decodeSegment(raw.slice(0, raw.length - candidate.rest.length));
          params = { ...named, [candidate.wildcard]: value };
        }
        const chosen = { candidate, params };
        if (candidates.length === 1) return [chosen];
        // Only entries with the same (longest) rest compete on the query.
        if (accepted.length > 0 && candidate.rest !== accepted[0]!.candidate.rest) break;
        if (candidate.query.safeParse(request.query ?? {}).success) accepted.push(chosen);
        else fallback ??= chosen;
      }
      return accepted.length > 0 ? accepted : fallback ? [fallback] : [];
    };

    /** Reads the body once and picks the first JSON entry whose body schema accepts it. */
    const byBody = async (request: FastifyRequest, picks: Pick[]) => {
      const limit = Math.max(...picks.map((p) => p.candidate.endpoint.bodyLimit ?? DEFAULT_BODY_LIMIT));
      const body = await readJsonBody(request, limit, parseJson);
      const chosen = picks.find((p) => p.candidate.body.safeParse(body).success) ?? picks[0]!;
      const own = chosen.candidate.endpoint.bodyLimit ?? DEFAULT_BODY_LIMIT;
      if (Number(request.headers['content-length'] ?? 0) > own)
        throw new CellaError('PAYLOAD_TOO_LARGE', 'the request body is larger than this endpoint accepts');
      return { picked: chosen, body };
    };

    scope.route({
      method,
      url: compiled.url,
      handler: async (request, reply) => {
        // A path parameter is never empty (the wildcard of file paths aside: the root folder):
        // `PUT /vault/scripting/` names no script and matches no route, as on the reference.
        for (const [name, value] of Object.entries(request.params as Record<string, unknown>))
          if (name !== '*' && value === '')
            throw new CellaError(
              'ROUTE_NOT_FOUND',
              `no endpoint at ${request.method} ${request.url.split('?')[0]}`,
            );
        const picks = pick(request);
        if (picks.length === 0) {
          const allowed = methodsAt((request.raw.url ?? '').split('?')[0] ?? '').join(', ');
          reply.header('allow', allowed);
          throw new CellaError('METHOD_NOT_ALLOWED', `${request.method} is not allowed here; use ${allowed}`);
        }
        let picked = picks[0]!;
        // Named before the body is read, so a refused body is counted under its operation.
        request.operation = picked.candidate.endpoint.operationId;
        const ctx: RequestContext = {
          app,
          requestId: request.id,
          ip: request.ip,
          log: request.log,
          authorization: request.headers.authorization,
          http: { request, reply },
        };
        let readBody: () => Promise<unknown>;
        if (picks.length > 1 && !picks.some((p) => isStreaming(p.candidate.endpoint))) {
          await admit(ctx, picked.candidate.endpoint);
          const chosen = await byBody(request, picks);
          picked = chosen.picked;
          request.operation = picked.candidate.endpoint.operationId;
          readBody = async () => chosen.body;
        } else if (isStreaming(picked.candidate.endpoint) || picked.candidate.endpoint.ignoresBody) {
          readBody = async () => undefined;
        } else {
          const limit = picked.candidate.endpoint.bodyLimit ?? DEFAULT_BODY_LIMIT;
          readBody = () => readJsonBody(request, limit, parseJson);
        }
        const { candidate, params } = picked;
        const { endpoint, procedure, steps } = candidate;
        let result: unknown;
        try {
          result = await runProcedure(procedure, steps, {
            path: endpoint.operationId,
            // Called by the input parser, after the middleware admitted the caller.
            getRawInput: async () => ({ params, query: request.query ?? {}, body: await readBody() }),
            ctx,
          });
        } catch (error) {
          // tRPC reports every failure as a TRPCError carrying what was thrown.
          throw error instanceof TRPCError && error.cause ? error.cause : error;
        }
        if (result === ANSWERED) return reply;
        return sendAnswer(reply, endpoint, result, app.config.maxAnswerBytes);
      },
    });
  }
  return methodsAt;
}
