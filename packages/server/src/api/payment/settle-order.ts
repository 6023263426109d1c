import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';

export const settleOrder = procedureFor(endpoints.settleOrder).mutation(async ({ input: { body }, ctx }) =>
  ctx.app.payment.settle(ctx.caller.userDid, body.order_id),
);
