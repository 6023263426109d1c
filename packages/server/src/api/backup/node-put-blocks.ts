/** Raw route: the request body is a CAR stream (optionally gzip), piped into the backup store. */
import { schemas } from '@cella/openapi';
import type { RawHandler } from '../../http/raw-routes.js';
import { invalid } from '../../errors.js';

export const backupNodePutBlocks: RawHandler = async (request, reply, ctx) => {
  const query = schemas.backup.attemptQuery.safeParse(request.query ?? {});
  if (!query.success) throw invalid('attempt_id is required');
  const encoding = request.headers['content-encoding'];
  const result = await ctx.app.backup
    .backupNode()
    .putBlocks(
      ctx.caller,
      query.data.attempt_id,
      request.raw,
      typeof encoding === 'string' ? encoding.toLowerCase() : undefined,
    );
  return reply.code(200).type('application/json; charset=utf-8').send(JSON.stringify(result));
};
