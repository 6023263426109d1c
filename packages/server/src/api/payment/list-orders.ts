import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';

export const listOrders = procedureFor(endpoints.listOrders).query(async ({ ctx }) =>
  ctx.app.payment.listOrders(ctx.caller.userDid),
);
