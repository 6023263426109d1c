import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';

export const backupNodeManifest = procedureFor(endpoints.backupNodeManifest).query(async ({ ctx }) =>
  ctx.app.backup.backupNode().manifest(ctx.caller),
);
