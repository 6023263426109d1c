/**
 * GET /api/v2/provider/filled_orders — every settled order of this node (owner only), as the
 * receipts with the names SDK 2.9.14 reads (`user_did`, `pricing_name`, `ela_amount`,
 * `ela_address`) beside the reference's; none is 404/8.
 */
import { hiveEndpoints } from '@cella/openapi';
import { CellaError } from '../../../errors.js';
import { procedureFor } from '../../procedures.js';
import { assertNodeOwner } from './owner-only.js';

export const hiveProviderFilledOrders = procedureFor(hiveEndpoints.hiveProviderFilledOrders).query(
  async ({ ctx }) => {
    assertNodeOwner(ctx);
    const receipts = await ctx.app.payment.allReceipts();
    if (receipts.length === 0) throw new CellaError('RECEIPT_NOT_FOUND', 'no order was settled on this node');
    return {
      orders: receipts.map((r) => ({
        order_id: r.order_id,
        receipt_id: r.receipt_id,
        user_did: r.user_did,
        paid_did: r.paid_did,
        subscription: r.subscription,
        pricing_name: r.pricing_plan,
        pricing_plan: r.pricing_plan,
        ela_amount: r.payment_amount,
        payment_amount: r.payment_amount,
        ela_address: r.receiving_address,
        receiving_address: r.receiving_address,
        create_time: r.create_time,
        receipt_proof: r.receipt_proof,
      })),
    };
  },
);
