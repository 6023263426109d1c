/**
 * GET /api/v2/vault/import — what the caller's vault content was imported from, and whether it
 * was written since: a mover's first question (docs/portability.md, "Move").
 */
import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';

export const vaultImportState = procedureFor(endpoints.vaultImportState).query(async ({ ctx }) =>
  ctx.app.vaultImport.state(ctx.caller.userDid),
);
