/** The request body is a CAR stream (optionally gzip), piped into the backup store. */
import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';

export const backupNodePutBlocks = procedureFor(endpoints.backupNodePutBlocks).mutation(
  async ({ input: { query }, ctx }) => {
    const { request } = ctx.http;
    const encoding = request.headers['content-encoding'];
    const received = await ctx.app.backup
      .backupNode()
      .putBlocks(
        ctx.caller,
        query.attempt_id,
        request.raw,
        typeof encoding === 'string' ? encoding.toLowerCase() : undefined,
      );
    ctx.app.metrics.backupBytesReceived(received.bytes);
    return received;
  },
);
