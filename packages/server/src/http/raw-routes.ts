/**
 * Streaming routes: file paths (which may contain `/`) and script transaction streams. Their bodies
 * are never buffered or parsed here: the encapsulated plugin replaces every content-type parser with
 * a no-op, so handlers read `request.raw` themselves. JSON operations that live under a file path
 * (move, copy, hash, list, properties) are dispatched to their tRPC procedures like any JSON route.
 */
import { endpointList, endpoints, type Endpoint, type EndpointId } from '@cella/openapi';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext, RequestContext } from '../context.js';
import { CellaError, invalid, notImplemented } from '../errors.js';
import { readJsonBody } from './read-body.js';
import { sendResult, type ProcedureCaller } from './json-routes.js';
import { requestContext, requireCaller } from './request-context.js';

export type RawHandler = (
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: RequestContext,
  params: Record<string, string>,
) => Promise<FastifyReply>;

export type RawHandlers = Partial<Record<EndpointId, RawHandler>>;

const FILES_PREFIX = '/api/v2/vault/files/';

/**
 * Which endpoint a request under /vault/files/ means, and for which file path. `fallback`: the
 * path to download instead when the endpoint finds no file (`GET <folder>/hash` where the prefix
 * is a folder holding a file named `hash`).
 */
export function resolveFileRoute(
  method: string,
  rawPath: string,
  query: Record<string, unknown>,
): { id: EndpointId; path: string; fallback?: string } {
  let path = rawPath;
  const suffix = (name: string) => path === name || path.endsWith(`/${name}`);
  const strip = (name: string) => path.slice(0, Math.max(0, path.length - name.length - 1));
  switch (method) {
    case 'PUT':
      return { id: 'uploadFile', path };
    case 'DELETE':
      return { id: 'deleteFile', path };
    case 'POST':
      if (suffix('move')) return { id: 'moveFile', path: strip('move') };
      if (suffix('copy')) return { id: 'copyFile', path: strip('copy') };
      throw new CellaError('METHOD_NOT_ALLOWED', 'POST under /vault/files/ must end with /move or /copy');
    case 'GET':
    case 'HEAD': {
      const list = query.list === 'true' || query.list === '1' || query.comp === 'children';
      if (list || query.comp === 'metadata' || query.comp === 'hash') {
        if (query.comp === 'hash') return { id: 'fileHash', path };
        return { id: 'downloadFile', path };
      }
      if (suffix('hash') && path !== 'hash') {
        // `<file>/hash` is the hash endpoint. A file and a folder can't share a name, so when the
        // prefix is not a file, `<folder>/hash` is the file named `hash` in that folder.
        const full = path;
        path = strip('hash');
        return { id: 'fileHash', path, fallback: full };
      }
      return { id: 'downloadFile', path };
    }
    default:
      throw new CellaError('METHOD_NOT_ALLOWED', `${method} is not allowed on files`);
  }
}

function decodePath(wildcard: string): string {
  try {
    return decodeURIComponent(wildcard);
  } catch {
    throw invalid('the file path is not valid URL-encoded UTF-8');
  }
}

export function registerRawRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  call: ProcedureCaller,
  raw: RawHandlers,
): void {
  const jsonIds = new Set<EndpointId>(['moveFile', 'copyFile', 'fileHash', 'deleteFile']);

  async function dispatchFile(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const url = request.raw.url ?? '';
    const rawPath = url.slice(FILES_PREFIX.length).split('?')[0] ?? '';
    const query = (request.query ?? {}) as Record<string, unknown>;
    const { id, path: encoded, fallback } = resolveFileRoute(request.method, rawPath, query);
    const path = decodePath(encoded);
    const endpoint: Endpoint = endpoints[id];
    const rctx = await requestContext(ctx, request, endpoint.auth);
    const listOrMeta = id === 'downloadFile' && (query.list !== undefined || query.comp !== undefined);
    if (jsonIds.has(id) || listOrMeta) {
      const body = endpoint.body ? await readJsonBody(request, endpoint.bodyLimit ?? 8192) : undefined;
      let result: unknown;
      try {
        result = await call(id, { params: { path }, query, body }, rctx);
      } catch (error) {
        if (fallback === undefined || !(error instanceof CellaError && error.code === 'FILE_NOT_FOUND'))
          throw error;
        return runRaw(request, reply, rctx, decodePath(fallback), 'downloadFile');
      }
      return sendResult(reply, endpoint, result);
    }
    return runRaw(request, reply, rctx, path, id);
  }

  /** Runs the raw (streaming) handler of `id` for `path`. */
  function runRaw(
    request: FastifyRequest,
    reply: FastifyReply,
    rctx: RequestContext,
    path: string,
    id: EndpointId,
  ) {
    requireCaller(endpoints[id].auth, rctx);
    const handler = raw[id];
    if (!handler) throw notImplemented(id);
    return handler(request, reply, rctx, { path });
  }

  async function dispatchStream(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const id: EndpointId = request.method === 'PUT' ? 'uploadByTransaction' : 'downloadByTransaction';
    const rctx = await requestContext(ctx, request, endpoints[id].auth);
    const handler = raw[id];
    if (!handler) throw notImplemented(id);
    const { transaction_id } = request.params as { transaction_id: string };
    return handler(request, reply, rctx, { transaction_id });
  }

  void app.register(async (scope) => {
    // Raw bodies: leave the stream untouched for the handler.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    for (const method of ['GET', 'PUT', 'DELETE', 'POST'] as const) {
      scope.route({ method, url: `${FILES_PREFIX}*`, handler: dispatchFile });
    }
    scope.route({
      method: ['GET', 'PUT'],
      url: '/api/v2/vault/scripting/stream/:transaction_id',
      handler: dispatchStream,
    });
    // The internal node-to-node streams (the backup node's CAR upload and export), one route each.
    for (const endpoint of endpointList) {
      if (!endpoint.internal || !(endpoint.binaryBody || endpoint.success.binary)) continue;
      const id = endpoint.operationId as EndpointId;
      scope.route({
        method: endpoint.method,
        url: endpoint.path,
        handler: async (request, reply) => {
          const rctx = await requestContext(ctx, request, endpoint.auth);
          requireCaller(endpoint.auth, rctx);
          const handler = raw[id];
          if (!handler) throw notImplemented(id);
          return handler(request, reply, rctx, {});
        },
      });
    }
  });
}
