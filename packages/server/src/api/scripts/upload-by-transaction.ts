/**
 * PUT /api/v2/vault/scripting/stream/{transaction_id} — the bytes of a `fileUpload` transaction,
 * streamed into the TARGET vault at the path the script fixed, through the files service (quota
 * checked before and while the bytes flow, nothing visible until complete). The transaction is
 * used up by a successful upload; a refused or interrupted one gives it back for a retry.
 */
import { endpoints } from '@cella/openapi';
import { sendResult } from '../../http/json-routes.js';
import type { RawHandler } from '../../http/raw-routes.js';
import { receiveUpload } from '../files/receive-upload.js';

export const uploadByTransaction: RawHandler = async (request, reply, ctx, { transaction_id: id = '' }) => {
  if (ctx.authError) throw ctx.authError;
  const { transaction, vault } = await ctx.app.scripts.claimTransaction(id, 'upload', ctx.caller);
  try {
    const result = await receiveUpload(request, reply, ctx, vault, transaction.path);
    return sendResult(reply, endpoints.uploadByTransaction, result);
  } catch (error) {
    await ctx.app.scripts.release(transaction);
    throw error;
  }
};
