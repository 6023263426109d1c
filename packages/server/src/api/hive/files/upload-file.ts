/**
 * PUT /api/v2/vault/files/{path}?public=&is_encrypt=&encrypt_method= — the upload of the primary
 * table (streamed, quota checked before and while the bytes flow) with the reference's flags:
 * `public` lets anyone download the file, the encryption flags are stored as the client sent them.
 */
import { hiveEndpoints } from '@cella/openapi';
import { invalid } from '../../../errors.js';
import { receiveUpload } from '../../files/receive-upload.js';
import { procedureFor } from '../../procedures.js';
import { refuseRootWrite } from '../../files/file-path-required.js';

export const hiveUploadFile = procedureFor(hiveEndpoints.hiveUploadFile).mutation(
  async ({ input: { params, query }, ctx }) => {
    refuseRootWrite(ctx, params.path);
    if (query.is_encrypt === true && query.encrypt_method === undefined)
      throw invalid('is_encrypt=true needs encrypt_method');
    if (query.is_encrypt !== true && query.encrypt_method !== undefined)
      throw invalid('encrypt_method is only for encrypted content (is_encrypt=true)');
    return receiveUpload(ctx, await ctx.vault(), params.path, {
      public: query.public === true,
      ...(query.is_encrypt === true ? { encryptMethod: query.encrypt_method! } : {}),
    });
  },
);
