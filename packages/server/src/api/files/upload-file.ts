/**
 * PUT /api/v2/vault/files/{path} — the raw body streamed into the BlockStore (never buffered).
 * Quota: the declared Content-Length is checked before the first byte, the stream is cut at the
 * first byte past the room left, and the final size is charged atomically with the metadata.
 * A refused or interrupted upload stores nothing visible.
 */
import { endpoints } from '@cella/openapi';
import { CellaError } from '../../errors.js';
import { sendResult } from '../../http/json-routes.js';
import type { RawHandler } from '../../http/raw-routes.js';
import { callerVault } from '../db/vault-of.js';

function declaredLength(header: string | undefined): number | undefined {
  if (header === undefined) return undefined;
  const n = Number(header);
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

export const uploadFile: RawHandler = async (request, reply, ctx, { path = '' }) => {
  const vault = await callerVault(ctx);
  const controller = new AbortController();
  const body = request.raw;
  // The client went away before the body was complete: stop the add at once (the kubo engine
  // would otherwise keep its request to the daemon open).
  const onClose = () => {
    if (!body.complete)
      controller.abort(new CellaError('BAD_REQUEST', 'the upload was interrupted before its end'));
  };
  body.once('close', onClose);
  try {
    const declared = declaredLength(request.headers['content-length']);
    const result = await ctx.app.files.upload(vault, path, body, {
      ...(declared !== undefined ? { declaredLength: declared } : {}),
      signal: controller.signal,
    });
    return sendResult(reply, endpoints.uploadFile, result);
  } catch (error) {
    if (body.complete) throw error;
    // Refused before or while the body streamed: answer now and close the connection rather
    // than read (or keep) the rest of a body nobody will store.
    reply.header('connection', 'close');
    // A client that went away is not a server fault (no 500 in the log for it).
    if (error instanceof CellaError || !(controller.signal.aborted || body.destroyed)) throw error;
    throw new CellaError('BAD_REQUEST', 'the upload was interrupted before its end', { cause: error });
  } finally {
    body.off('close', onClose);
  }
};
