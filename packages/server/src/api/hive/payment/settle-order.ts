/** POST /api/v2/payment/order/{order_id} — settles the on-chain order (the primary table's settle). */
import { hiveEndpoints } from '@cella/openapi';
import { procedureFor } from '../../procedures.js';

export const hiveSettleOrder = procedureFor(hiveEndpoints.hiveSettleOrder).mutation(
  async ({ input: { params }, ctx }) => ctx.app.payment.settle(ctx.caller.userDid, params.order_id),
);
