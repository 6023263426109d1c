/**
 * PUT /api/v2/vault/files/{path} — the raw body streamed into the BlockStore (never buffered).
 * Quota: the declared Content-Length is checked before the first byte, the stream is cut at the
 * first byte past the room left, and the final size is charged atomically with the metadata.
 * A refused or interrupted upload stores nothing visible.
 */
import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';
import { receiveUpload } from './receive-upload.js';
import { refuseRootWrite } from './file-path-required.js';

export const uploadFile = procedureFor(endpoints.uploadFile).mutation(async ({ input: { params }, ctx }) => {
  refuseRootWrite(ctx, params.path);
  return receiveUpload(ctx, await ctx.vault(), params.path);
});
