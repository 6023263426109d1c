import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';

export const backupNodeAbort = procedureFor(endpoints.backupNodeAbort).mutation(async ({ input, ctx }) => {
  await ctx.app.backup.backupNode().abort(ctx.caller, input.query.attempt_id);
});
