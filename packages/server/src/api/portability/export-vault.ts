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
import { procedureFor } from '../procedures.js';

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
  // A few MiB buffered ahead of the socket, so the next blocks are read while the last are sent.
  return answerWith(
    reply,
    Readable.from(built.stream(), { objectMode: false, highWaterMark: 4 * 1024 * 1024 }),
  );
});
