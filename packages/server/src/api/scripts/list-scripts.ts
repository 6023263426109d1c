import { endpoints } from '@cella/openapi';
import { jsonBatches, streamedList } from '../../streamed-list.js';
import type { OutputOf } from '../endpoint-types.js';
import { procedureFor } from '../procedures.js';

/** The caller's own scripts, by name; an empty list when there are none (the reference answers 404). */
export const listScripts = procedureFor(endpoints.listScripts).query(async ({ input: { query }, ctx }) => {
  const skip = query.skip ?? 0;
  const scripts = ctx.app.scripts.listBatches(await ctx.vault(), {
    ...(query.name !== undefined ? { name: query.name } : {}),
    ...(skip ? { skip } : {}),
    ...(query.limit !== undefined ? { limit: query.limit } : {}),
  });
  return streamedList<OutputOf<'listScripts'>>('scripts', jsonBatches(scripts), skip);
});
