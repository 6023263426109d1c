/** PUT /api/v2/vault/db/collections/{name} — creates a collection, with the encrypted service's flags. */
import { hiveEndpoints } from '@cella/openapi';
import { procedureFor } from '../../procedures.js';

export const hiveCreateCollection = procedureFor(hiveEndpoints.hiveCreateCollection).mutation(
  async ({ input: { params, body }, ctx }) =>
    ctx.app.database.createCollection(await ctx.vault(), params.name, {
      is_encrypt: body?.is_encrypt === true,
      encrypt_method: body?.is_encrypt === true ? (body.encrypt_method ?? '') : '',
    }),
);
