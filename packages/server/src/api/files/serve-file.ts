/**
 * Sends a vault file as a download: its bytes streamed from the BlockStore (see send-content.ts),
 * plus `Last-Modified`, `If-None-Match` (304) and `If-Range`. Plain downloads and the `{path}/hash`
 * form that names a file called `hash` (file-hash.ts) answer with it.
 */
import type { FilesService } from '../../files/files-service.js';
import type { VaultRecord } from '../../vault/vaults.js';
import type { Answered } from '../endpoint-types.js';
import type { RequestContext } from '../request-context.js';
import { etagOf, noneMatch, parseRange, rangeStillValid } from './http-range.js';
import { prepareContent } from './send-content.js';

export async function serveFile(
  { request, reply }: RequestContext['http'],
  files: FilesService,
  vault: VaultRecord,
  path: string,
): Promise<Answered> {
  const record = await files.file(vault, path);
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
    await prepareContent(request, reply, files, record, { cacheControl: 'private, no-cache', range }),
  );
}
