/**
 * Sends a stored file's bytes — shared by plain downloads and script download transactions:
 * `ETag` = the CID, `Accept-Ranges`, a single byte range (206 with `Content-Range`, 416 outside the
 * file), Content-Length kept on HEAD, and the content streamed at the client's pace (constant memory).
 * The first piece is read before the headers go out, so unreadable content is a clean error response
 * rather than a cut connection.
 */
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CellaError } from '../../errors.js';
import type { FileRecord } from '../../files/file-records.js';
import type { FilesService } from '../../files/files-service.js';
import { etagOf, parseRange, type RangeResult } from './http-range.js';
import { ResponseBuffers } from './response-buffers.js';

/** Yields an already-read first result, then the rest of the iterator. */
async function* resume(
  first: IteratorResult<Uint8Array>,
  rest: AsyncIterator<Uint8Array>,
): AsyncGenerator<Uint8Array> {
  if (first.done) return;
  yield first.value;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}

export interface SendContentOptions {
  cacheControl: string;
  /** The range to serve; default: the request's `Range` header. */
  range?: RangeResult;
}

/** Prepares the headers and the body stream; the caller sends it (and may still back out). */
export async function prepareContent(
  request: FastifyRequest,
  reply: FastifyReply,
  files: FilesService,
  record: FileRecord,
  options: SendContentOptions,
): Promise<Readable> {
  const range = options.range ?? parseRange(request.headers.range, record.size);
  if (range.kind === 'unsatisfiable') {
    reply.header('content-range', `bytes */${record.size}`);
    throw new CellaError(
      'RANGE_NOT_SATISFIABLE',
      `the range "${request.headers.range}" lies outside the file (${record.size} bytes)`,
    );
  }
  const offset = range.kind === 'partial' ? range.offset : 0;
  const length = range.kind === 'partial' ? range.length : record.size;
  reply
    .type('application/octet-stream')
    .header('etag', etagOf(record.cid))
    .header('accept-ranges', 'bytes')
    .header('cache-control', options.cacheControl)
    .header('content-length', String(length));
  if (range.kind === 'partial') {
    reply.code(206).header('content-range', `bytes ${offset}-${offset + length - 1}/${record.size}`);
  }
  // An empty stream rather than no payload: fastify then keeps our Content-Length on HEAD.
  if (request.method === 'HEAD' || length === 0) return Readable.from([]);
  const controller = new AbortController();
  reply.raw.once('close', () => controller.abort());
  const buffers = new ResponseBuffers(reply.raw);
  const content = files.read(record, { offset, length, signal: controller.signal, buffers });
  const iterator = content[Symbol.asyncIterator]();
  const first = await iterator.next();
  return buffers.sending(Readable.from(resume(first, iterator), { objectMode: false }));
}
