/** PUT /api/v2/vault/db/collections/{name} — creates a collection, with the encrypted service's flags. */
import { hiveEndpoints } from '@cella/openapi';
import { invalid } from '../../../errors.js';
import { procedureFor } from '../../procedures.js';

export const hiveCreateCollection = procedureFor(hiveEndpoints.hiveCreateCollection).mutation(
  async ({ input: { params, body }, ctx }) => {
    const encrypted = body?.is_encrypt === true;
    if (!encrypted && body?.encrypt_method !== undefined)
      throw invalid('encrypt_method is only for encrypted collections (is_encrypt: true)');
    const { name } = await ctx.app.database.createCollection(await ctx.vault(), params.name, {
      is_encrypt: encrypted,
      encrypt_method: encrypted ? (body?.encrypt_method ?? '') : '',
    });
    return { name };
  },
);
