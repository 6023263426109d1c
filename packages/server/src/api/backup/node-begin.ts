import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';

export const backupNodeBegin = procedureFor(endpoints.backupNodeBegin).mutation(async ({ input, ctx }) =>
  ctx.app.backup.backupNode().begin(ctx.caller, input.body.bytes),
);
