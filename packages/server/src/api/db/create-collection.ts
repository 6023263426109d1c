import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';

export const createCollection = procedureFor(endpoints.createCollection).mutation(
  async ({ input: { body }, ctx }) =>
    ctx.app.database.createCollection(
      await ctx.vault(),
      body.name,
      body.is_encrypt
        ? { is_encrypt: true, encrypt_method: body.encrypt_method ?? '' }
        : { is_encrypt: false, encrypt_method: '' },
      { ifNotExists: body.if_not_exists ?? false },
    ),
);
