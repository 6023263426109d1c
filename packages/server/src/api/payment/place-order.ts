import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';

export const placeOrder = procedureFor(endpoints.placeOrder).mutation(async ({ input: { body }, ctx }) =>
  ctx.app.payment.placeOrder(ctx.caller.userDid, body.subscription, body.pricing_name),
);
