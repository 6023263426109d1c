import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';

export const backupState = procedureFor(endpoints.backupState).query(async ({ ctx }) =>
  ctx.app.backup.state(ctx.caller.userDid),
);
