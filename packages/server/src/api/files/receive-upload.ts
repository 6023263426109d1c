/**
 * Streams a raw request body into a vault file through the files service (never buffered): the
 * declared Content-Length is passed on for the quota pre-check, and a client that goes away
 * before the end stops the add at once (api/streamed-body.ts). Shared by file uploads and script
 * upload transactions.
 */
import type { RequestContext } from '../request-context.js';
import { withStreamedBody } from '../streamed-body.js';
import type { UploadOptions } from '../../files/files-service.js';
import type { VaultSpace } from '../../vault/spaces.js';

export async function receiveUpload(
  ctx: RequestContext,
  vault: VaultSpace,
  path: string,
  flags: Pick<UploadOptions, 'public' | 'encryptMethod'> = {},
): Promise<{ name: string; cid: string; size: number }> {
  return withStreamedBody(ctx, 'upload', ({ body, declared, signal }) =>
    ctx.app.files.upload(vault, path, body, {
      ...flags,
      ...(declared !== undefined ? { declaredLength: declared } : {}),
      signal,
    }),
  );
}
