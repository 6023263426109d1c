import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';

export const backupNodeCommit = procedureFor(endpoints.backupNodeCommit).mutation(async ({ input, ctx }) =>
  ctx.app.backup
    .backupNode()
    .commit(ctx.caller, input.body.attempt_id, input.body.manifest, input.body.manifest_hash),
);
