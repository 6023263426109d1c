import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';

/** Removes one of the caller's scripts; 404 (internal code 3) when there is none of that name. */
export const unregisterScript = procedureFor(endpoints.unregisterScript).mutation(
  async ({ input: { params }, ctx }) => {
    await ctx.app.scripts.remove(await ctx.vault(), params.script_name);
  },
);
