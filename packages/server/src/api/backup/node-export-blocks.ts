/** A small JSON body in, a CAR stream out (restores pull the backup with it). */
import { Readable } from 'node:stream';
import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';

export const backupNodeExportBlocks = procedureFor(endpoints.backupNodeExportBlocks).mutation(
  async ({ input: { body }, ctx }) => {
    const car = await ctx.app.backup.backupNode().exportBlocks(ctx.caller, body.roots ?? [], body.cids ?? []);
    return ctx.http.reply
      .code(200)
      .type('application/vnd.ipld.car')
      .send(Readable.from(car, { objectMode: false }));
  },
);
