import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';

export const backupNodeState = procedureFor(endpoints.backupNodeState).query(async ({ ctx }) =>
  ctx.app.backup.backupNode().state(ctx.caller),
);
