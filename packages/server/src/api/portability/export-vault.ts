/**
 * GET/HEAD /api/v2/vault/export — the caller's whole vault as one signed CAR (docs/portability.md);
 * with `?since=`, an incremental one (its base in `X-Cella-Export-Base`).
 * The export is built and measured first, so the answer's size and root go out before its bytes;
 * then the CAR streams at the client's pace. Its slot and spool file are freed when the answer
 * ends, however it ends (sent, cut by the client, HEAD).
 */
import { Readable } from 'node:stream';
import { endpoints } from '@cella/openapi';
import { answerWith } from '../answered.js';
import { ResponseBuffers } from '../files/response-buffers.js';
import { procedureFor } from '../procedures.js';

const BODY_BUFFER_BYTES = 4 * 1024 * 1024;
/** Read buffers of one export: the 8 blocks read ahead, ~4 the body holds, 4 being written or spare. */
const EXPORT_BUFFERS = 16;

export const exportVault = procedureFor(endpoints.exportVault).query(async ({ input: { query }, ctx }) => {
  const { request, reply } = ctx.http;
  const built = await ctx.app.portability.exportVault(ctx.caller.userDid, query.since);
  if (built.base !== null) reply.header('x-cella-export-base', built.base);
  reply
    .type('application/vnd.ipld.car')
    .header('content-length', String(built.size))
    .header('etag', `"${built.id}"`)
    .header('x-cella-export-root', built.id)
    .header('x-cella-export-content', built.content)
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename="vault-${built.id}.car"`);
  if (request.method === 'HEAD') {
    await built.close();
    return answerWith(reply, Readable.from([]));
  }
  reply.raw.once('close', () => void built.close());
  // File blocks are read into a few buffers reused once the response has sent them (no 1 MiB
  // allocation per block for V8 to collect): as many as the blocks read ahead, those the body
  // buffers and those the response is writing.
  const buffers = new ResponseBuffers(reply.raw, EXPORT_BUFFERS);
  // A few MiB buffered ahead of the socket, so the next blocks are read while the last are sent.
  return answerWith(
    reply,
    buffers.sending(
      Readable.from(built.stream(buffers), { objectMode: false, highWaterMark: BODY_BUFFER_BYTES }),
    ),
  );
});
