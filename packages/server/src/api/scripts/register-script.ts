import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';

/** Registers or replaces one of the caller's scripts (their vault must not be frozen). */
export const registerScript = procedureFor(endpoints.registerScript).mutation(
  async ({ input: { params, body }, ctx }) => {
    return ctx.app.scripts.register(await ctx.vault(), params.script_name, body);
  },
);
