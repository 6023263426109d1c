/**
 * PUT /api/v2/vault/moved — the last step of a move: the caller's vault, imported elsewhere and
 * compared, becomes read-only here, its writes answered with the new node's URL (docs/portability.md).
 */
import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';

export const markVaultMoved = procedureFor(endpoints.markVaultMoved).mutation(
  async ({ input: { body }, ctx }) => {
    const record = await ctx.app.portability.markMoved(ctx.caller.userDid, body.to, body.export);
    return { moved_to: body.to, export: body.export, moved_at: record.updated };
  },
);
