import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';

/** The caller's own scripts, by name; an empty list when there are none (the reference answers 404). */
export const listScripts = procedureFor(endpoints.listScripts).query(async ({ input: { query }, ctx }) => {
  return ctx.app.scripts.list(await ctx.vault(), {
    ...(query.name !== undefined ? { name: query.name } : {}),
    ...(query.skip !== undefined ? { skip: query.skip } : {}),
    ...(query.limit !== undefined ? { limit: query.limit } : {}),
  });
});
