/** Raw route: a small JSON body in, a CAR stream out (restores pull the backup with it). */
import { Readable } from 'node:stream';
import { endpoints, schemas } from '@cella/openapi';
import type { RawHandler } from '../../http/raw-routes.js';
import { invalid } from '../../errors.js';
import { readJsonBody } from '../../http/read-body.js';

export const backupNodeExportBlocks: RawHandler = async (request, reply, ctx) => {
  const parsed = schemas.backup.exportBlocksRequest.safeParse(
    await readJsonBody(request, endpoints.backupNodeExportBlocks.bodyLimit),
  );
  if (!parsed.success)
    throw invalid(
      `invalid body: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  const car = await ctx.app.backup
    .backupNode()
    .exportBlocks(ctx.caller, parsed.data.roots ?? [], parsed.data.cids ?? []);
  return reply
    .code(200)
    .type('application/vnd.ipld.car')
    .send(Readable.from(car, { objectMode: false }));
};
