/**
 * PUT /api/v2/vault/scripting/stream/{transaction_id} — the bytes of a `fileUpload` transaction,
 * streamed into the TARGET vault at the path the script fixed, through the files service (quota
 * checked before and while the bytes flow, nothing visible until complete). The transaction is
 * used up by a successful upload; a refused or interrupted one gives it back for a retry.
 */
import { endpoints } from '@cella/openapi';
import { receiveUpload } from '../files/receive-upload.js';
import { procedureFor } from '../procedures.js';

export const uploadByTransaction = procedureFor(endpoints.uploadByTransaction).mutation(
  async ({ input: { params }, ctx }) => {
    const { transaction, vault } = await ctx.app.scripts.claimTransaction(
      params.transaction_id,
      'upload',
      ctx.caller,
    );
    try {
      return await receiveUpload(ctx, vault, transaction.path);
    } catch (error) {
      await ctx.app.scripts.release(transaction);
      throw error;
    }
  },
);
