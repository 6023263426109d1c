import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';

export const backupNodeMissingBlocks = procedureFor(endpoints.backupNodeMissingBlocks).mutation(
  async ({ input, ctx }) => ctx.app.backup.backupNode().missingBlocks(ctx.caller, input.body.cids),
);
