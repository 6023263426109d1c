import { endpoints } from '@cella/openapi';
import { jsonBatches, streamedList } from '../../streamed-list.js';
import type { OutputOf } from '../endpoint-types.js';
import { procedureFor } from '../procedures.js';

export const listReceipts = procedureFor(endpoints.listReceipts).query(async ({ input: { query }, ctx }) => {
  const skip = query.skip ?? 0;
  const receipts = ctx.app.payment.receiptBatches(ctx.caller.userDid, skip);
  return streamedList<OutputOf<'listReceipts'>>('receipts', jsonBatches(receipts), skip);
});
