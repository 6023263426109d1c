/** A small JSON body in, a CAR stream out (restores pull the backup with it). */
import { Readable } from 'node:stream';
import { endpoints } from '@cella/openapi';
import { answerWith } from '../answered.js';
import { procedureFor } from '../procedures.js';

export const backupNodeExportBlocks = procedureFor(endpoints.backupNodeExportBlocks).mutation(
  async ({ input: { body }, ctx }) => {
    const car = await ctx.app.backup.backupNode().exportBlocks(ctx.caller, body.roots ?? [], body.cids ?? []);
    const reply = ctx.http.reply.code(200).type('application/vnd.ipld.car');
    return answerWith(reply, Readable.from(car, { objectMode: false }));
  },
);
