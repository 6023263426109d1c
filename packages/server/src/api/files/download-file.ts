/**
 * GET/HEAD /api/v2/vault/files/{path} — the file's bytes streamed from the BlockStore at the
 * client's pace (constant memory), with `ETag` = the CID, `If-None-Match` (304), single byte
 * ranges (206, `Content-Range`; 416 when out of bounds) and `If-Range`.
 * (Listing and properties under the same path are JSON: see list-or-properties.ts.)
 */
import { Readable } from 'node:stream';
import { CellaError } from '../../errors.js';
import type { RawHandler } from '../../http/raw-routes.js';
import { callerVault } from '../db/vault-of.js';
import { etagOf, noneMatch, parseRange, rangeStillValid } from './http-range.js';

/** Yields an already-read first result, then the rest of the iterator. */
async function* resume(
  first: IteratorResult<Uint8Array>,
  rest: AsyncIterator<Uint8Array>,
): AsyncGenerator<Uint8Array> {
  if (first.done) return;
  yield first.value;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}

export const downloadFile: RawHandler = async (request, reply, ctx, { path = '' }) => {
  const vault = await callerVault(ctx);
  const files = ctx.app.files;
  const record = await files.file(vault, path);
  const etag = etagOf(record.cid);
  reply
    .header('etag', etag)
    .header('accept-ranges', 'bytes')
    .header('last-modified', new Date(record.modified * 1000).toUTCString())
    .header('cache-control', 'private, no-cache');
  if (noneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();

  const ifRange = request.headers['if-range'];
  const range = rangeStillValid(typeof ifRange === 'string' ? ifRange : undefined, etag)
    ? parseRange(request.headers.range, record.size)
    : ({ kind: 'full' } as const);
  if (range.kind === 'unsatisfiable') {
    reply.header('content-range', `bytes */${record.size}`);
    throw new CellaError(
      'RANGE_NOT_SATISFIABLE',
      `the range "${request.headers.range}" lies outside the file (${record.size} bytes)`,
    );
  }
  const offset = range.kind === 'partial' ? range.offset : 0;
  const length = range.kind === 'partial' ? range.length : record.size;
  reply.type('application/octet-stream').header('content-length', String(length));
  if (range.kind === 'partial') {
    reply.code(206).header('content-range', `bytes ${offset}-${offset + length - 1}/${record.size}`);
  }
  // An empty stream rather than no payload: fastify then keeps our Content-Length on HEAD.
  if (request.method === 'HEAD' || length === 0) return reply.send(Readable.from([]));

  const controller = new AbortController();
  reply.raw.once('close', () => controller.abort());
  const iterator = files.read(record, { offset, length, signal: controller.signal })[Symbol.asyncIterator]();
  // Read the first piece before the headers go out: unreadable content is then a clean error
  // response instead of a cut connection.
  const first = await iterator.next();
  return reply.send(Readable.from(resume(first, iterator), { objectMode: false }));
};
