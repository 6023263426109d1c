import { endpoints } from '@cella/openapi';
import { jsonText } from '../../json-text.js';
import type { OutputOf } from '../endpoint-types.js';
import { procedureFor } from '../procedures.js';
import { findAnswer } from './find-answer.js';

// One meaning in both dialects; the answer carries the reference's encryption flags.
export const findDocuments = procedureFor(endpoints.findDocuments).query(
  async ({ input: { params, query }, ctx }) => {
    const text = await findAnswer(ctx.app.database, await ctx.vault(), params.collection, {
      ...(query.filter ? { filter: query.filter } : {}),
      ...(query.skip !== undefined ? { skip: query.skip } : {}),
      ...(query.limit !== undefined ? { limit: query.limit } : {}),
      ...(query.sort ? { sort: query.sort } : {}),
      ...(query.projection ? { projection: query.projection } : {}),
    });
    return jsonText<OutputOf<'findDocuments'>>(text);
  },
);
