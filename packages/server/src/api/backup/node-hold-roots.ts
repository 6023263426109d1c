import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';

export const backupNodeHoldRoots = procedureFor(endpoints.backupNodeHoldRoots).mutation(
  async ({ input, ctx }) =>
    ctx.app.backup.backupNode().holdRoots(ctx.caller, input.body.attempt_id, input.body.cids),
);
