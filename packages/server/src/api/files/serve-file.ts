/**
 * Sends a vault file as a download: its bytes streamed from the BlockStore (see send-content.ts),
 * plus `Last-Modified`, `If-None-Match` (304) and `If-Range`. Plain downloads and the `{path}/hash`
 * form that names a file called `hash` (file-hash.ts) answer with it.
 */
import type { FileRecord } from '../../files/file-records.js';
import type { FilesService } from '../../files/files-service.js';
import type { VaultSpace } from '../../vault/spaces.js';
import { answerWith, type Answered } from '../answered.js';
import type { RequestContext } from '../request-context.js';
import { etagOf, noneMatch, parseRange, rangeStillValid } from './http-range.js';
import { prepareContent } from './send-content.js';

export async function serveFile(
  http: RequestContext['http'],
  files: FilesService,
  vault: VaultSpace,
  path: string,
): Promise<Answered> {
  return serveRecord(http, files, await files.file(vault, path), 'private, no-cache');
}

/** Sends one file's content (ranges, validators) with the given Cache-Control. */
export async function serveRecord(
  { request, reply }: RequestContext['http'],
  files: FilesService,
  record: FileRecord,
  cacheControl: string,
): Promise<Answered> {
  const etag = etagOf(record.cid);
  reply.header('last-modified', new Date(record.modified * 1000).toUTCString());
  if (noneMatch(request.headers['if-none-match'], etag)) {
    return answerWith(reply.header('etag', etag).header('cache-control', cacheControl).code(304));
  }
  const ifRange = request.headers['if-range'];
  const range = rangeStillValid(typeof ifRange === 'string' ? ifRange : undefined, etag)
    ? parseRange(request.headers.range, record.size)
    : ({ kind: 'full' } as const);
  return answerWith(reply, await prepareContent(request, reply, files, record, { cacheControl, range }));
}
