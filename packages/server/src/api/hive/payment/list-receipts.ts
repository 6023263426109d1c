/**
 * GET /api/v2/payment/receipt — the caller's receipts, filtered by the contract's `order_id` (query
 * or JSON body); none is 404 (internal_code 8).
 */
import { hiveEndpoints } from '@cella/openapi';
import { CellaError, invalid } from '../../../errors.js';
import { procedureFor } from '../../procedures.js';

export const hiveListReceipts = procedureFor(hiveEndpoints.hiveListReceipts).query(
  async ({ input: { query, body }, ctx }) => {
    if (query.order_id !== undefined && body?.order_id !== undefined && query.order_id !== body.order_id)
      throw invalid('order_id differs between the query and the body');
    const orderId = query.order_id ?? body?.order_id;
    const { receipts } = await ctx.app.payment.listReceipts(ctx.caller.userDid);
    const matching = receipts.filter((r) => orderId === undefined || r.order_id === orderId);
    if (matching.length === 0) throw new CellaError('RECEIPT_NOT_FOUND', 'no receipt of yours matches');
    return { receipts: matching };
  },
);
