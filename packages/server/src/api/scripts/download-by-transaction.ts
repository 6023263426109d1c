/**
 * GET /api/v2/vault/scripting/stream/{transaction_id} — the bytes of a `fileDownload` transaction,
 * streamed from the TARGET vault's file at the path the script fixed, with `ETag` (the CID) and a
 * single byte range (206) like a plain download. The transaction is used up once the response
 * starts; a failure before that (missing file, bad range) gives it back.
 */
import { Readable } from 'node:stream';
import { CellaError } from '../../errors.js';
import type { RawHandler } from '../../http/raw-routes.js';
import { etagOf, parseRange } from '../files/http-range.js';

async function* resume(
  first: IteratorResult<Uint8Array>,
  rest: AsyncIterator<Uint8Array>,
): AsyncGenerator<Uint8Array> {
  if (first.done) return;
  yield first.value;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}

export const downloadByTransaction: RawHandler = async (request, reply, ctx, { transaction_id: id = '' }) => {
  if (ctx.authError) throw ctx.authError;
  const { transaction, vault } = await ctx.app.scripts.claimTransaction(id, 'download', ctx.caller);
  const files = ctx.app.files;
  let body: Readable | undefined;
  try {
    const record = await files.file(vault, transaction.path);
    const range = parseRange(request.headers.range, record.size);
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
      .header('cache-control', 'private, no-store')
      .header('content-length', String(length));
    if (range.kind === 'partial')
      reply.code(206).header('content-range', `bytes ${offset}-${offset + length - 1}/${record.size}`);
    if (length > 0) {
      const controller = new AbortController();
      reply.raw.once('close', () => controller.abort());
      const content = files.read(record, { offset, length, signal: controller.signal });
      const iterator = content[Symbol.asyncIterator]();
      // The first piece is read before the headers go out, so unreadable content is a clean error.
      const first = await iterator.next();
      body = Readable.from(resume(first, iterator), { objectMode: false });
    }
  } catch (error) {
    await ctx.app.scripts.release(transaction);
    throw error;
  }
  return body ? reply.send(body) : reply.send();
};
