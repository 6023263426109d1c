/**
 * GET/HEAD /api/v2/vault/files/{path} — the file's bytes streamed from the BlockStore (see
 * send-content.ts), plus `Last-Modified`, `If-None-Match` (304) and `If-Range`.
 * (Listing and properties under the same path are JSON: see list-or-properties.ts.)
 */
import type { RawHandler } from '../../http/raw-routes.js';
import { callerVault } from '../db/vault-of.js';
import { etagOf, noneMatch, parseRange, rangeStillValid } from './http-range.js';
import { prepareContent } from './send-content.js';

export const downloadFile: RawHandler = async (request, reply, ctx, { path = '' }) => {
  const vault = await callerVault(ctx);
  const record = await ctx.app.files.file(vault, path);
  const etag = etagOf(record.cid);
  reply.header('last-modified', new Date(record.modified * 1000).toUTCString());
  if (noneMatch(request.headers['if-none-match'], etag)) {
    return reply.header('etag', etag).header('cache-control', 'private, no-cache').code(304).send();
  }
  const ifRange = request.headers['if-range'];
  const range = rangeStillValid(typeof ifRange === 'string' ? ifRange : undefined, etag)
    ? parseRange(request.headers.range, record.size)
    : ({ kind: 'full' } as const);
  return reply.send(
    await prepareContent(request, reply, ctx.app.files, record, { cacheControl: 'private, no-cache', range }),
  );
};
