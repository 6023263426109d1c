/**
 * PUT /api/v2/vault/files/{path} — the raw body streamed into the BlockStore (never buffered).
 * Quota: the declared Content-Length is checked before the first byte, the stream is cut at the
 * first byte past the room left, and the final size is charged atomically with the metadata.
 * A refused or interrupted upload stores nothing visible.
 */
import { endpoints } from '@cella/openapi';
import { sendResult } from '../../http/json-routes.js';
import type { RawHandler } from '../../http/raw-routes.js';
import { callerVault } from '../db/vault-of.js';
import { receiveUpload } from './receive-upload.js';

export const uploadFile: RawHandler = async (request, reply, ctx, { path = '' }) => {
  const vault = await callerVault(ctx);
  const result = await receiveUpload(request, reply, ctx, vault, path);
  return sendResult(reply, endpoints.uploadFile, result);
};
