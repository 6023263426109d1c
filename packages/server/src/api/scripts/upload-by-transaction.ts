/**
 * PUT /api/v2/vault/scripting/stream/{transaction_id} — the bytes of a `fileUpload` transaction,
 * streamed into the TARGET vault at the path the script fixed, through the files service (quota
 * checked before and while the bytes flow, nothing visible until complete). The transaction is
 * used up by a successful upload; a refused or interrupted one gives it back for a retry.
 */
import { endpoints } from '@cella/openapi';
import { CellaError } from '../../errors.js';
import { sendResult } from '../../http/json-routes.js';
import type { RawHandler } from '../../http/raw-routes.js';

function declaredLength(header: string | undefined): number | undefined {
  if (header === undefined) return undefined;
  const n = Number(header);
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

export const uploadByTransaction: RawHandler = async (request, reply, ctx, { transaction_id: id = '' }) => {
  if (ctx.authError) throw ctx.authError;
  const { transaction, vault } = await ctx.app.scripts.claimTransaction(id, 'upload', ctx.caller);
  const body = request.raw;
  const controller = new AbortController();
  const onClose = () => {
    if (!body.complete)
      controller.abort(new CellaError('BAD_REQUEST', 'the upload was interrupted before its end'));
  };
  body.once('close', onClose);
  try {
    const declared = declaredLength(request.headers['content-length']);
    const result = await ctx.app.files.upload(vault, transaction.path, body, {
      ...(declared !== undefined ? { declaredLength: declared } : {}),
      signal: controller.signal,
    });
    return sendResult(reply, endpoints.uploadByTransaction, result);
  } catch (error) {
    await ctx.app.scripts.release(transaction);
    if (!body.complete) reply.header('connection', 'close');
    throw error;
  } finally {
    body.off('close', onClose);
  }
};
